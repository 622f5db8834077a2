/**
 * Reading only the columns asked for (columnsToRead) changes nothing but the work: on random tables (x
 * candidates, returns, a scores table's statistic, text columns where a y could be, long tables) and
 * random selections (names, or functions of the run's names, x and y), each run read with the selection
 * is the run read whole then cut (selectSeries) — the same x, y, series and values. And listRuns lists
 * what discoverRuns reads, reading nothing until asked.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { MetricsOf } from '../src/catalogue/types.js';
import { discoverRuns, listRuns, selectSeries } from '../src/index.js';
import { tempDir } from './helpers.js';

const root = tempDir('read-columns');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const COLUMNS = ['step', 'timesteps', 'reward', 'episode_reward_mean', 'loss', 'mean', 'fps', 'note', 'kl'];
const cellOf = (column: string, row: number, text: boolean): string =>
  text ? `t${row}` : column === 'step' || column === 'timesteps' ? String(row * 10) : String((row * 7) % 5);

const selections: [string, (run: MetricsOf) => Iterable<string>][] = [
  ['y alone', ({ y }) => (y ? [y] : [])],
  ['x and y', ({ x, y }) => [x, ...(y ? [y] : [])]],
  ['the last name', ({ metrics }) => metrics.slice(-1)],
  ['losses', ({ metrics }) => metrics.filter((m) => m.includes('loss'))],
];
const selection = fc.oneof(
  fc.subarray(COLUMNS).map((names) => ({ label: `names ${names}`, metrics: names as readonly string[] })),
  fc.constantFrom(...selections).map(([label, metrics]) => ({ label, metrics })),
);
const table = fc.record({
  columns: fc.shuffledSubarray(COLUMNS, { minLength: 1 }),
  text: fc.subarray(['reward', 'episode_reward_mean', 'note', 'mean', 'loss']),
  rows: fc.integer({ min: 1, max: 6 }),
  name: fc.constantFrom('progress.csv', 'scores.txt', 'metrics.csv', 'log.tsv'),
  long: fc.boolean(),
});

let n = 0;
describe('reading the columns asked for', () => {
  it('gives what reading every column then cutting gives', async () => {
    await fc.assert(
      fc.asyncProperty(table, selection, async (t, { metrics }) => {
        const dir = join(root, `t${n++}`);
        mkdirSync(dir);
        const sep = t.name.endsWith('.tsv') ? '\t' : ',';
        const header = t.long ? ['seed', ...t.columns] : t.columns;
        const lines = [header.join(sep)];
        for (const seed of t.long ? [1, 2] : [0])
          for (let r = 0; r < t.rows; r++)
            lines.push(
              [
                ...(t.long ? [String(seed)] : []),
                ...t.columns.map((c) => cellOf(c, r + seed, t.text.includes(c))),
              ].join(sep),
            );
        writeFileSync(join(dir, t.name), `${lines.join('\n')}\n`);
        const whole = await discoverRuns(dir);
        const cut = await discoverRuns(dir, { metrics });
        const shape = (runs: typeof whole.runs) =>
          runs.map((r) => ({
            id: r.id,
            x: r.x,
            y: r.y,
            series: r.series.map((s) => [s.metric, Array.from(s.steps), Array.from(s.values)]),
          }));
        expect(shape(cut.runs)).toEqual(shape(whole.runs.map((r) => selectSeries(r, { metrics }))));
        expect(cut.skipped).toEqual(whole.skipped);
      }),
      { numRuns: 120 },
    );
  });

  it('reads a run again whole when it wants a column left unparsed (a text column took its place)', async () => {
    const dir = join(root, 'again');
    mkdirSync(dir);
    writeFileSync(join(dir, 'progress.csv'), 'reward,episode_reward_mean,note\n1,2,text\n');
    // from the header the last name is `note`; read, `note` is text and the last metric is the return
    const last = ({ metrics }: MetricsOf) => metrics.slice(-1);
    const { runs } = await discoverRuns(dir, { metrics: last });
    expect(runs[0]?.series.map((s) => [s.metric, Array.from(s.values)])).toEqual([
      ['episode_reward_mean', [2]],
    ]);
  });

  it('leaves a column not asked for unparsed: its text is not even looked at', async () => {
    const dir = join(root, 'wide');
    mkdirSync(dir);
    const names = Array.from({ length: 60 }, (_, i) => `info/learner/stat_${i}`);
    const rows = Array.from({ length: 5 }, (_, r) => [r * 400, r, ...names.map(() => 'x')].join(','));
    writeFileSync(
      join(dir, 'progress.csv'),
      `${['timesteps_total', 'episode_reward_mean', ...names].join(',')}\n${rows.join('\n')}\n`,
    );
    const whole = await discoverRuns(dir);
    const cut = await discoverRuns(dir, { metrics: ({ y }) => (y ? [y] : []) });
    expect(whole.runs[0]?.issues.join()).toContain('text columns');
    expect(cut.runs[0]?.issues).toEqual([]);
    expect(cut.runs[0]?.series.map((s) => s.metric)).toEqual(['episode_reward_mean']);
  });
});

describe('listRuns', () => {
  it('lists the runs discoverRuns reads, and reads one when asked, keeping what is asked for', async () => {
    const dir = join(root, 'listed');
    for (const seed of [1, 2]) {
      mkdirSync(join(dir, `PPO_${seed}`), { recursive: true });
      writeFileSync(
        join(dir, `PPO_${seed}`, 'progress.csv'),
        `time/total_timesteps,rollout/ep_rew_mean,train/loss\n2048,${seed},0.5\n4096,${seed + 1},0.25\n`,
      );
    }
    const list = await listRuns(dir);
    const discovery = await discoverRuns(dir);
    expect(list.runs.map((r) => [r.id, r.files])).toEqual(discovery.runs.map((r) => [r.id, r.meta.files]));
    const [first] = list.runs;
    if (!first) throw new Error('no run listed');
    const [read] = await list.read(first, { metrics: ['train/loss'], downsample: 2 });
    expect(read?.series.map((s) => [s.metric, Array.from(s.values)])).toEqual([['train/loss', [0.5, 0.25]]]);
    expect([read?.x, read?.y]).toEqual(['time/total_timesteps', 'rollout/ep_rew_mean']);
    await expect(list.read({ ...first }, {})).rejects.toThrow('not a run of this list');
  });
});
