/**
 * One fixture per recogniser, written as its tool writes it (test/recogniser_fixtures.py ports each
 * writer): what the catalogue makes of it, and what it said about how.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoverRuns, type Run } from '../src/index.js';
import { settledCopy, tempDir } from './helpers.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/recognisers', import.meta.url));

const settled = (name: string): string => settledCopy(FIXTURES, name);

const row = (r: Run) => [r.id, r.layout, r.format, r.group, r.task, r.run, r.x, r.y];
const values = (run: Run | undefined, metric: string) => [
  ...(run?.series.find((s) => s.metric === metric)?.values ?? []),
];
const steps = (run: Run | undefined, metric: string) => [
  ...(run?.series.find((s) => s.metric === metric)?.steps ?? []),
];

describe('the catalogue: one recogniser per format, decided by content', () => {
  it("SpinningUp's EpochLogger progress.txt: tab-separated, x TotalEnvInteracts, y AverageEpRet", async () => {
    const { runs, summary } = await discoverRuns(settled('spinningup'));
    expect(runs.map(row)).toEqual([
      [
        'ppo_cartpole/ppo_cartpole_s0',
        'folder',
        'spinningup-progress',
        'ppo',
        'all',
        'ppo_cartpole_s0',
        'TotalEnvInteracts',
        'AverageEpRet',
      ],
    ]);
    expect(steps(runs[0], 'AverageEpRet')).toEqual([4000, 8000, 12000, 16000, 20000]);
    expect(values(runs[0], 'AverageEpRet')).toEqual([20, 35.5, 51, 66.5, 82]);
    expect(runs[0]?.meta.config).toMatchObject({ exp_name: 'ppo_cartpole', seed: 0 });
    // StopIter echoes a setting in every row: a name that counts, values that do not
    expect(summary).toMatch(
      /x TotalEnvInteracts 1 \(steps, counting up over every row; runner-up Epoch; StopIter is constant \(79 in every row\)\); y AverageEpRet 1 \(a return\)/,
    );
  });

  it("d3rlpy's headerless epoch,step,value files: one run, each metric named after its file", async () => {
    const { runs } = await discoverRuns(settled('d3rlpy'));
    expect(runs.map(row)).toEqual([
      [
        'd3rlpy_logs/DQN_20240101120000',
        'd3rlpy',
        'd3rlpy-csv',
        'DQN',
        'all',
        '20240101120000',
        'step',
        'environment',
      ],
    ]);
    // no first row lost to a header, no metric named after a number
    expect(values(runs[0], 'environment')).toEqual([12, 55.5, 180.25]);
    expect(steps(runs[0], 'loss')).toEqual([1000, 2000, 3000]);
    expect(runs[0]?.series.map((s) => s.metric).sort()).toEqual(['environment', 'loss', 'time_step']);
    expect(runs[0]?.meta.config).toMatchObject({ gamma: 0.99 });
  });

  it("sacred's FileStorageObserver: metrics.json store read, task from config.json, the console listed as not read", async () => {
    const { runs, unread } = await discoverRuns(settled('sacred'));
    expect(runs.map(row)).toEqual(
      [1, 2].map((n) => [
        `my_runs/${n}`,
        'sacred',
        'sacred-metrics',
        'my_runs',
        'Pendulum-v1',
        `${n}`,
        'step',
        'episode_reward',
      ]),
    );
    expect(values(runs[1], 'episode_reward')).toEqual([12, 42, 92]);
    expect(runs[0]?.series[0]?.wallTimes[1]).toBe(Date.parse('2024-01-01T12:00:10.500Z') / 1000);
    expect(unread.map((u) => u.path)).toEqual(['my_runs/1/cout.txt', 'my_runs/2/cout.txt']);
  });

  it('Sample Factory: events under the hidden .summary/0/ found; 3 attempts kept in file order, never spliced; cfg.json above names the task', async () => {
    const { runs } = await discoverRuns(settled('sample-factory'));
    expect(runs.map(row)).toEqual([
      [
        'train_dir/doom_basic_appo/.summary/0',
        'sample-factory',
        'tensorboard',
        'appo',
        'doom_basic',
        'doom_basic_appo',
        'step',
        'reward/reward',
      ],
    ]);
    expect(values(runs[0], 'reward/reward')).toEqual([0, 1, 2, 10, 11, 12, 20, 21, 22]);
    expect(runs[0]?.issues.filter((i) => /no SessionLog START/.test(i))).toHaveLength(2);
  });

  it('W&B panel export: any x column, every cell quoted, a complete last row without a line end is data', async () => {
    const { runs } = await discoverRuns(settled('wandb-panel'));
    expect(runs.map((r) => [r.run, r.x, r.y])).toEqual([
      ['ppo-seed1', 'global_step', 'charts/episodic_return'],
      ['ppo-seed2', 'global_step', 'charts/episodic_return'],
    ]);
    expect(values(runs[0], 'charts/episodic_return')).toEqual([10, 50, 129.9]);
    expect(steps(runs[1], 'charts/episodic_return')).toEqual([0, 1000]);
    expect(runs[0]?.issues.join('\n')).toMatch(
      /:4: last line has no line end; read as data: it is complete .*nobody is appending/,
    );
  });

  it('the same export being written (modified just now) keeps the torn rule, and says why', async () => {
    const dir = join(tempDir('wandb-live'), 'live');
    cpSync(join(FIXTURES, 'wandb-panel'), dir, { recursive: true });
    const { runs } = await discoverRuns(dir);
    expect(values(runs[0], 'charts/episodic_return')).toEqual([10, 50]);
    expect(runs[0]?.issues.join('\n')).toMatch(
      /last line has no line end \(torn .*modified \d+ s ago, it may be being written\); not read/,
    );
  });

  it("Tianshou's merged table: one run per seed column, all of one group (the algorithm), the summary columns said", async () => {
    const { runs } = await discoverRuns(settled('tianshou'));
    expect(runs).toHaveLength(10);
    expect(new Set(runs.map((r) => `${r.group}|${r.task}|${r.x}|${r.y}`))).toEqual(
      new Set(['sac|Ant-v3|env_step|rew']),
    );
    expect(runs.map((r) => r.run)).toEqual(Array.from({ length: 10 }, (_, k) => `seed_${k}`));
    expect(values(runs[3], 'rew')).toEqual([109, 159, 209]);
    expect(runs[0]?.issues.join('\n')).toMatch(/columns "rew", "rew:shaded" summarise the seeds/);
  });

  it('Dreamer {task}/dreamer/{n} metrics.jsonl: tasks from dm_control names in the path, never mixed', async () => {
    const { runs } = await discoverRuns(settled('dreamer'));
    expect(runs.map((r) => [r.group, r.task, r.run, r.y])).toEqual([
      ['dreamer', 'cheetah-run', '1', 'episode/score'],
      ['dreamer', 'cheetah-run', '2', 'episode/score'],
      ['dreamer', 'walker-walk', '1', 'episode/score'],
      ['dreamer', 'walker-walk', '2', 'episode/score'],
    ]);
    expect(values(runs[3], 'episode/score')).toEqual([52, 102, 152]);
  });

  it('CleanRL names with an extra field: env, then exp and the extra field as group, the seed as run', async () => {
    const { runs } = await discoverRuns(settled('cleanrl-extra'));
    expect(runs.map((r) => [r.layout, r.group, r.task, r.run])).toEqual([
      ['cleanrl', 'ppo_continuous_action__0.95', 'HalfCheetah-v4', '1'],
      ['cleanrl', 'ppo_continuous_action__0.95', 'HalfCheetah-v4', '2'],
    ]);
  });

  it('{env}_{algo}/{algo}_{seed}: group = algorithm, task = environment; `Time Steps` and `Episode Reward` found', async () => {
    const { runs, roles } = await discoverRuns(settled('env-algo'));
    expect(runs.map((r) => [r.group, r.task, r.run, r.x, r.y])).toEqual([
      ['ppo', 'CartPole-v1', 'ppo_0', 'Time Steps', 'Episode Reward'],
      ['ppo', 'CartPole-v1', 'ppo_1', 'Time Steps', 'Episode Reward'],
      ['ppo', 'Pendulum-v1', 'ppo_0', 'Time Steps', 'Episode Reward'],
      ['ppo', 'Pendulum-v1', 'ppo_1', 'Time Steps', 'Episode Reward'],
    ]);
    expect(roles.task).toEqual({ 'path (Gym id)': 4 });
    expect(roles.group).toEqual({ 'algorithm in path': 4 });
  });

  it('a loose event file at the top of tensorboard_log/ with PPO_1 … PPO_10 below: 11 runs', async () => {
    const { runs, summary } = await discoverRuns(settled('tensorboard-log'));
    expect(runs).toHaveLength(11);
    expect(runs[0]?.id).toBe('tensorboard_log');
    expect(values(runs[0], 'rollout/ep_rew_mean')).toEqual([6, 7]);
    expect(
      runs
        .slice(1)
        .map((r) => `${r.group}_${r.run}`)
        .sort(),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `PPO_${i + 1}`).sort());
    expect(summary).toMatch(/^11 runs in 2 groups/);
  });

  it('a root progress.csv beside a run folder whose event file, monitor and progress.csv join as one run (nothing dropped)', async () => {
    const { runs, unread, skipped } = await discoverRuns(settled('joined'));
    expect(runs.map((r) => [r.id, r.layout, r.task])).toEqual([
      ['.', 'folder', 'all'],
      ['seed1', 'sb3-log', 'CartPole-v1'],
    ]);
    const run = runs[1];
    expect([...new Set(run?.series.map((s) => s.source))].sort()).toEqual([
      '0.monitor.csv',
      'events.out.tfevents.1700000000.host.77.0',
      'progress.csv',
    ]);
    expect(values(run, 'r')).toHaveLength(239);
    expect(values(run, 'train/loss')).toHaveLength(2);
    expect([unread, skipped]).toEqual([[], []]);
  });

  it('text tables by content, whatever the extension: spaces with a # header (np.savetxt), semicolons', async () => {
    const { runs } = await discoverRuns(settled('text-tables'));
    expect(runs.map((r) => [r.id, r.x, r.y])).toEqual([
      ['eval.log', 'step', 'eval_return'],
      ['scores.txt', 'step', 'return'],
    ]);
    expect(values(runs[1], 'return')).toEqual([0, 1.5, 3, 4.5]);
    expect(values(runs[0], 'eval_return')).toEqual([1.5, 2.5]);
  });
});
