/**
 * Group and task inferred from the tree's content: a key some runs lack or each run has its own never
 * groups; an algorithm's folder above a Gym id is no namespace; a JSON object of metric arrays is a log.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverRuns } from '../src/index.js';

const table = (rows: number, f: (i: number) => string) =>
  `step,reward\n${Array.from({ length: rows }, (_, i) => `${i * 10},${f(i)}`).join('\n')}\n`;

describe('group and task from the whole tree', () => {
  it('a key some runs lack, or whose value each run has its own, never splits a group; one shared across runs does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'per-run-'));
    const configs = [
      { schedule: 'const', seed: 1, started: '10:00', hyperparams: null },
      { schedule: 'lin', seed: 2, started: '11:00' },
      { schedule: 'const', seed: 3, started: '12:00', hyperparams: null },
      { schedule: 'lin', seed: 4, started: '13:00' },
    ];
    for (const [i, config] of configs.entries()) {
      const run = join(dir, 'ppo', `run${i}`);
      await mkdir(run, { recursive: true });
      await writeFile(
        join(run, 'progress.csv'),
        table(5, (k) => String(k + i)),
      );
      await writeFile(join(run, 'config.json'), JSON.stringify(config));
    }
    const { runs, summary } = await discoverRuns(dir);
    expect(runs.map((r) => r.group)).toEqual([
      'ppo schedule=const',
      'ppo schedule=lin',
      'ppo schedule=const',
      'ppo schedule=lin',
    ]);
    expect(summary).toMatch(/per-run values not grouped: hyperparams, started/);
  });

  it('an unresolved `${…}` interpolation is never a group', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'interp-'));
    for (const [i, name] of ['${task.name}', 'walker', '${task.name}'].entries()) {
      const run = join(dir, 'sac', `run${i}`);
      await mkdir(run, { recursive: true });
      await writeFile(
        join(run, 'progress.csv'),
        table(5, (k) => String(k * i)),
      );
      await writeFile(join(run, 'config.json'), JSON.stringify({ exp_name: name, seed: i }));
    }
    const { runs } = await discoverRuns(dir);
    expect(new Set(runs.map((r) => r.group))).toEqual(new Set(['sac']));
  });

  it("an algorithm's folder above a Gym id (`PPO/Hopper-v2`) is the group, not part of the task", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'algo-ns-'));
    for (const algo of ['PPO', 'SAC']) {
      await mkdir(join(dir, algo, 'Hopper-v2'), { recursive: true });
      await writeFile(
        join(dir, algo, 'Hopper-v2', 'progress.csv'),
        table(5, (k) => String(k)),
      );
    }
    const { runs } = await discoverRuns(dir);
    expect(runs.map((r) => [r.group, r.task])).toEqual([
      ['ppo', 'Hopper-v2'],
      ['sac', 'Hopper-v2'],
    ]);
  });

  it('a JSON object of metric arrays of one length is a log, its x and y from the values (a history dict dumped whole)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'column-store-'));
    const n = 6;
    const history = {
      loss: [Number.NaN, 0.5, 0.4, 0.3, 0.2, 0.1],
      episode_reward: [1, 3, 2, 5, 8, 9],
      nb_steps: Array.from({ length: n }, (_, i) => (i + 1) * 200),
      episode: Array.from({ length: n }, (_, i) => i),
      duration: [4.1, 3.9, 4.3, 4.0, 4.2, 4.4],
    };
    // Python's json.dump writes a bare NaN
    await writeFile(join(dir, 'dqn_log.json'), JSON.stringify(history).replace('null', 'NaN'));
    // a configuration with arrays among its settings is no log
    await writeFile(join(dir, 'config.json'), JSON.stringify({ hidden: [64, 64], sizes: [1, 2], lr: 0.001 }));
    const { runs, unread } = await discoverRuns(dir);
    expect(runs.map((r) => [r.format, r.x, r.y])).toEqual([['json-arrays', 'nb_steps', 'episode_reward']]);
    expect(unread.map((u) => u.path)).not.toContain('dqn_log.json');
  });

  it('a `{tag: [[wall, step, value], ...]}` export is a series per tag', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'triples-'));
    const points = (f: (i: number) => number) =>
      Array.from({ length: 5 }, (_, i) => [1.7e9 + i, i * 100, f(i)]);
    await writeFile(
      join(dir, 'scalars.json'),
      JSON.stringify({ 'train/loss': points((i) => 1 / (i + 1)), 'eval/return': points((i) => i * 3) }),
    );
    const { runs } = await discoverRuns(dir);
    expect(runs.map((r) => [r.x, r.y])).toEqual([['step', 'eval/return']]);
    expect(Array.from(runs[0]?.series.find((s) => s.metric === 'eval/return')?.steps ?? [])).toEqual([
      0, 100, 200, 300, 400,
    ]);
  });
});
