import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoverRuns, type Run, UnknownFileError } from '../src/index.js';
import { tempDir } from './helpers.js';

const LAYOUTS = fileURLToPath(new URL('./fixtures/layouts', import.meta.url));
const at = (name: string) => join(LAYOUTS, name);
const identity = (run: Run) => [run.group, run.task, run.run];
const series = (run: Run | undefined, metric: string) => run?.series.find((s) => s.metric === metric);
const values = (run: Run | undefined, metric: string) => [...(series(run, metric)?.values ?? [])];
const steps = (run: Run | undefined, metric: string) => [...(series(run, metric)?.steps ?? [])];

describe('discoverRuns: the layouts of the field (fixtures written as each tool writes them)', () => {
  it('SB3 VecEnv: all *.monitor.csv of a folder are ONE run, joined by time; a header-only monitor is skipped, the rest goes on', async () => {
    const { runs, skipped, summary } = await discoverRuns(at('sb3-vecenv'));
    expect(runs.map((r) => [r.id, r.layout, r.format, r.x, r.y])).toEqual([
      ['a2c_pong', 'sb3-monitor', 'monitor', 'timesteps', 'r'],
    ]);
    const run = runs[0];
    expect(series(run, 'r')?.values.length).toBe(20);
    // joined by end time (t + t_start) as load_results does: wall times never go back
    const wall = [...(series(run, 'r')?.wallTimes ?? [])];
    expect(wall).toEqual([...wall].sort((a, b) => a - b));
    // timesteps is the cumulative episode length over all workers
    const lengths = values(run, 'l');
    expect(steps(run, 'r').at(-1)).toBe(lengths.reduce((a, b) => a + b, 0));
    expect(run?.meta.envId).toBe('PongNoFrameskip-v4');
    expect(skipped).toEqual([
      { path: 'crashed', why: 'no values to read (0.monitor.csv: no episode yet (header only))' },
    ]);
    // the task from the monitor header, the group from the algorithm in the folder's name, said
    expect(summary).toMatch(
      /^1 run in 1 group \(a2c\) × 1 task \(PongNoFrameskip-v4\), .*task from metadata \(monitor header env_id\) 1; group from algorithm in path 1; x timesteps 1; y r 1 \(a return\); 1 skipped;/,
    );
  });

  it('OpenAI baselines / SB2: 0.0.monitor.csv and progress.csv of ppo2, trpo_mpi and deepq, each with its own x and y', async () => {
    const { runs } = await discoverRuns(at('baselines'));
    expect(runs.map((r) => [r.run, r.layout, r.format, r.x, r.y])).toEqual([
      ['deepq_seed0', 'folder', 'baselines-progress', 'steps', 'mean 100 episode reward'],
      ['ppo2_seed0', 'folder', 'baselines-progress', 'misc/total_timesteps', 'eprewmean'],
      ['trpo_seed0', 'folder', 'baselines-progress', 'TimestepsSoFar', 'EpRewMean'],
    ]);
    const ppo2 = runs[1];
    expect(values(ppo2, 'eprewmean')).toEqual([10, 11, 12, 13]);
    expect(steps(ppo2, 'eprewmean')).toEqual([256, 512, 768, 1024]);
    // the monitor file of the same folder is a second source of the same run
    expect(series(ppo2, 'r')?.source).toBe('0.0.monitor.csv');
    expect(ppo2?.meta.envId).toBe('CartPole-v1');
  });

  it('Ray Tune / RLlib trials: group = experiment and the configuration minus the seed, task = params.json env, dict/list text columns named once', async () => {
    const { runs } = await discoverRuns(at('ray_results'));
    expect(runs.map((r) => [r.layout, r.format, r.x, r.y, ...identity(r)])).toEqual(
      [0, 1].map((i) => [
        'ray-trial',
        'rllib-progress',
        'timesteps_total',
        'episode_reward_mean',
        `PPO_2024-01-01_12-00-00 lr=${['0.001', '0.0001'][i]}`,
        'CartPole-v1',
        expect.stringMatching(new RegExp(`^PPO_CartPole-v1_a1b2c_0000${i}_${i}_lr=`)),
      ]),
    );
    expect(values(runs[1], 'episode_reward_mean')).toEqual([21, 31, 41]);
    expect(values(runs[1], 'info/learner/default_policy/learner_stats/total_loss')).toEqual([5, 4, 3]);
    expect(runs[1]?.meta.config).toMatchObject({ env: 'CartPole-v1', lr: 0.0001 });
    expect(runs[1]?.issues).toHaveLength(1);
    expect(runs[1]?.issues[0]).toMatch(
      /progress\.csv: text columns \(not charted\): "custom_metrics" \(line 2: .*\), "hist_stats\/episode_reward" \(line 2: .*\), "date" \(line 2: .*\), "hostname" \(line 2: "host"\), "trial_id" \(line 2: /,
    );
  });

  it('Lightning CSVLogger version_N: step x, train and val rows apart (gaps kept apart, not zeros), hparams.yaml as config (its differing keys in the group)', async () => {
    const { runs } = await discoverRuns(at('lightning'));
    expect(runs.map((r) => [r.layout, r.format, r.x, r.y, ...identity(r)])).toEqual([
      ['lightning', 'lightning-csv', 'step', 'episode/Return', 'lightning_logs lr=0.001', 'all', 'version_0'],
      ['lightning', 'lightning-csv', 'step', 'episode/Return', 'lightning_logs lr=0.002', 'all', 'version_1'],
    ]);
    expect(steps(runs[0], 'val_loss')).toEqual([10, 30]);
    expect(values(runs[0], 'episode/Return')).toEqual([10, 20, 30, 40]);
    expect(runs[1]?.meta.config).toEqual({ lr: 0.002, hidden: 64 });
  });

  it('HF Trainer / TRL: the checkpoint-N copies of one history are one run (the newest), log_history per step', async () => {
    const { runs } = await discoverRuns(at('trl'));
    expect(runs.map((r) => [r.id, r.layout, r.format, r.x, r.y])).toEqual([
      ['grpo-qwen', 'hf-trainer', 'hf-trainer-state', 'step', 'reward'],
    ]);
    expect(steps(runs[0], 'reward')).toEqual([5, 10, 15, 20, 25, 30]);
    expect(values(runs[0], 'kl')).toHaveLength(6);
    expect(values(runs[0], 'train_runtime')).toEqual([100.5]);
    expect(runs[0]?.meta.config).toMatchObject({ max_steps: 30, train_batch_size: 8 });
  });

  it('MLflow mlruns/: experiment name as group, runName as run, timestamps in ms as wall time, nan kept out of the points', async () => {
    const { runs, ignored } = await discoverRuns(at('mlruns'));
    expect(runs.map((r) => [r.layout, r.format, ...identity(r)])).toEqual([
      ['mlflow', 'mlflow', 'cartpole-sweep', 'all', 'seed-0'],
      ['mlflow', 'mlflow', 'cartpole-sweep', 'all', 'seed-1'],
    ]);
    expect(steps(runs[1], 'reward')).toEqual([0, 100, 300]);
    expect(values(runs[1], 'reward')).toEqual([11, 21, 41]);
    expect(series(runs[0], 'reward')?.wallTimes[0]).toBe(1_700_000_000);
    expect(series(runs[0], 'train/loss')?.source).toBe('metrics/train/loss');
    expect(runs[0]?.meta.config).toEqual({ learning_rate: '0.0003' });
    expect(ignored).toEqual(['1/meta.yaml']);
  });

  it('rl-zoo logs/{algo}/{env}_{n}: group = algo, task = env, run = n; config.yml/args.yml (PyYAML OrderedDict tags) as config', async () => {
    const { runs } = await discoverRuns(at('rl-zoo'));
    expect(runs.map((r) => [r.layout, r.format, r.x, r.y, ...identity(r)])).toEqual([
      ['rl-zoo', 'monitor', 'timesteps', 'r', 'ppo', 'CartPole-v1', '1'],
      ['rl-zoo', 'monitor', 'timesteps', 'r', 'ppo', 'CartPole-v1', '2'],
    ]);
    expect(runs[0]?.meta.config).toEqual({
      config: { batch_size: 256, n_envs: 8, n_timesteps: 100000, policy: 'MlpPolicy' },
      args: { algo: 'ppo', env: 'CartPole-v1', seed: 1 },
    });
  });

  it('SB3 tensorboard_log/{ALGO}_{n} (group = algorithm) and CleanRL runs (every same-step value kept)', async () => {
    const sb3 = await discoverRuns(at('sb3-tensorboard'));
    expect(sb3.runs.map((r) => [r.layout, ...identity(r)])).toEqual([
      ['sb3-tensorboard', 'A2C', 'all', '1'],
      ['sb3-tensorboard', 'PPO', 'all', '1'],
      ['sb3-tensorboard', 'PPO', 'all', '2'],
    ]);
    const cleanrl = await discoverRuns(at('cleanrl'));
    expect(cleanrl.runs.map((r) => [r.layout, ...identity(r)])).toEqual([
      ['cleanrl', 'ppo', 'CartPole-v1', '1'],
      ['cleanrl', 'ppo', 'CartPole-v1', '2'],
    ]);
    expect(steps(cleanrl.runs[0], 'charts/episodic_return')).toEqual([500, 500, 1000, 1000, 1000]);
    expect(values(cleanrl.runs[0], 'charts/episodic_return')).toEqual([10, 12, 21, 22, 24]);
  });

  it('folder per run (progress.csv): the runs share their parent folder as group', async () => {
    const { runs } = await discoverRuns(at('folder-per-run'));
    expect(runs.map((r) => [r.layout, r.format, ...identity(r)])).toEqual(
      [0, 1, 2].map((seed) => ['sb3-log', 'sb3-progress', 'folder-per-run', 'all', `seed${seed}`]),
    );
  });

  it('a long-format table is split by its seed column (algo/env columns name group and task); JSON arrays and JSONL are runs', async () => {
    const { runs } = await discoverRuns(at('long-format'));
    const table = runs.filter((r) => r.layout === 'long-table');
    expect(table.map((r) => [r.id, ...identity(r)])).toEqual(
      ['ppo', 'dqn'].flatMap((algo) =>
        [0, 1, 2].map((seed) => [
          `results.csv#${algo}/CartPole-v1/${seed}`,
          algo,
          'CartPole-v1',
          String(seed),
        ]),
      ),
    );
    expect(values(table[1], 'reward')).toEqual([6, 16, 26, 36]);
    expect(table.every((r) => r.issues.length === 0)).toBe(true);
    const json = runs.find((r) => r.format === 'json');
    expect([json?.x, json?.y, values(json, 'loss').length]).toEqual(['step', 'reward', 3]);
    const jsonl = runs.find((r) => r.format === 'jsonl');
    expect([jsonl?.x, jsonl?.y]).toEqual(['global_step', 'charts.episodic_return']);
  });

  it('--run-column names another split column; a pattern without {run} makes each match one run', async () => {
    const dir = tempDir('run-column');
    writeFileSync(join(dir, 'sweep.csv'), 'trial,step,score\na,0,1\na,1,2\nb,0,3\nb,1,4\n');
    const { runs } = await discoverRuns(dir, { runColumn: 'trial' });
    expect(runs.map((r) => [r.id, r.run, values(r, 'score')])).toEqual([
      ['sweep.csv#a', 'a', [1, 2]],
      ['sweep.csv#b', 'b', [3, 4]],
    ]);
    const each = await discoverRuns(at('folder-per-run'), { pattern: '*/progress.csv' });
    expect(each.runs.map((r) => [r.layout, r.run])).toEqual([
      ['pattern', 'seed0'],
      ['pattern', 'seed1'],
      ['pattern', 'seed2'],
    ]);
  });

  it('TensorBoard "Download CSV" files of one run are one run; W&B run.history() CSV (pandas index column dropped)', async () => {
    const { runs } = await discoverRuns(at('downloads'));
    expect(runs.map((r) => [r.id, r.format, r.x, r.y, r.run])).toEqual([
      ['run-PPO_1', 'tensorboard-csv', 'Step', 'rollout_ep_rew_mean', 'PPO_1'],
      ['wandb_history.csv', 'wandb-history', '_step', 'train/reward', 'wandb_history.csv'],
    ]);
    expect(runs[0]?.series.map((s) => s.metric)).toEqual(['rollout_ep_rew_mean', 'train_loss']);
    expect(series(runs[0], 'train_loss')?.wallTimes[2]).toBe(1700000002.123);
    expect(series(runs[1], 'train/loss')?.wallTimes[0]).toBe(1_700_000_000);
  });

  it('Keras CSVLogger training.log (epoch first)', async () => {
    const { runs } = await discoverRuns(at('keras'));
    expect(runs.map((r) => [r.format, r.x, values(r, 'val_accuracy').length])).toEqual([
      ['keras-csv', 'epoch', 4],
    ]);
  });

  it('the whole fixture tree at once: one line says what was taken as groups, tasks and runs', async () => {
    const { runs, skipped, summary } = await discoverRuns(LAYOUTS);
    expect(runs).toHaveLength(32);
    expect(skipped.map((s) => s.path)).toEqual(['sb3-vecenv/crashed']);
    expect(summary).toMatch(
      /^32 runs in \d+ groups \(.*\) × 3 tasks \(all, CartPole-v1, PongNoFrameskip-v4\), by layout \(.*\); task from .*; group from .*; x .*; y .*; 1 skipped; .*override with --pattern, --group-by, --x, --y$/,
    );
  });
});

describe('discoverRuns: patterns, restarts, bad input', () => {
  it('{run} may be a folder: {group}/{run}/progress.csv keeps the seeds of one group together', async () => {
    const dir = tempDir('pattern-folder');
    cpSync(at('folder-per-run'), join(dir, 'ppo'), { recursive: true });
    cpSync(at('folder-per-run'), join(dir, 'a2c'), { recursive: true });
    const { runs, summary } = await discoverRuns(dir, { pattern: '{group}/{run}/progress.csv' });
    expect(runs.map(identity)).toEqual(
      ['a2c', 'ppo'].flatMap((group) => [0, 1, 2].map((seed) => [group, 'all', `seed${seed}`])),
    );
    expect(summary).toMatch(/^6 runs in 2 groups \(a2c, ppo\) × 1 task \(all\), by --pattern/);
  });

  it('a pattern naming each monitor file a run ({run}.monitor.csv) splits the folder that layout joins', async () => {
    const dir = tempDir('pattern-monitors');
    mkdirSync(join(dir, 'ppo', 'CartPole-v1'), { recursive: true });
    for (const seed of [1, 2])
      cpSync(
        at('rl-zoo/logs/ppo/CartPole-v1_1/0.monitor.csv'),
        join(dir, 'ppo', 'CartPole-v1', `seed${seed}.monitor.csv`),
      );
    expect((await discoverRuns(dir)).runs.map((r) => r.id)).toEqual(['ppo/CartPole-v1']);
    const { runs } = await discoverRuns(dir, { pattern: '{group}/{task}/{run}.monitor.csv' });
    expect(runs.map((r) => [r.id, ...identity(r), values(r, 'r').length])).toEqual([
      ['ppo/CartPole-v1/seed1.monitor.csv', 'ppo', 'CartPole-v1', 'seed1', 4],
      ['ppo/CartPole-v1/seed2.monitor.csv', 'ppo', 'CartPole-v1', 'seed2', 4],
    ]);
  });

  it('* matches a varying part (Ray trial hashes); what does not match is skipped with why', async () => {
    const { runs, skipped } = await discoverRuns(at('ray_results'), {
      pattern: '{group}/PPO_{task}_*_lr={run}_*',
    });
    expect(runs.map(identity)).toEqual([
      ['PPO_2024-01-01_12-00-00', 'CartPole-v1', '0.0010'],
      ['PPO_2024-01-01_12-00-00', 'CartPole-v1', '0.0001'],
    ]);
    expect(skipped).toEqual([]);
    const none = await discoverRuns(at('folder-per-run'), { pattern: '{run}/metrics.csv' });
    expect(none.runs).toEqual([]);
    expect(none.skipped[0]).toEqual({ path: 'seed0', why: 'does not match --pattern {run}/metrics.csv' });
  });

  it('a CSV whose step goes back (a resumed trainer appending) purges the rows it replaces, and says where', async () => {
    const dir = tempDir('csv-restart');
    writeFileSync(join(dir, 'log.csv'), 'step,reward\n1,10\n2,20\n3,30\n2,21\n3,31\n3,32\n4,40\n');
    const { runs } = await discoverRuns(dir);
    const run = runs[0];
    expect(steps(run, 'reward')).toEqual([1, 2, 3, 3, 4]);
    expect(values(run, 'reward')).toEqual([10, 21, 31, 32, 40]);
    expect(run?.restarts).toEqual([{ file: 'log.csv', step: 2, previous: 3, purged: 2, kind: 'step-back' }]);
    expect(run?.issues.join('\n')).toMatch(
      /log\.csv: "step" went back to 2: the run restarted; 2 earlier row\(s\)/,
    );
  });

  it('a torn last line of a CSV is reported and never returned, whatever its field count', async () => {
    const dir = tempDir('torn');
    writeFileSync(join(dir, 'log.csv'), 'step,reward\n1,10\n2,20\n3,3');
    const { runs } = await discoverRuns(dir);
    expect(values(runs[0], 'reward')).toEqual([10, 20]);
    expect(runs[0]?.issues).toEqual([expect.stringMatching(/log\.csv:4: last line has no line end/)]);
  });

  it('a file that is no run file: one line naming what it looks like and what is expected', async () => {
    const dir = tempDir('unknown');
    writeFileSync(join(dir, 'model.zip'), Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 1, 2]));
    const error = await discoverRuns(join(dir, 'model.zip')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownFileError);
    expect((error as Error).message).toMatch(
      /model\.zip: not a run file \(binary data\); expected an evidence folder/,
    );
    expect((error as Error).message).not.toContain('\n');
    mkdirSync(join(dir, 'one'));
    writeFileSync(join(dir, 'one', 'progress.csv'), 'time/total_timesteps,rollout/ep_rew_mean\n10,1\n');
    const single = await discoverRuns(join(dir, 'one', 'progress.csv'));
    expect(single.runs.map((r) => [r.id, r.format])).toEqual([['progress.csv', 'sb3-progress']]);
  });
});
