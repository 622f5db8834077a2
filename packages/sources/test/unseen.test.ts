/**
 * Folders of tools the catalogue has no recogniser for (test/unseen_fixtures.py writes each as its tool
 * does): the generic rules read each right, one test per class of what used to go wrong.
 */
import { copyFileSync, cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sniffBytes } from '../src/catalogue/sniff.js';
import { chooseX, chooseY, discoverRuns, type Run, unreadNote } from '../src/index.js';
import { statisticY } from '../src/roles.js';
import { settledCopy, tempDir } from './helpers.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/unseen', import.meta.url));
const RECOGNISERS = fileURLToPath(new URL('./fixtures/recognisers', import.meta.url));
const STORES = fileURLToPath(new URL('./fixtures/stores', import.meta.url));
const discover = (name: string) => discoverRuns(settledCopy(FIXTURES, name));

const row = (r: Run) => [r.id, r.group, r.task, r.run, r.x, r.y];
const series = (run: Run | undefined, metric: string) => {
  const found = run?.series.find((s) => s.metric === metric);
  return { steps: [...(found?.steps ?? [])], values: [...(found?.values ?? [])] };
};

describe('folders of tools nobody fixtured, read by the generic rules', () => {
  it("baselines: progress.csv joined with the workers' monitor files; a key logged later is empty before; log.txt named as not read", async () => {
    const { runs, unread } = await discover('baselines');
    expect(runs.map((r) => [r.task, r.x, r.y])).toEqual([
      ['PongNoFrameskip-v4', 'misc/total_timesteps', 'eprewmean'],
      ['BreakoutNoFrameskip-v4', 'misc/total_timesteps', 'eprewmean'],
    ]);
    // the header rewritten with a late key: its first row has no value, not a shifted one
    expect(series(runs[0], 'misc/explained_variance').steps).toEqual([4096, 6144]);
    expect(series(runs[0], 'r').values).toHaveLength(6);
    expect(unread.map((u) => u.path.split('/').pop())).toEqual(['log.txt', 'log.txt']);
  });

  it("PFRL scores.txt: a table of the return's statistics has y = its mean; args.txt is its configuration (the folder is the run), not a run", async () => {
    const { runs, unread } = await discover('pfrl');
    expect(runs.map(row)).toEqual([
      [
        'results/Hopper-v2/20240101T120000.000000',
        'results',
        'Hopper-v2',
        '20240101T120000.000000',
        'steps',
        'mean',
      ],
      [
        'results/Walker2d-v2/20240101T120000.000000',
        'results',
        'Walker2d-v2',
        '20240101T120000.000000',
        'steps',
        'mean',
      ],
    ]);
    expect(runs[0]?.meta.config).toMatchObject({ env: 'Hopper-v2', seed: 0 });
    expect(series(runs[0], 'mean').values).toEqual([100.5, 200.5, 300.5]);
    expect(unread.map((u) => u.path.split('/').pop())).toEqual(['command.txt', 'command.txt']);
  });

  it('TorchRL: headerless step,value files, one per metric (a `/` in a name is a subfolder), are one run named above `scalars/`', async () => {
    const { runs } = await discover('torchrl');
    expect(runs.map(row)).toEqual([
      [
        'logs/ppo_HalfCheetah-v4_2024/scalars',
        'ppo',
        'HalfCheetah-v4',
        'ppo_HalfCheetah-v4_2024',
        'step',
        'train/reward',
      ],
    ]);
    expect(runs[0]?.series.map((s) => s.metric).sort()).toEqual([
      'loss_objective',
      'r_evaluation',
      'train/reward',
    ]);
    // no first row lost to a header
    expect(series(runs[0], 'r_evaluation')).toEqual({
      steps: [1000, 2000, 3000],
      values: [10.5, 20.5, 30.5],
    });
  });

  it('Acme: a table per phase folder under one name is one run; evaluation leads, x a `*_steps` counter', async () => {
    const { runs } = await discover('acme');
    expect(runs.map(row)).toEqual([
      ['acme/7f1d3a2c-1234/logs', 'acme', 'all', '7f1d3a2c-1234', 'actor_steps', 'evaluator/episode_return'],
    ]);
    expect(series(runs[0], 'evaluator/episode_return').steps).toEqual([1000, 2000, 3000]);
    // the learner's metrics keep their own counter
    expect(series(runs[0], 'learner/loss').steps).toEqual([10, 20, 30]);
  });

  it("Keras' TensorBoard callback: `<time>/train/` and `<time>/validation/` event folders are one run, tags under their phase", async () => {
    const { runs } = await discover('keras-tb');
    expect(runs.map(row)).toEqual([
      ['logs/fit/20240101-120000', 'logs/fit', 'all', '20240101-120000', 'step', 'validation/epoch_accuracy'],
      ['logs/fit/20240102-120000', 'logs/fit', 'all', '20240102-120000', 'step', 'validation/epoch_accuracy'],
    ]);
    expect(runs[0]?.series.map((s) => s.metric).sort()).toEqual([
      'train/epoch_accuracy',
      'train/epoch_loss',
      'validation/epoch_accuracy',
      'validation/epoch_loss',
    ]);
    expect(series(runs[0], 'train/epoch_loss').steps).toEqual([0, 1, 2]);
  });

  it("TF-Agents: train/ (with its saved policies below) and eval/ event folders are one run, the evaluation's return first", async () => {
    const { runs, unread } = await discover('tf-agents');
    expect(runs.map(row)).toEqual([
      ['dqn_cartpole', 'dqn', 'all', 'dqn_cartpole', 'step', 'eval/Metrics/AverageReturn'],
    ]);
    expect(series(runs[0], 'eval/Metrics/AverageReturn').values).toEqual([15, 25, 35]);
    expect(unread.map((u) => u.path)).toEqual([
      'dqn_cartpole/train/checkpoints/saved_model.pb',
      'dqn_cartpole/train/policy/saved_model.pb',
    ]);
  });

  it('Hydra multirun: .hydra/ configures the job above it, overrides.yaml is read as keys; the job log is not a table', async () => {
    const { runs, unread } = await discover('hydra');
    expect(runs.map(row)).toEqual([
      ['multirun/2024-01-01/12-00-00/0', 'dqn', 'CartPole-v1', '0', 'step', 'episode_reward'],
      ['multirun/2024-01-01/12-00-00/1', 'dqn', 'CartPole-v1', '1', 'step', 'episode_reward'],
    ]);
    expect(runs.map((r) => r.meta.seed)).toEqual([1, 2]);
    expect(runs[1]?.meta.config).toMatchObject({ seed: 2, lr: 0.001 });
    // Hydra's settings of itself are no run configuration: their per-job values would split the group
    expect(unread.filter((u) => u.path.endsWith('hydra.yaml')).map((u) => u.why)).toEqual([
      expect.stringMatching(/^the settings of hydra itself/),
      expect.stringMatching(/^the settings of hydra itself/),
    ]);
    expect(runs[0]?.meta.config).not.toHaveProperty('hydra');
    expect(unread.filter((u) => u.path.endsWith('train.log')).map((u) => u.why)).toEqual([
      expect.stringMatching(/^text starting/),
      expect.stringMatching(/^text starting/),
    ]);
  });

  it("rl_games: a run folder's `summaries/` is the run; y is the return against steps (`rewards/step`), not against epochs", async () => {
    const { runs } = await discover('rl-games');
    expect(runs.map(row)).toEqual([
      [
        'runs/Ant_2024-01-01_12-00-00/summaries',
        'runs',
        'all',
        'Ant_2024-01-01_12-00-00',
        'step',
        'rewards/step',
      ],
      [
        'runs/Humanoid_2024-01-01_13-00-00/summaries',
        'runs',
        'all',
        'Humanoid_2024-01-01_13-00-00',
        'step',
        'rewards/step',
      ],
    ]);
    expect(series(runs[0], 'rewards/step').steps).toEqual([32768, 65536, 98304]);
  });

  it('garage: progress.csv with variant.json and event files of the same values: each value once, from the table', async () => {
    const { runs } = await discover('garage');
    expect(runs.map((r) => [r.group, r.task, r.x, r.y])).toEqual([
      ['ppo', 'InvertedDoublePendulum-v2', 'TotalEnvSteps', 'Evaluation/AverageReturn'],
      ['ppo', 'InvertedDoublePendulum-v2', 'TotalEnvSteps', 'Evaluation/AverageReturn'],
    ]);
    // one series per metric, against TotalEnvSteps; the events' own tag kept
    const metrics = runs[0]?.series.map((s) => s.metric) ?? [];
    expect(metrics.filter((m) => m === 'Evaluation/AverageReturn')).toHaveLength(1);
    expect(series(runs[0], 'Evaluation/AverageReturn').steps).toEqual([4000, 8000, 12000]);
    expect(series(runs[0], 'Extras/EpisodeRewardMean').steps).toEqual([0, 1, 2]);
    expect(runs[0]?.issues.join('\n')).toMatch(
      /ppo_pendulum: 3 tag\(s\) of the event files also logged in progress\.csv .*read from progress\.csv, where their x is/,
    );
  });

  it("rlpyt: run_<ID>/ with progress.csv and params.json; the task from the configuration's `game`, y the return's Average, never its Std", async () => {
    const { runs, unread } = await discover('rlpyt');
    expect(runs.map((r) => [r.group, r.task, r.run, r.x, r.y])).toEqual([
      ['example_1', 'pong', 'run_0', 'Diagnostics/CumSteps', 'ReturnAverage'],
      ['example_1', 'pong', 'run_1', 'Diagnostics/CumSteps', 'ReturnAverage'],
    ]);
    // the first row's NaN (no episode finished yet) is no point
    expect(series(runs[1], 'ReturnAverage')).toEqual({
      steps: [64000, 96000, 128000],
      values: [-15, -10, -5],
    });
    expect(unread.map((u) => u.path.split('/').pop())).toEqual(['debug.log', 'debug.log']);
  });

  it('DrQ-v2: train.csv and eval.csv side by side are one run with its tb/ events; task and algorithm from .hydra, the date folder no group', async () => {
    const { runs, unread } = await discover('drqv2/exp_local');
    expect(runs.map((r) => [r.group, r.task, r.x, r.y])).toEqual([
      ['drqv2', 'walker-walk', 'step', 'eval/episode_reward'],
      ['drqv2', 'walker-walk', 'step', 'eval/episode_reward'],
    ]);
    expect(series(runs[1], 'eval/episode_reward')).toEqual({
      steps: [0, 1000, 2000, 3000],
      values: [2, 152.25, 302.5, 452.75],
    });
    expect(series(runs[1], 'train/episode_reward').steps).toEqual([500, 1000, 1500, 2000, 2500, 3000]);
    // the event files' copies of the tables' values are dropped, their own tags kept
    const metrics = runs[0]?.series.map((s) => s.metric) ?? [];
    expect(metrics.filter((m) => m === 'eval/episode_reward')).toHaveLength(1);
    expect(runs[0]?.issues.join('\n')).toMatch(
      /tb: 3 tag\(s\) of the event files also logged in train\.csv, eval\.csv \(train\/episode_reward, train\/fps, eval\/episode_reward\)/,
    );
    expect(unread.map((u) => u.path.split('/').pop()).sort()).toEqual([
      '20240101T120001_0_501.npz',
      '20240101T120001_0_501.npz',
      'train.log',
      'train.log',
    ]);
    expect(unread.find((u) => u.path.endsWith('.npz'))?.why).toBe('NumPy arrays (.npz), not a log');
  });

  it('TD-MPC2: logs/<task>/<seed>/<exp>/eval.csv: the seed folder names the run, not the group', async () => {
    const { runs } = await discover('tdmpc2/logs');
    expect(new Set(runs.map((r) => r.group))).toEqual(new Set(['default']));
    expect(runs.map((r) => r.task)).toEqual([
      'dog-run',
      'dog-run',
      'dog-run',
      'walker-walk',
      'walker-walk',
      'walker-walk',
    ]);
    expect(series(runs[0], 'episode_reward')).toEqual({
      steps: [0, 10000, 20000, 30000],
      values: [1, 101.5, 202, 302.5],
    });
  });

  it("rlkit: x is the exploration's step count, not the evaluation's nor the epoch; y the evaluation's average return", async () => {
    const { runs } = await discover('rlkit/data');
    expect(runs.map((r) => [r.group, r.x, r.y])).toEqual([
      ['SAC', 'expl/num steps total', 'eval/Average Returns'],
      ['SAC', 'expl/num steps total', 'eval/Average Returns'],
    ]);
    expect(series(runs[1], 'eval/Average Returns').steps).toEqual([2000, 3000, 4000, 5000]);
  });

  it('rl-starter-files (torch-ac): log.csv over frames, y the return (not the reshaped rreturn); rows a resume appended under the first header are kept; its tensorboardX copies dropped', async () => {
    const { runs } = await discover('torch-ac/storage');
    expect(runs.map((r) => [r.group, r.task, r.x, r.y])).toEqual([
      ['ppo', 'MiniGrid-DoorKey-5x5-v0', 'frames', 'return_mean'],
      ['ppo', 'MiniGrid-DoorKey-5x5-v0', 'frames', 'return_mean'],
    ]);
    expect(series(runs[1], 'return_mean').steps).toEqual([2048, 4096, 6144, 8192, 10240]);
    expect(runs[1]?.series.filter((s) => s.metric === 'return_mean')).toHaveLength(1);
  });

  it('MushroomRL: `<name>-<seed>.npy` 1-D arrays are a run per seed over their index; a 2-D array is no series', async () => {
    const { runs, unread } = await discover('mushroom/logs');
    expect(runs.map((r) => [r.id, r.group, r.run, r.x, r.y, r.format])).toEqual([
      ['SAC_Pendulum/0', 'sac', '0', 'index', 'R', 'npy'],
      ['SAC_Pendulum/1', 'sac', '1', 'index', 'R', 'npy'],
      ['SAC_Pendulum/2', 'sac', '2', 'index', 'R', 'npy'],
    ]);
    expect(series(runs[2], 'R')).toEqual({
      steps: [0, 1, 2, 3, 4, 5],
      values: [-1198, -1048, -898, -748, -598, -448],
    });
    // a float32 array read as its float32 values
    expect(series(runs[0], 'E').values[1]).toBe(Math.fround(1.4));
    expect(unread.map((u) => u.path.split('/').pop())).toContain('states.npy');
  });

  it("the TD3 paper's curves: a `.npy` file a seed (`TD3_Hopper-v1_0` … `_2`) is a run, its task and algorithm named by its file, its values `value`", async () => {
    const { runs } = await discoverRuns(join(import.meta.dirname, 'fixtures', 'real', 'npy'));
    expect(runs.map((r) => [r.id, r.group, r.task, r.x, r.y])).toEqual(
      ['Hopper/TD3_Hopper-v1', 'Walker/TD3_Walker2d-v1'].flatMap((name) =>
        [0, 1, 2].map((seed) => [
          `learning_curves/${name}_${seed}.npy`,
          'td3',
          name.split('/')[1]?.slice(4),
          'index',
          'value',
        ]),
      ),
    );
    // read by NumPy: TD3_Hopper-v1_1.npy holds 201 evaluations, 62.806… first and 3318.659… last
    const hopper = runs[1]?.series[0];
    expect(hopper?.values.length).toBe(201);
    expect(hopper?.values[0]).toBeCloseTo(62.80662976402424, 12);
    expect(hopper?.values[200]).toBeCloseTo(3318.659289790467, 12);
  });

  it("W&B's runs export: a run per row, grouped by its config's exp_name, x its global_step, a crashed run kept (stopped early); never split by seed", async () => {
    const { runs } = await discover('runs-exports/wandb');
    expect(runs.map((r) => [r.layout, r.group, r.task, r.run, r.x, r.y])).toEqual(
      ['ppo', 'dqn'].flatMap((group) =>
        [1, 2, 3].map((seed) => [
          'runs-table',
          group,
          'CartPole-v1',
          `CartPole-v1__${group}__${seed}__17041104${seed}0`,
          'global_step',
          'charts/episodic_return',
        ]),
      ),
    );
    const crashed = runs.find((r) => r.run.startsWith('CartPole-v1__dqn__3'));
    expect(series(crashed, 'charts/episodic_return')).toEqual({ steps: [99712], values: [330] });
    expect(crashed?.meta.config).toMatchObject({ exp_name: 'dqn', learning_rate: 0.0001, seed: 3 });
    expect(crashed?.meta.state).toBe('crashed');
  });

  it("W&B's docs export (summary and config dicts printed by Python): the same runs as the UI's export", async () => {
    const { runs } = await discover('runs-exports/wandb-api');
    expect(runs.map((r) => [r.group, r.task, r.x, r.y])).toEqual(
      ['ppo', 'dqn'].flatMap((group) =>
        [1, 2, 3].map(() => [group, 'CartPole-v1', 'global_step', 'charts/episodic_return']),
      ),
    );
    const crashed = runs.find((r) => r.run.startsWith('CartPole-v1__dqn__3'));
    expect(series(crashed, 'charts/episodic_return')).toEqual({ steps: [99712], values: [330] });
    expect(crashed?.meta.config).toEqual({
      env_id: 'CartPole-v1',
      exp_name: 'dqn',
      learning_rate: 0.0001,
      seed: 3,
      cuda: 'true',
      track: 'true',
    });
    // W&B's own `_wandb` entry is no metric
    expect(crashed?.series.map((s) => s.metric).sort()).toEqual([
      '_runtime',
      '_step',
      '_timestamp',
      'charts/episodic_return',
      'losses/value_loss',
    ]);
  });

  it("Ray Tune's get_dataframe(): a run per trial, grouped by the setting that differs (lr), never by host or date", async () => {
    const { runs } = await discover('runs-exports/ray');
    expect(runs.map((r) => [r.group, r.task, r.run, r.x, r.y])).toEqual([
      ['trials lr=0.001', 'CartPole-v1', 'a1b2c_00000', 'timesteps_total', 'episode_reward_mean'],
      ['trials lr=0.001', 'CartPole-v1', 'a1b2c_00001', 'timesteps_total', 'episode_reward_mean'],
      ['trials lr=0.0001', 'CartPole-v1', 'a1b2c_00002', 'timesteps_total', 'episode_reward_mean'],
      ['trials lr=0.0001', 'CartPole-v1', 'a1b2c_00003', 'timesteps_total', 'episode_reward_mean'],
    ]);
  });

  it("MLflow's search_runs().to_csv(): params are the configuration, metrics the run's one point, its index the x", async () => {
    const { runs } = await discover('runs-exports/mlflow');
    expect(runs.map((r) => [r.group, r.task, r.x, r.y])).toEqual([
      ['sac', 'HalfCheetah-v4', 'index', 'episode_return'],
      ['sac', 'HalfCheetah-v4', 'index', 'episode_return'],
      ['td3', 'HalfCheetah-v4', 'index', 'episode_return'],
      ['td3', 'HalfCheetah-v4', 'index', 'episode_return'],
    ]);
    expect(series(runs[1], 'episode_return')).toEqual({ steps: [0], values: [3001.5] });
    expect(runs[1]?.meta.config).toEqual({ algo: 'sac', env_id: 'HalfCheetah-v4', seed: 1 });
  });

  it('rsl_rl: `params/` configures the run above it whatever its files are named; the algorithm from inside its settings', async () => {
    const { runs, unread } = await discover('rsl-rl');
    expect(runs.map(row)).toEqual([
      [
        'logs/rsl_rl/cartpole/2024-01-01_12-00-00',
        'PPO',
        'all',
        '2024-01-01_12-00-00',
        'step',
        'Train/mean_reward',
      ],
      [
        'logs/rsl_rl/cartpole/2024-01-02_12-00-00',
        'PPO',
        'all',
        '2024-01-02_12-00-00',
        'step',
        'Train/mean_reward',
      ],
    ]);
    expect(runs.map((r) => r.meta.seed)).toEqual([42, 43]);
    expect(unread.map((u) => u.path.split('/').pop())).toEqual(['model_0.pt', 'model_0.pt']);
  });

  it('Dopamine: a bare Atari game in a folder name is the task, not an SB3 algorithm folder', async () => {
    const { runs } = await discover('dopamine');
    expect(runs.map(row)).toEqual([
      ['dqn/Pong_1', 'dqn', 'Pong', 'Pong_1', 'step', 'Train/AverageReturns'],
      ['dqn/Pong_2', 'dqn', 'Pong', 'Pong_2', 'step', 'Train/AverageReturns'],
    ]);
  });

  it('skrl: the mean total reward, not its max nor the instantaneous reward', async () => {
    const { runs } = await discover('skrl');
    expect(runs.map((r) => [r.group, r.task, r.y])).toEqual([
      ['ppo', 'Isaac-Ant-v0', 'Reward / Total reward (mean)'],
      ['ppo', 'Isaac-Ant-v0', 'Reward / Total reward (mean)'],
    ]);
  });
});

