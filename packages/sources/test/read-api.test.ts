/**
 * Reading on demand: discoverRuns keeps only the metrics asked for and downsamples while it reads; a
 * table's dense columns share their x; a long table's runs are gathered from columns typed once.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverRuns, runColumns } from '../src/index.js';
import { tempDir } from './helpers.js';

const root = tempDir('read-api');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** SB3's logger progress.csv as its CSVOutputFormat writes it (keys sorted, one row per dump). */
function sweep(name: string, rows: number): string {
  const dir = join(root, name);
  for (const seed of [1, 2]) {
    mkdirSync(join(dir, `PPO_${seed}`), { recursive: true });
    const lines = ['rollout/ep_rew_mean,time/fps,time/total_timesteps,train/loss'];
    for (let i = 1; i <= rows; i++) lines.push(`${i * seed},${100 + i},${i * 2048},${1 / i}`);
    writeFileSync(join(dir, `PPO_${seed}`, 'progress.csv'), `${lines.join('\n')}\n`);
  }
  return dir;
}

describe('discoverRuns: only the metrics asked for', () => {
  it('keeps the named metrics of each run, with its x, y and roles as read in full', async () => {
    const dir = sweep('named', 5);
    const full = await discoverRuns(dir);
    const cut = await discoverRuns(dir, { metrics: ['train/loss'] });
    expect(cut.runs.map((r) => r.series.map((s) => s.metric))).toEqual([['train/loss'], ['train/loss']]);
    expect(cut.runs.map((r) => [r.x, r.y, r.id])).toEqual(full.runs.map((r) => [r.x, r.y, r.id]));
    expect(cut.summary).toBe(full.summary);
    const loss = (d: typeof full) => d.runs[1]?.series.find((s) => s.metric === 'train/loss');
    expect(Array.from(loss(cut)?.values ?? [])).toEqual(Array.from(loss(full)?.values ?? []));
  });

  it('a selection by function sees each run’s names, x and y: keeping y alone', async () => {
    const dir = sweep('by-role', 4);
    const seen: unknown[] = [];
    const { runs, skipped } = await discoverRuns(dir, {
      metrics: (run) => {
        seen.push(run);
        return run.y ? [run.y] : [];
      },
    });
    expect(seen[0]).toEqual({
      metrics: ['rollout/ep_rew_mean', 'time/fps', 'train/loss'],
      x: 'time/total_timesteps',
      y: 'rollout/ep_rew_mean',
    });
    expect(runs.map((r) => r.series.map((s) => s.metric))).toEqual([
      ['rollout/ep_rew_mean'],
      ['rollout/ep_rew_mean'],
    ]);
    expect(skipped).toEqual([]);
  });

  it('a run none of whose metrics is asked for stays a run (it logged values), with no series', async () => {
    const dir = sweep('none-kept', 3);
    const { runs, skipped } = await discoverRuns(dir, { metrics: ['no such metric'] });
    expect(runs.map((r) => r.series.length)).toEqual([0, 0]);
    expect(skipped).toEqual([]);
  });
});

describe('discoverRuns: downsample', () => {
  it('keeps at most n points per series, evenly by index, the first and the last among them', async () => {
    const dir = sweep('downsample', 1001);
    const { runs } = await discoverRuns(dir, { downsample: 11 });
    const loss = runs[0]?.series.find((s) => s.metric === 'train/loss');
    expect(Array.from(loss?.steps ?? [])).toEqual(Array.from({ length: 11 }, (_, i) => (1 + i * 100) * 2048));
    expect(Array.from(loss?.values ?? [])).toEqual(Array.from({ length: 11 }, (_, i) => 1 / (1 + i * 100)));
    expect(Array.from(loss?.rows ?? [])).toEqual(Array.from({ length: 11 }, (_, i) => i * 100));
    const short = await discoverRuns(sweep('short', 5), { downsample: 11 });
    expect(short.runs[0]?.series[0]?.values.length).toBe(5);
  });

  it('refuses a downsample that cannot keep a first and a last point, before reading', async () => {
    await expect(discoverRuns(join(root, 'missing'), { downsample: 1 })).rejects.toThrow(
      'downsample: expected a whole number ≥ 2, got 1',
    );
  });
});

describe('series of one table', () => {
  it('dense columns share one x, wall time and rows array; a column with gaps has its own', async () => {
    const dir = join(root, 'gaps');
    mkdirSync(dir);
    writeFileSync(join(dir, 'metrics.csv'), 'step,a,b,c\n0,1,,5\n1,2,3,6\n2,3,,7\n3,4,8,\n');
    const run = (await discoverRuns(dir)).runs[0];
    const [a, b, c] = ['a', 'b', 'c'].map((m) => run?.series.find((s) => s.metric === m));
    expect(Array.from(b?.steps ?? [])).toEqual([1, 3]);
    expect(b?.steps).not.toBe(a?.steps);
    expect(Array.from(a?.steps ?? [])).toEqual([0, 1, 2, 3]);
    expect(Array.from(c?.rows ?? [])).toEqual([0, 1, 2]);
    expect(run && [...runColumns(run)].map(([name, col]) => [name, Array.from(col)])).toEqual([
      ['step', [0, 1, 2, 3]],
      ['a', [1, 2, 3, 4]],
      ['b', [Number.NaN, 3, Number.NaN, 8]],
      ['c', [5, 6, 7, Number.NaN]],
    ]);
  });

  it('two dense columns of one file are the same arrays for their x', async () => {
    const dir = join(root, 'dense');
    mkdirSync(dir);
    writeFileSync(join(dir, 'metrics.csv'), 'step,a,b\n0,1,2\n1,3,4\n');
    const series = (await discoverRuns(dir)).runs[0]?.series ?? [];
    expect(series).toHaveLength(2);
    expect(series[0]?.steps).toBe(series[1]?.steps);
    expect(series[0]?.rows).toBe(series[1]?.rows);
  });
});

describe('wall times a table does not have', () => {
  it('are NaN, in one array shared by every table of that length while any run holds it', async () => {
    const runs = (await discoverRuns(sweep('no-wall', 7))).runs;
    const [first, second] = runs.map((r) => r.series[0]?.wallTimes);
    expect(Array.from(first ?? []).every(Number.isNaN)).toBe(true);
    expect(first).toHaveLength(7);
    expect(second).toBe(first);
  });
});

describe('a long table', () => {
  it('each run gets its own rows of every numeric column; a text column is said once', async () => {
    const dir = join(root, 'long');
    mkdirSync(dir);
    const rows = ['seed,step,reward,note'];
    for (let i = 0; i < 6; i++) rows.push(`${i % 2},${Math.floor(i / 2)},${i * 1.5},n${i}`);
    writeFileSync(join(dir, 'results.csv'), `${rows.join('\n')}\n`);
    const { runs } = await discoverRuns(dir);
    expect(runs.map((r) => [r.run, r.series.map((s) => [s.metric, Array.from(s.values)])])).toEqual([
      ['0', [['reward', [0, 3, 6]]]],
      ['1', [['reward', [1.5, 4.5, 7.5]]]],
    ]);
    expect(runs.map((r) => Array.from(r.series[0]?.steps ?? []))).toEqual([
      [0, 1, 2],
      [0, 1, 2],
    ]);
    const said = runs.flatMap((r) => r.issues).filter((i) => i.includes('text columns'));
    expect(said).toEqual([`${join(dir, 'results.csv')}: text columns (not charted): "note" (line 2: "n0")`]);
  });
});
