/**
 * What a discovery holds once its runs are read: their kept series and names, never their files' text.
 * V8 makes a slice of a long string a view into it, so a column name cut from a file (or from the
 * first 64 KiB a recogniser looked at) kept the whole text alive as long as the run lived. Measured in
 * a child with --expose-gc: 240 Ray Tune trials of a 180 KB progress.csv (43 MB of text), `metrics: []`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { runChild } from '../../../scripts/child.js';
import { tempDir } from './helpers.js';

const root = tempDir('memory');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const RUNS = 240;
const METRICS = ['episode_reward_mean', 'policy_loss', 'vf_explained_var', 'entropy_coeff', 'cur_kl_coeff'];

it('holds no file text through the names of the runs it reads', () => {
  const row = (i: number) => [i * 400, ...METRICS.map((_, k) => ((i * (k + 3)) % 97) / 7)].join(',');
  const text = `timesteps_total,${METRICS.join(',')}\n${Array.from({ length: 3000 }, (_, i) => row(i)).join('\n')}\n`;
  // Ray Tune trials, as its CSV logger writes them, beside their params.json
  for (let r = 0; r < RUNS; r++) {
    const dir = join(root, 'sweep', `trial_lr=${[1e-3, 3e-4][r % 2]}_seed=${r >> 1}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'params.json'), JSON.stringify({ lr: [1e-3, 3e-4][r % 2], seed: r >> 1 }));
    writeFileSync(join(dir, 'progress.csv'), text);
  }
  const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
  // the most the heap holds while the runs are read, each time after a full collection
  const script = `
    const { discoverRuns } = await import(${JSON.stringify(entry)});
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    let most = 0;
    const watch = setInterval(() => {
      globalThis.gc();
      most = Math.max(most, process.memoryUsage().heapUsed - before);
    }, 20);
    const found = await discoverRuns(${JSON.stringify(join(root, 'sweep'))}, { metrics: [] });
    clearInterval(watch);
    console.log(JSON.stringify({ runs: found.runs.length, most }));`;
  const child = runChild(process.execPath, [
    '--expose-gc',
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    script,
  ]);
  expect(child.stderr).toBe('');
  const { runs, most } = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}');
  expect(runs).toBe(RUNS);
  // ${RUNS} files of ${text.length} characters were read, 8 at a time: the heap never holds them all
  expect(text.length * RUNS).toBeGreaterThan(40e6);
  expect(most).toBeLessThan(15e6);
});