describe('stores and downloads known by their shape', () => {
  it('PyMARL: sacred info.json of parallel arrays (`name`, `name_T`) is the run; algorithm and SMAC map from config.json', async () => {
    const { runs, unread } = await discover('pymarl');
    expect(runs.map(row)).toEqual([
      ['results/sacred/1', 'qmix', '3m', '1', 'step', 'test_return_mean'],
      ['results/sacred/2', 'qmix', '3m', '2', 'step', 'test_return_mean'],
    ]);
    expect(series(runs[0], 'test_return_mean')).toEqual({ steps: [0, 10000, 20000], values: [1, 21, 41] });
    // jsonpickled NumPy scalars are numbers
    expect(series(runs[0], 'test_battle_won_mean').values).toEqual([0, 0.25, 0.5]);
    expect(unread.map((u) => u.path.split('/').pop()).sort()).toEqual([
      'cout.txt',
      'cout.txt',
      'metrics.json',
      'metrics.json',
    ]);
  });

  it("TensorBoard's Download JSON ([[wall, step, value]]) is read as its CSV download is", async () => {
    const { runs } = await discover('tensorboard-json');
    expect(runs.map(row)).toEqual([
      ['run-PPO_1-tag-rollout_ep_rew_mean.json', 'ppo', 'all', 'PPO_1', 'Step', 'rollout_ep_rew_mean'],
      ['run-PPO_2-tag-rollout_ep_rew_mean.json', 'ppo', 'all', 'PPO_2', 'Step', 'rollout_ep_rew_mean'],
    ]);
    expect(series(runs[0], 'rollout_ep_rew_mean')).toEqual({
      steps: [2048, 4096, 6144],
      values: [15.5, 26, 36.5],
    });
    expect(runs[0]?.series[0]?.wallTimes?.[0]).toBe(1704110400.5);
  });

  it('TensorBoard downloads renamed by hand are one run per first logged point (a step within a second)', async () => {
    const dir = tempDir('tb-renamed');
    // two runs started an hour apart; each tag downloaded and renamed; one as Download JSON
    const csv = (wall: number, values: number[]) =>
      `Wall time,Step,Value\n${values.map((v, i) => `${wall + i * 0.61 + Math.random() / 100},${2048 * (i + 1)},${v}`).join('\n')}\n`;
    writeFileSync(join(dir, 'PPO_reward.csv'), csv(1748300829.00253, [1, 2, 3]));
    writeFileSync(join(dir, 'PPO_entropy_loss.csv'), csv(1748300829.4, [-1.4, -1.3, -1.2]));
    writeFileSync(
      join(dir, 'PPO.json'),
      JSON.stringify([
        [1748300829.0025358, 2048, 0.5],
        [1748300829.6, 4096, 0.6],
      ]),
    );
    writeFileSync(join(dir, 'PPO_effort_reward.csv'), csv(1748304429.1, [4, 5, 6]));
    writeFileSync(join(dir, 'PPO_effort_entropy_loss.csv'), csv(1748304429.2, [-1, -0.9, -0.8]));
    const { runs } = await discoverRuns(dir);
    expect(runs.map((r) => [...new Set(r.series.map((s) => s.metric))].sort())).toEqual([
      ['PPO', 'PPO_entropy_loss', 'PPO_reward'],
      ['PPO_effort_entropy_loss', 'PPO_effort_reward'],
    ]);
    expect(runs.map((r) => r.x)).toEqual(['Step', 'Step']);
  });

  it('Tianshou: test/reward over train/reward; the seed and time folders are below the algorithm', async () => {
    const { runs } = await discover('tianshou-tb');
    expect(runs.map((r) => [r.group, r.task, r.y])).toEqual([
      ['sac', 'Ant-v4', 'test/reward'],
      ['sac', 'Ant-v4', 'test/reward'],
    ]);
  });
});

