/**
 * An export that holds one source's series at a time: a discovery made with `metrics: []` (identities,
 * groups, configuration, no series) and withSeries reading each source again as it is written give the
 * same file, byte for byte, as exporting every run read whole.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverRuns, exportCsv, exportParquet, type Run, withSeries } from '../src/index.js';
import { tempDir } from './helpers.js';

const root = tempDir('export-stream');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Ray Tune trials (params.json and progress.csv, one with a torn last line) and a long table of seeds. */
function folder(): string {
  const dir = join(root, 'runs');
  for (const [i, lr] of [0.001, 0.0003, 0.001, 0.0003].entries()) {
    const trial = join(dir, 'sweep', `trial_lr=${lr}_seed=${i}`);
    mkdirSync(trial, { recursive: true });
    writeFileSync(join(trial, 'params.json'), JSON.stringify({ lr, seed: i, gamma: 0.99 }));
    const rows = Array.from({ length: 50 }, (_, k) => `${k * 400},${(k * lr + i) / 3},${1 / (k + 1)},host`);
    const torn = i === 3 ? '20400,0.5' : '';
    writeFileSync(
      join(trial, 'progress.csv'),
      `timesteps_total,episode_reward_mean,policy_loss,hostname\n${rows.join('\n')}\n${torn}`,
    );
  }
  const long = [
    'seed,step,reward,loss',
    ...Array.from({ length: 30 }, (_, k) => `${k % 3},${k},${k / 2},${k % 5}`),
  ];
  writeFileSync(join(dir, 'results.csv'), `${long.join('\n')}\n`);
  return dir;
}

describe('withSeries', () => {
  const dir = folder();

  it('gives each run of a series-less discovery with its series, in order, as discovered', async () => {
    const whole = await discoverRuns(dir);
    const bare = await discoverRuns(dir, { metrics: [] });
    expect(bare.runs.every((run) => run.series.length === 0)).toBe(true);
    const again: Run[] = [];
    for await (const run of withSeries(bare)) again.push(run);
    // the torn line's message says how long ago the file was written: two reads may fall in two seconds
    const shape = (runs: Run[]) =>
      runs.map((r) => ({
        ...r,
        issues: r.issues.map((issue) => issue.replace(/modified \d+ (s|min) ago/, 'modified … ago')),
        series: r.series.map((s) => ({ ...s, steps: [...s.steps], values: [...s.values] })),
      }));
    expect(shape(again)).toEqual(shape(whole.runs));
    expect(again.map((r) => r.group)).toEqual(whole.runs.map((r) => r.group));
  });

  it('exports byte for byte what exporting every run read whole exports, Parquet and CSV', async () => {
    const whole = await discoverRuns(dir);
    const bare = await discoverRuns(dir, { metrics: [] });
    const streamed = { runs: bare.runs, withSeries: () => withSeries(bare) };
    for (const [write, ext] of [
      [exportParquet, 'parquet'],
      [exportCsv, 'csv'],
    ] as const) {
      const a = join(root, `whole.${ext}`);
      const b = join(root, `streamed.${ext}`);
      const first = await write(whole.runs, a);
      const second = await write(streamed, b);
      expect(second).toEqual(first);
      expect(readFileSync(b).equals(readFileSync(a))).toBe(true);
    }
  });

  it('refuses runs that come in another order than the list says', async () => {
    const bare = await discoverRuns(dir, { metrics: [] });
    const reversed = {
      runs: bare.runs,
      async *withSeries() {
        yield* [...bare.runs].reverse();
      },
    };
    await expect(exportCsv(reversed, join(root, 'never.csv'))).rejects.toThrow('export: run 1 read as');
    expect(existsSync(join(root, 'never.csv'))).toBe(false);
    expect(readdirSync(root).filter((name) => name.includes('never'))).toEqual([]);
  });
});
