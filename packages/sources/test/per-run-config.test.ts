/**
 * Groups from configurations: values that differ between seeds of one setting (a start time, the steps a
 * run took, its wall time) never split a group; a setting shared by several runs does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverRuns } from '../src/index.js';
import { tempDir } from './helpers.js';

const log = (end: number) =>
  `step,reward\n${Array.from({ length: 5 }, (_, i) => `${i + 1},${(end * (i + 1)) / 5}`).join('\n')}\n`;

describe('configuration minus seed', () => {
  it('our run.json: the realised budget and wall time are per-run values; the folders name two groups', async () => {
    const root = join(tempDir('per-run'), 'sweep');
    for (const epochs of [1, 4])
      for (const seed of [1, 2, 3]) {
        const dir = join(root, `ppo-${epochs}-epoch`, `seed${seed}`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'training_log.csv'), log(100 * epochs + seed));
        writeFileSync(
          join(dir, 'run.json'),
          JSON.stringify({
            environment: 'CartPole-v1',
            algorithm: 'PPO',
            seed,
            status: seed === 3 ? 'crashed' : 'finished',
            budget: { updates: 30, steps: 20_000 + 997 * seed + 13 * epochs },
            hyperparameters: { epochs, gamma: 0.99 },
            started_at: `2026-11-29T05:4${seed}:0${epochs}.000Z`,
            wall_time_s: 0.1 * seed + epochs,
          }),
        );
      }
    const found = await discoverRuns(root);
    const groups = new Map<string, number>();
    for (const run of found.runs) groups.set(run.group, (groups.get(run.group) ?? 0) + 1);
    expect([...groups].sort()).toEqual([
      ['ppo-1-epoch', 3],
      ['ppo-4-epoch', 3],
    ]);
    expect(found.summary).toContain('per-run values not grouped: budget.steps');
    expect(found.summary).not.toContain('wall_time_s=');
  });

  it('a value distinct in every run of a foreign config is per-run; a setting two runs share is a group', async () => {
    const root = join(tempDir('per-run'), 'runs');
    const lrs = [0.001, 0.001, 0.003, 0.003];
    lrs.forEach((lr, i) => {
      const dir = join(root, `run_${i}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'progress.csv'), log(10 * (i + 1)).replace('reward', 'episode_reward'));
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ lr, n_steps: 128, total_hours: 1.5 + i / 7 }));
    });
    const found = await discoverRuns(root);
    expect(found.runs.map((r) => r.group).sort()).toEqual([
      'runs lr=0.001',
      'runs lr=0.001',
      'runs lr=0.003',
      'runs lr=0.003',
    ]);
    expect(found.summary).toContain('per-run values not grouped: total_hours');
  });

  it('keys and values compared without case; a repr as a key is no setting; a long per-run list is cut', async () => {
    const root = join(tempDir('per-run'), 'fold');
    const optimizers = ['adam', 'Adam', 'SGD', 'sgd', 'Nadam'];
    optimizers.forEach((optimizer, i) => {
      const dir = join(root, `run_${i}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'progress.csv'), log(10 * (i + 1)).replace('reward', 'episode_reward'));
      // one run written by a version of the trainer that capitalised its keys
      const key = i === 4 ? 'Optimizer' : 'optimizer';
      const logger = { [`<utils.Logger object at 0x7f${i}a0>`]: { first_row: i } };
      const ids = Object.fromEntries(Array.from({ length: 6 }, (_, k) => [`id${k}`, `${i}-${k}`]));
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ [key]: optimizer, logger, ...ids }));
    });
    const found = await discoverRuns(root);
    expect(found.runs.map((r) => r.group).sort()).toEqual([
      'fold optimizer=Nadam',
      'fold optimizer=SGD',
      'fold optimizer=SGD',
      'fold optimizer=adam',
      'fold optimizer=adam',
    ]);
    expect(found.summary).not.toContain('object at 0x');
    expect(found.summary).toMatch(/per-run values not grouped: id0, id1, id2, id3, … 2 more/);
  });
  it("one configuration across tasks is one group; a setting each task has its own value of is the task's", async () => {
    const root = join(tempDir('per-run'), 'sweep');
    // rl-zoo style: n_envs is set per environment; lr is the swept setting; two seeds each
    // Pendulum ran the first lr only: its runs still belong to that lr's group
    for (const [env, nEnvs] of [
      ['CartPole-v1', 8],
      ['Pendulum-v1', 4],
    ] as const)
      for (const lr of env === 'CartPole-v1' ? [0.001, 0.0003] : [0.001])
        for (const seed of [1, 2]) {
          const dir = join(root, `${env}_lr${lr}_s${seed}`);
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, 'progress.csv'), log(100 * seed + lr * 1000));
          writeFileSync(join(dir, 'config.json'), JSON.stringify({ env, n_envs: nEnvs, lr, seed }));
        }
    const found = await discoverRuns(root);
    const groups = new Map<string, Set<string>>();
    for (const run of found.runs) groups.set(run.group, (groups.get(run.group) ?? new Set()).add(run.task));
    // each lr is one group over both tasks; n_envs splits nothing
    expect([...groups].map(([group, tasks]) => [group, [...tasks].sort()]).sort()).toEqual([
      ['sweep lr=0.0003', ['CartPole-v1']],
      ['sweep lr=0.001', ['CartPole-v1', 'Pendulum-v1']],
    ]);
    expect(found.summary).not.toContain('n_envs=');
  });
});