describe('a folder of tables, one per metric', () => {
  it('DVCLive: plots/metrics/<name>.tsv (a `/` in a name a subfolder) is one run named above dvclive/; the clock is no metric', async () => {
    const { runs, unread } = await discover('dvclive');
    expect(runs.map(row)).toEqual([
      [
        'exp-a/dvclive/plots/metrics',
        'dvclive lr=0.001',
        'CartPole-v1',
        'exp-a',
        'step',
        'eval/episode_reward',
      ],
      [
        'exp-b/dvclive/plots/metrics',
        'dvclive lr=0.01',
        'CartPole-v1',
        'exp-b',
        'step',
        'eval/episode_reward',
      ],
    ]);
    expect(runs[0]?.series.map((s) => s.metric).sort()).toEqual(['eval/episode_reward', 'train/loss']);
    expect(series(runs[1], 'eval/episode_reward')).toEqual({ steps: [0, 1, 2], values: [10.5, 20.5, 40.5] });
    expect(unread.map((u) => u.path)).toEqual(['exp-a/dvclive/metrics.json', 'exp-b/dvclive/metrics.json']);
  });
});

describe('headerless files: a run per seed, or a metric per file', () => {
  it('jaxrl: a headerless `step return` file per seed is a run each, x its counting column', async () => {
    const { runs } = await discover('jaxrl');
    expect(runs.map(row)).toEqual([
      ['tmp/HalfCheetah-v2/sac/0.txt', 'sac', 'HalfCheetah-v2', '0.txt', 'step', 'value'],
      ['tmp/HalfCheetah-v2/sac/1.txt', 'sac', 'HalfCheetah-v2', '1.txt', 'step', 'value'],
      ['tmp/HalfCheetah-v2/sac/2.txt', 'sac', 'HalfCheetah-v2', '2.txt', 'step', 'value'],
    ]);
    expect(series(runs[2], 'value')).toEqual({ steps: [5000, 10000, 15000], values: [102, 202, 302] });
  });
});

