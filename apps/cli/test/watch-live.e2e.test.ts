// `evidence watch` keeps an open report page current: beside report/index.html it rewrites report-data.js,
// which the page re-loads while open from disk.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, finished, requireBuiltBin, runCli, startCli, waitForOutput } from './helpers.js';

beforeAll(requireBuiltBin);

/** The last training step in the live data file (what an open page would now draw), or null. */
function lastLiveStep(dir: string): number | null {
  const file = join(dir, 'report', 'report-data.js');
  if (!existsSync(file)) return null;
  let payload: { charts: Record<string, { panels: { series: { x: number[] }[] }[] }> } | undefined;
  runInNewContext(readFileSync(file, 'utf8'), {
    evidenceLiveData: (value: typeof payload) => (payload = value),
  });
  const x = payload?.charts.trainingCurve?.panels[0]?.series[0]?.x;
  return x?.length ? (x[x.length - 1] as number) : null;
}

describe('evidence watch keeps the report page current', () => {
  it('rewrites report-data.js beside index.html when the training log grows', async () => {
    const dir = copyFixture();
    expect((await runCli(['report', dir])).code).toBe(0);
    const child = startCli(['watch', dir, '--debounce', '100']);
    await waitForOutput(child, (out) => out.stderr.includes('watching'));
    expect(lastLiveStep(dir)).toBe(300);
    appendFileSync(join(dir, 'training_log.csv'), '301,3.01,0.1,1.5,0.2,0.01,0.5,1e-6,600\n');
    await expect.poll(() => lastLiveStep(dir), { timeout: 240_000, interval: 200 }).toBe(301);
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });

  it('writes no live data into a folder that has no page', async () => {
    const dir = copyFixture();
    const child = startCli(['watch', dir, '--debounce', '100']);
    await waitForOutput(child, (out) => out.stderr.includes('watching'));
    expect(existsSync(join(dir, 'report', 'report-data.js'))).toBe(false);
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });
});