describe('per-metric files in a folder per seed', () => {
  it('`exp/seed_0/{reward,loss}.csv`, `exp/seed_1/…`: a run per seed folder, never one run of the experiment', async () => {
    const root = tempDir('per-seed');
    for (const seed of [0, 1]) {
      mkdirSync(join(root, 'exp', `seed_${seed}`), { recursive: true });
      writeFileSync(join(root, 'exp', `seed_${seed}`, 'reward.csv'), `100,1.${seed}\n200,2.${seed}\n`);
      writeFileSync(join(root, 'exp', `seed_${seed}`, 'loss.csv'), '100,0.5\n200,0.4\n');
    }
    const { runs } = await discoverRuns(root);
    expect(runs.map((r) => [r.id, r.x, r.y, r.series.map((s) => s.metric).sort()])).toEqual([
      ['exp/seed_0', 'step', 'reward', ['loss', 'reward']],
      ['exp/seed_1', 'step', 'reward', ['loss', 'reward']],
    ]);
  });
});

describe('the rules, each alone', () => {
  it('np.save of a returns list beside its timesteps: the folder is one run, x the timesteps', async () => {
    const root = join(tempDir('npy'), 'exp');
    mkdirSync(root, { recursive: true });
    // np.save(..., np.array([...])): header padded to 64 bytes, then the little-endian values
    const npy = (
      descr: string,
      values: number[],
      bytes: number,
      write: (b: Buffer, v: number, o: number) => void,
    ) => {
      let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${values.length},), }`;
      header = header.padEnd(64 - 10 - 1, ' ') + '\n';
      const out = Buffer.alloc(10 + header.length + values.length * bytes);
      Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]).copy(out);
      out.writeUInt16LE(header.length, 8);
      out.write(header, 10, 'latin1');
      values.forEach((v, i) => {
        write(out, v, 10 + header.length + i * bytes);
      });
      return out;
    };
    writeFileSync(
      join(root, 'timesteps.npy'),
      npy('<i8', [1000, 2000, 3000], 8, (b, v, o) => b.writeBigInt64LE(BigInt(v), o)),
    );
    writeFileSync(
      join(root, 'returns.npy'),
      npy('<f8', [1.5, 2.5, 4], 8, (b, v, o) => b.writeDoubleLE(v, o)),
    );
    const { runs } = await discoverRuns(root);
    expect(runs.map((r) => [r.id, r.x, r.y])).toEqual([['.', 'timesteps', 'returns']]);
    expect(runs[0]?.series.find((s) => s.metric === 'returns')?.steps).toEqual(
      Float64Array.from([1000, 2000, 3000]),
    );
  });

  it.each(['link', 'copy'])(
    "a W&B run synced from TensorBoard (its files/ %s the run's event files) is that run's copy: read once, from the events",
    async (how) => {
      const root = join(tempDir('synced'), 'cleanrl');
      const name = 'HalfCheetah-v4__ppo_continuous_action__1__0.95__1700000001';
      const events = 'events.out.tfevents.1700000001.host.1.0';
      const wandb = join(root, 'wandb', 'offline-run-20251124_120000-abc123');
      cpSync(join(RECOGNISERS, 'cleanrl-extra', 'runs', name), join(root, 'runs', name), { recursive: true });
      cpSync(join(STORES, 'wandb', 'offline-run-20251124_120000-abc123'), wandb, { recursive: true });
      mkdirSync(join(wandb, 'files', name), { recursive: true });
      (how === 'link' ? symlinkSync : copyFileSync)(
        join(root, 'runs', name, events),
        join(wandb, 'files', name, events),
      );
      const both = await discoverRuns(root);
      expect(both.runs.map((r) => [r.id, r.layout])).toEqual([[`runs/${name}`, 'cleanrl']]);
      expect(both.unread.find((u) => u.path.endsWith('.wandb'))?.why).toBe(
        `W&B's copy (sync_tensorboard) of the TensorBoard run runs/${name}, which is read`,
      );
      // the W&B folder alone has no other copy: its run is read
      const alone = await discoverRuns(join(root, 'wandb'));
      expect(alone.runs.map((r) => r.layout)).toEqual(['wandb']);
    },
  );

  it("ML-Agents' configuration.yaml above its behaviour folders is their configuration, not an unread file", async () => {
    const root = join(tempDir('mlagents'), 'results');
    mkdirSync(join(root, 'run1', '3DBall'), { recursive: true });
    writeFileSync(
      join(root, 'run1', 'configuration.yaml'),
      'behaviors:\n  3DBall:\n    trainer_type: ppo\nenv_settings:\n  seed: 1\n',
    );
    writeFileSync(join(root, 'run1', '3DBall', 'metrics.csv'), 'step,reward\n1,0.5\n2,0.75\n');
    const { runs, unread } = await discoverRuns(root);
    expect(unread).toEqual([]);
    expect(runs[0]?.meta.configFiles).toEqual(['run1/configuration.yaml']);
  });

  it('a log line opening with a bracket is text; a JSON array is still one', () => {
    const sniff = (text: string, name = 'x.log') => sniffBytes(Buffer.from(text), name, text.length, 0).kind;
    expect(sniff('[2024-01-01 12:00:00,000][__main__][INFO] - training\n')).toBe('text');
    expect(sniff('[12:00:01] step 5, loss 0.3\n[12:00:02] step 6, loss 0.2\n')).toBe('text');
    expect(sniff('[{"step": 1, "r": 2}]', 'a.json')).toBe('json-array');
    expect(sniff('[\n  {"step": 1,', 'a.json')).toBe('json-array');
  });

  it('x: a `*_steps` counter beats episodes and epochs; rates and times are no x', () => {
    const cols = (...names: string[]) => new Map(names.map((n) => [n, Float64Array.of(1, 2, 3)]));
    expect(chooseX(cols('episodes', 'actor_steps', 'episode_return'))).toBe('actor_steps');
    expect(chooseX(cols('epoch', 'learner_steps'))).toBe('learner_steps');
    expect(chooseX(cols('steps_per_second', 'episodes'))).toBe('episodes');
    // the vocabulary's env-step names still come first
    expect(chooseX(cols('learner_steps', 'global_step'))).toBe('global_step');
  });

  it('y: a tag naming its x prefers the one against steps', () => {
    expect(chooseY(['rewards/iter', 'rewards/time', 'rewards/step', 'losses/a_loss'])).toBe('rewards/step');
    expect(chooseY(['rewards/iter', 'losses/a_loss'])).toBe('rewards/iter');
    expect(statisticY('scores', ['steps', 'episodes', 'elapsed', 'mean', 'median'])).toBe('mean');
    expect(statisticY('progress', ['steps', 'mean'])).toBeNull();
  });

  it('y: camelCase names read word by word (`validAccuracy` is a validation accuracy, above any loss)', () => {
    const names = ['testLoss', 'trainAccuracy', 'trainLoss', 'validAccuracy', 'validLoss', 'learningRate'];
    expect(chooseY(names)).toBe('validAccuracy');
    expect(chooseY(['trainLoss', 'valLoss'])).toBe('valLoss');
    expect(chooseY(['episodeReward', 'evalEpisodeReward'])).toBe('evalEpisodeReward');
  });

  const curve = (scale: number) =>
    `epoch,train/loss,metrics/mAP_0.5\n${[0, 1, 2, 3].map((e) => `${e},${(1 / (e + 1)).toFixed(3)},${(scale * (e + 1)).toFixed(3)}`).join('\n')}\n`;

  it('one log name in several folders of one run each: the folder is the run, the folders above its group', async () => {
    const root = join(tempDir('by-folder'), 'runs');
    for (const [name, scale] of [
      ['exp', 0.1],
      ['exp2', 0.12],
      ['exp3', 0.15],
    ] as const) {
      mkdirSync(join(root, 'train', name), { recursive: true });
      writeFileSync(join(root, 'train', name, 'results.csv'), curve(scale));
    }
    const { runs } = await discoverRuns(root);
    expect(runs.map((r) => [r.id, r.group, r.run])).toEqual([
      ['train/exp/results.csv', 'train', 'exp'],
      ['train/exp2/results.csv', 'train', 'exp2'],
      ['train/exp3/results.csv', 'train', 'exp3'],
    ]);
    // files of one folder are its runs: the folder names none of them
    const flat = join(tempDir('by-file'), 'Fetch_Push');
    mkdirSync(flat, { recursive: true });
    for (const name of ['run1.csv', 'run2.csv']) writeFileSync(join(flat, name), curve(0.1));
    const files = await discoverRuns(flat);
    expect(files.runs.map((r) => r.run)).toEqual(['run1.csv', 'run2.csv']);
  });

  it('`PPO/` and `PPO_SimHash/` are two groups; `PPO_1/`, `PPO_2/` one', async () => {
    const root = join(tempDir('variants'), 'logs');
    const progress = (scale: number) =>
      `timesteps,episode_reward\n${[1, 2, 3].map((i) => `${i * 1000},${scale * i}`).join('\n')}\n`;
    for (const folder of ['PPO', 'PPO_SimHash'])
      for (const seed of [0, 1]) {
        mkdirSync(join(root, folder, `seed_${seed}`), { recursive: true });
        writeFileSync(join(root, folder, `seed_${seed}`, 'progress.csv'), progress(seed + 1));
      }
    const { runs } = await discoverRuns(root);
    expect(runs.map((r) => [r.group, r.run])).toEqual([
      ['ppo', 'seed_0'],
      ['ppo', 'seed_1'],
      ['ppo_simhash', 'seed_0'],
      ['ppo_simhash', 'seed_1'],
    ]);
    const numbered = join(tempDir('numbered'), 'logs');
    for (const folder of ['PPO_1', 'PPO_2']) {
      mkdirSync(join(numbered, folder), { recursive: true });
      writeFileSync(join(numbered, folder, 'progress.csv'), progress(1));
    }
    const one = await discoverRuns(numbered);
    expect(one.runs.map((r) => r.group)).toEqual(['ppo', 'ppo']);
  });

  it('a task under an experiment folder (`ICM/Hopper-v2`) keeps the name it has elsewhere (`Hopper-v2`)', async () => {
    const root = join(tempDir('bare-task'), 'results');
    const log = `step,return\n${[1, 2, 3].map((i) => `${i * 100},${i}`).join('\n')}\n`;
    for (const path of ['Hopper-v2/seed_0', 'ICM/Hopper-v2/seed_0', 'Walker2d-v2/seed_0']) {
      mkdirSync(join(root, path), { recursive: true });
      writeFileSync(join(root, path, 'log.csv'), log);
    }
    const { runs } = await discoverRuns(root);
    expect(runs.map((r) => r.task).sort()).toEqual(['Hopper-v2', 'Hopper-v2', 'Walker2d-v2']);
  });

  it("a report evidence wrote inside the folder is no run: its files are said to be the report's", async () => {
    const root = join(tempDir('own-report'), 'run');
    mkdirSync(join(root, 'report'), { recursive: true });
    writeFileSync(join(root, 'progress.csv'), 'step,reward\n1,1\n2,2\n3,3\n');
    writeFileSync(join(root, 'report', 'REPORT.md'), '# Training evidence\n');
    writeFileSync(join(root, 'report', '.evidence-report.json'), '{"files":{}}\n');
    writeFileSync(join(root, 'report', 'overlay-1-reward.svg'), '<svg/>\n');
    const { runs, unread } = await discoverRuns(root);
    expect(runs.map((r) => r.id)).toEqual(['.']);
    expect(new Set(unread.map((u) => u.why))).toEqual(
      new Set(['a report written by `evidence report`, not a run']),
    );
  });

  it('the unread note names five files with why, then how many more', () => {
    const unread = Array.from({ length: 7 }, (_, i) => ({
      path: `r/f${i}.png`,
      why: 'an image (PNG), not a log',
    }));
    const note = unreadNote(unread);
    expect(note).toMatch(/^not read: r\/f0\.png \(an image \(PNG\), not a log\); r\/f1\.png/);
    expect(note?.match(/\.png/g)).toHaveLength(5);
    expect(note).toMatch(/; … 2 more$/);
    expect(unreadNote([])).toBeNull();
  });
});
