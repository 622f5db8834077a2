import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoverRuns, type Run, type Series } from '../src/index.js';
import { readMlflowDatabase } from '../src/stores/mlflow-sqlite.js';
import { readNpz } from '../src/stores/npz.js';
import { readSb3Evaluations } from '../src/stores/sb3-evaluations.js';
import { readWandbRun } from '../src/stores/wandb-run.js';
import { oracleAvailable, python, tempDir } from './helpers.js';

// Written by test/stores_fixtures.py, a port of each tool's writer; read back here against numpy.load,
// Python's sqlite3 and a Python port of W&B's datastore reader.
const script = fileURLToPath(new URL('./stores_fixtures.py', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/stores/', import.meta.url));

function py(...args: string[]): string {
  const result = spawnSync(python, [script, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`stores_fixtures.py ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}
const oracle = (kind: string, path: string) => JSON.parse(py('oracle', kind, path));
/** The oracle's numbers: finite ones as numbers, the others as "nan", "inf", "-inf". */
const fromOracle = (v: number | string): number =>
  typeof v === 'number' ? v : v === 'nan' ? Number.NaN : v === 'inf' ? Infinity : -Infinity;
const metric = (run: { series: Series[] } | undefined, name: string) =>
  run?.series.find((s) => s.metric === name);

describe.skipIf(!oracleAvailable)('evaluations.npz against numpy.load', () => {
  it('every .npy variant numpy writes (v1-v3, both byte orders, C and Fortran order, stored and deflated)', async () => {
    const dir = tempDir('npy-matrix');
    py('npy-matrix', dir);
    const cases = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')) as Record<
      string,
      Record<string, { dtype: string; shape: number[]; values: (number | string)[] }>
    >;
    expect(Object.keys(cases).length).toBeGreaterThanOrEqual(14);
    for (const [name, arrays] of Object.entries(cases)) {
      const read = await readNpz(join(dir, name));
      const expected = arrays.a as { dtype: string; shape: number[]; values: (number | string)[] };
      const got = read.get('a');
      expect([got?.dtype, got?.shape], name).toEqual([expected.dtype, expected.shape]);
      expect([...(got?.values ?? [])], name).toEqual(expected.values.map(fromOracle));
    }
  });

  it("EvalCallback's log: per evaluation numpy's mean, std, min, max, mean length and success rate; every episode kept", async () => {
    for (const algo of ['ppo', 'a2c']) {
      const path = join(fixtures, 'rl-zoo/logs', algo, 'CartPole-v1_1/evaluations.npz');
      const np = oracle('npz', path);
      const part = await readSb3Evaluations(path);
      const steps = np.timesteps.values;
      const close = (name: string, values: number[]) => {
        const series = metric(part, name);
        expect([...(series?.steps ?? [])], name).toEqual(steps);
        (series?.values ?? []).forEach((v, i) => {
          expect(v, `${name}[${i}]`).toBeCloseTo(values[i] as number, 9);
        });
        expect(series?.values.length).toBe(values.length);
      };
      close('eval/mean_reward', np._eval.mean);
      close('eval/std_reward', np._eval.std);
      close('eval/min_reward', np._eval.min);
      close('eval/max_reward', np._eval.max);
      close('eval/mean_ep_length', np._eval.ep_length);
      if (algo === 'ppo') close('eval/success_rate', np._eval.success_rate);
      else expect(metric(part, 'eval/success_rate')).toBeUndefined();
      expect([...(metric(part, 'eval/episode_reward')?.values ?? [])]).toEqual(np.results.values);
      const episodes = np.results.shape[1];
      expect([...(metric(part, 'eval/episode_reward')?.steps ?? [])]).toEqual(
        steps.flatMap((s: number) => Array(episodes).fill(s)),
      );
      expect([part.format, part.x, part.y, part.issues]).toEqual([
        'sb3-evaluations',
        'timesteps',
        'eval/mean_reward',
        [],
      ]);
    }
  });

  it('a cut-short .npz or a structured array is bad input naming the file and the entry', async () => {
    const dir = tempDir('npz-bad');
    const good = readFileSync(join(fixtures, 'rl-zoo/logs/ppo/CartPole-v1_1/evaluations.npz'));
    writeFileSync(join(dir, 'cut.npz'), good.subarray(0, good.length - 200));
    await expect(readNpz(join(dir, 'cut.npz'))).rejects.toThrow(
      `${join(dir, 'cut.npz')}: not a readable .npz`,
    );
    const header = "{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (1,), }";
    const npy = Buffer.concat([
      Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]),
      Buffer.from([header.length + 1, 0]),
      Buffer.from(`${header}\n`),
      Buffer.alloc(8),
    ]);
    const { zipSync } = await import('fflate');
    writeFileSync(join(dir, 'structured.npz'), zipSync({ 'timesteps.npy': npy, 'results.npy': npy }));
    await expect(readNpz(join(dir, 'structured.npz'))).rejects.toThrow(
      `${join(dir, 'structured.npz')}: timesteps.npy: .npy header is not a plain array's`,
    );
  });
});

describe('progress.json (SB3 JSONOutputFormat)', () => {
  it('is read as progress.csv is: x = time/total_timesteps, every key a series, NaN no point', async () => {
    const { runs } = await discoverRuns(join(fixtures, 'sb3-json'));
    const run = runs[0] as Run;
    expect([runs.length, run.layout, run.format, run.x, run.y]).toEqual([
      1,
      'sb3-log',
      'sb3-progress',
      'time/total_timesteps',
      'rollout/ep_rew_mean',
    ]);
    const lines = readFileSync(join(fixtures, 'sb3-json/PPO_1/progress.json'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line.replaceAll('NaN', 'null')) as Record<string, number | null>);
    for (const key of ['rollout/ep_rew_mean', 'rollout/ep_len_mean', 'train/loss', 'train/approx_kl']) {
      const rows = lines.filter((l) => typeof l[key] === 'number');
      expect([...(metric(run, key)?.values ?? [])], key).toEqual(rows.map((l) => l[key]));
      expect([...(metric(run, key)?.steps ?? [])], key).toEqual(rows.map((l) => l['time/total_timesteps']));
    }
  });
});

describe.skipIf(!oracleAvailable)("MLflow's SQLite store against Python's sqlite3", () => {
  it('experiments, runs, params and every metric row (step, timestamp, value; NaN as is_nan) as sqlite3 reads them', async () => {
    const path = join(fixtures, 'mlflow/mlflow.db');
    const db = oracle('mlflow', path) as Record<
      string,
      {
        name: string;
        stage: string;
        experiment: string;
        params: Record<string, string>;
        metrics: Record<string, [number, number, number | string][]>;
      }
    >;
    const runs = await readMlflowDatabase(path);
    expect(runs.map((r) => r.runId).sort()).toEqual(Object.keys(db).sort());
    let points = 0;
    for (const run of runs) {
      const want = db[run.runId];
      expect([run.name, run.experiment, run.deleted], run.runId).toEqual([
        want?.name,
        want?.experiment,
        want?.stage === 'deleted',
      ]);
      expect(run.part.meta.config ?? {}).toEqual(want?.params);
      for (const [key, rows] of Object.entries(want?.metrics ?? {})) {
        const kept = rows.filter((r) => r[2] !== 'nan'); // a NaN is no point, as in the file store
        const series = metric(run.part, key);
        expect([...(series?.steps ?? [])], key).toEqual(kept.map((r) => r[0]));
        expect([...(series?.wallTimes ?? [])], key).toEqual(kept.map((r) => r[1]));
        expect([...(series?.values ?? [])], key).toEqual(kept.map((r) => fromOracle(r[2])));
        points += kept.length;
      }
    }
    expect(points).toBeGreaterThan(100);
  });

  it('discovery: experiment → group, env_id param → task, run name → run; deleted runs left out and said', async () => {
    const dir = tempDir('mlflow-db');
    copyFileSync(join(fixtures, 'mlflow/mlflow.db'), join(dir, 'mlflow.db'));
    mkdirSync(join(dir, 'mlartifacts'));
    const { runs, skipped, roles } = await discoverRuns(dir);
    expect(skipped).toEqual([]);
    // what the store says of each run is counted as the layout's, not as guessed from a folder
    expect([roles.group, roles.task]).toEqual([{ layout: 6 }, { layout: 6 }]);
    expect(runs.map((r) => `${r.group}/${r.task}/${r.run}`).sort()).toEqual(
      ['dqn', 'ppo'].flatMap((a) => [0, 1, 2].map((s) => `cartpole-${a}/CartPole-v1/${a}-seed${s}`)),
    );
    expect(new Set(runs.map((r) => r.layout))).toEqual(new Set(['mlflow-db']));
    expect(runs.flatMap((r) => r.issues).join('\n')).toMatch(
      /1 run\(s\) deleted in MLflow left out \(deleted-run /,
    );
    // one file given on its own is the store too
    const alone = await discoverRuns(join(dir, 'mlflow.db'));
    expect(alone.runs.length).toBe(6);
  });

  it('a store of an older schema (no runs.name, no is_nan) names runs by their mlflow.runName tag', async () => {
    const dir = tempDir('mlflow-old');
    const path = join(dir, 'old.db');
    const sql = `
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      db.executescript("""
        CREATE TABLE experiments (experiment_id INTEGER PRIMARY KEY, name VARCHAR(256), artifact_location VARCHAR(256), lifecycle_stage VARCHAR(32));
        CREATE TABLE runs (run_uuid VARCHAR(32) PRIMARY KEY, experiment_id INTEGER, lifecycle_stage VARCHAR(20), status VARCHAR(9), start_time BIGINT, end_time BIGINT);
        CREATE TABLE metrics (key VARCHAR(250), value FLOAT, timestamp BIGINT, run_uuid VARCHAR(32), step BIGINT DEFAULT 0);
        CREATE TABLE params (key VARCHAR(250), value VARCHAR(250), run_uuid VARCHAR(32));
        CREATE TABLE tags (key VARCHAR(250), value VARCHAR(250), run_uuid VARCHAR(32));
        INSERT INTO experiments VALUES (0, 'Default', '', 'active');
        INSERT INTO runs VALUES ('r1', 0, 'active', 'FINISHED', 1, 2);
        INSERT INTO tags VALUES ('mlflow.runName', 'old-run', 'r1');
        INSERT INTO metrics VALUES ('reward', 1.5, 1000, 'r1', 0), ('reward', 2.5, 2000, 'r1', 1);
      """)
      db.commit()`;
    const result = spawnSync(python, ['-c', sql.replace(/^ {6}/gm, ''), path], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const { runs } = await discoverRuns(dir);
    expect(runs.map((r) => [r.group, r.run, [...(metric(r, 'reward')?.values ?? [])]])).toEqual([
      ['Default', 'old-run', [1.5, 2.5]],
    ]);
  });

  it('a SQLite file without MLflow tables is no store (ignored, not a run)', async () => {
    const dir = tempDir('sqlite-other');
    spawnSync(python, [
      '-c',
      'import sqlite3,sys; d=sqlite3.connect(sys.argv[1]); d.execute("create table t(x)"); d.commit()',
      join(dir, 'cache.db'),
    ]);
    const found = await discoverRuns(dir);
    expect([found.runs.length, found.ignored]).toEqual([0, ['cache.db']]);
  });
});

describe.skipIf(!oracleAvailable)('W&B run files against a Python port of W&B datastore reader', () => {
  const offline = join(fixtures, 'wandb/offline-run-20251124_120000-abc123/run-abc123.wandb');

  it('history rows, config and summary as the Python reader decodes them (records across 32 KiB blocks)', async () => {
    for (const path of [offline, join(fixtures, 'wandb/run-20251124_130000-def456/run-def456.wandb')]) {
      const want = oracle('wandb', path);
      const part = await readWandbRun(path);
      expect(want.error).toBeUndefined();
      const rows = want.history as Record<string, unknown>[];
      for (const key of ['charts/episodic_return', 'losses/value_loss', '_runtime', '_timestamp']) {
        const kept = rows.filter((r) => typeof r[key] === 'number');
        expect([...(metric(part, key)?.values ?? [])], key).toEqual(kept.map((r) => r[key]));
        expect([...(metric(part, key)?.steps ?? [])], key).toEqual(kept.map((r) => r._step));
      }
      expect([...(metric(part, 'charts/is_success')?.values ?? [])]).toEqual(
        rows.map((r) => (r['charts/is_success'] ? 1 : 0)),
      );
      expect([...(metric(part, 'eval.return')?.values ?? [])]).toEqual(
        rows.map((r) => (r.eval as { return: number }).return),
      );
      expect([...(metric(part, 'charts/episodic_return')?.wallTimes ?? [])]).toEqual(
        rows.map((r) => r._timestamp),
      );
      const { _wandb, ...config } = want.config;
      expect(part.meta.config).toEqual(config);
      expect(part.meta.summary).toEqual(want.summary);
      expect((part.meta.wandb as Record<string, unknown>).runId).toBe(want.run.run_id);
      expect(part.issues).toEqual([`${path}: skipped ${rows.length} image-file (not numbers)`]);
    }
  });

  it('discovery: the run folder is the run, W&B group → group, config env_id → task, display name → run', async () => {
    const dir = tempDir('wandb');
    cpSync(join(fixtures, 'wandb'), join(dir, 'wandb'), { recursive: true });
    const { runs, skipped, unread } = await discoverRuns(dir);
    expect(skipped).toEqual([]);
    // W&B's copies beside the run file are listed, not read
    expect(unread).toEqual(
      ['offline-run-20251124_120000-abc123', 'run-20251124_130000-def456'].map((run) => ({
        path: `wandb/${run}/files/wandb-summary.json`,
        why: `W&B's copy of a run file (config, summary, console output), read from run-${run.slice(-6)}.wandb`,
      })),
    );
    expect(runs.map((r) => [r.id, r.layout, r.format, r.group, r.task, r.run, r.x, r.y])).toEqual([
      [
        'wandb/offline-run-20251124_120000-abc123',
        'wandb',
        'wandb-run',
        'ppo',
        'CartPole-v1',
        'ppo-s0',
        '_step',
        'eval.return', // evaluation over training, when both are logged
      ],
      [
        'wandb/run-20251124_130000-def456',
        'wandb',
        'wandb-run',
        'ppo',
        'CartPole-v1',
        'ppo-s1',
        '_step',
        'eval.return', // evaluation over training, when both are logged
      ],
    ]);
  });

  it('a torn tail (a run still writing) reads every whole record and says where it stopped', async () => {
    const dir = tempDir('wandb-torn');
    const path = join(dir, 'run-r1.wandb');
    py('wandb-run', path, '120', 'small', '[]', '37');
    const want = oracle('wandb', path);
    expect(want.error).toMatch(/torn/);
    const part = await readWandbRun(path);
    expect(metric(part, '_step')).toBeUndefined();
    expect([...(metric(part, '_runtime')?.steps ?? [])]).toEqual(
      want.history.map((r: { _step: number }) => r._step),
    );
    expect(part.issues[0]).toMatch(new RegExp(`^${path}: byte \\d+: torn tail`));
  });

  it('a corrupt chunk is skipped with the rest of its block, said by byte, and reading goes on in the next block', async () => {
    const dir = tempDir('wandb-corrupt');
    const path = join(dir, 'run-r1.wandb');
    py('wandb-run', path, '400', 'small', '[20000]');
    const clean = join(dir, 'clean.wandb');
    py('wandb-run', clean, '400', 'small');
    const want = oracle('wandb', path); // W&B's reader stops at the bad chunk
    const all = oracle('wandb', clean);
    expect(want.error).toMatch(/checksum/);
    const part = await readWandbRun(path);
    const steps = [...(metric(part, '_runtime')?.steps ?? [])];
    const before = want.history.map((r: { _step: number }) => r._step);
    expect(steps.slice(0, before.length)).toEqual(before);
    expect(steps.length).toBeGreaterThan(before.length); // the blocks after the bad one are read
    expect(steps.length).toBeLessThan(all.history.length);
    expect(part.issues[0]).toMatch(
      new RegExp(
        `^${path}: byte \\d+: chunk fails its CRC \\(\\d+ bytes\\); skipped \\d+ bytes to the next block$`,
      ),
    );
  });
});

describe('stores in discovery', () => {
  it("an rl-zoo run folder's evaluations.npz joins its run: the monitor curve and the evaluation curve", async () => {
    const { runs, skipped } = await discoverRuns(join(fixtures, 'rl-zoo/logs'));
    expect(skipped).toEqual([]);
    expect(runs.map((r) => [r.id, r.layout, r.group, r.task, r.run])).toEqual([
      ['a2c/CartPole-v1_1', 'rl-zoo', 'a2c', 'CartPole-v1', '1'],
      ['a2c/CartPole-v1_2', 'rl-zoo', 'a2c', 'CartPole-v1', '2'],
      ['ppo/CartPole-v1_1', 'rl-zoo', 'ppo', 'CartPole-v1', '1'],
      ['ppo/CartPole-v1_2', 'rl-zoo', 'ppo', 'CartPole-v1', '2'],
    ]);
    for (const run of runs) {
      expect(metric(run, 'r')?.source).toBe('0.monitor.csv');
      expect(metric(run, 'eval/mean_reward')?.source).toBe('evaluations.npz');
    }
  });

  it('each store given as one file is read, by its content', async () => {
    const cases: [string, string, string][] = [
      ['rl-zoo/logs/ppo/CartPole-v1_1/evaluations.npz', 'sb3-evaluations', 'eval/mean_reward'],
      ['sb3-json/PPO_1/progress.json', 'sb3-progress', 'rollout/ep_rew_mean'],
      ['wandb/run-20251124_130000-def456/run-def456.wandb', 'wandb-run', 'eval.return'],
    ];
    for (const [file, format, y] of cases) {
      const { runs } = await discoverRuns(join(fixtures, file));
      expect([runs.length, runs[0]?.format, runs[0]?.y], file).toEqual([1, format, y]);
    }
    const db = await discoverRuns(join(fixtures, 'mlflow/mlflow.db'));
    expect(new Set(db.runs.map((r) => [r.layout, r.format].join(' ')))).toEqual(
      new Set(['mlflow-db mlflow-sqlite']),
    );
    expect(db.runs.every((r) => r.id.startsWith('mlflow.db#'))).toBe(true);
    // the same bytes under another name: still recognised by what they hold
    const dir = tempDir('renamed');
    copyFileSync(
      join(fixtures, 'rl-zoo/logs/ppo/CartPole-v1_1/evaluations.npz'),
      join(dir, 'eval_seed3.npz'),
    );
    copyFileSync(join(fixtures, 'mlflow/mlflow.db'), join(dir, 'tracking.sqlite'));
    const { runs } = await discoverRuns(dir);
    expect(runs.map((r) => r.format).sort()).toEqual([...Array(6).fill('mlflow-sqlite'), 'sb3-evaluations']);
  });
});

describe('several W&B run files in one folder', () => {
  it('each file is a run of its own, named by the file', async () => {
    const dir = tempDir('wandb-two');
    for (const run of [
      'offline-run-20251124_120000-abc123/run-abc123',
      'run-20251124_130000-def456/run-def456',
    ])
      copyFileSync(join(fixtures, `wandb/${run}.wandb`), join(dir, `${run.split('/')[1]}.wandb`));
    const { runs, unread } = await discoverRuns(dir);
    expect(runs.map((r) => [r.id, r.layout, r.run])).toEqual([
      ['run-abc123.wandb', 'wandb', 'ppo-s0'],
      ['run-def456.wandb', 'wandb', 'ppo-s1'],
    ]);
    expect(unread).toEqual([]);
  });
});

describe('progress.json beside event files', () => {
  it("SB3's logger with json and tensorboard outputs: the event files are read, progress.json not twice", async () => {
    const dir = tempDir('sb3-json-tb');
    const run = join(dir, 'PPO_1');
    cpSync(join(fixtures, 'sb3-json/PPO_1'), run, { recursive: true });
    const events = fileURLToPath(
      new URL('./fixtures/layouts/cleanrl/runs/CartPole-v1__ppo__1__1700000001/', import.meta.url),
    );
    cpSync(events, run, { recursive: true });
    const { runs, unread } = await discoverRuns(dir);
    expect(runs.map((r) => [r.format, new Set(r.series.map((s) => s.source)).size])).toEqual([
      ['tensorboard', 1],
    ]);
    expect(unread).toEqual([
      {
        path: 'PPO_1/progress.json',
        why: "SB3's JSON log of the values its event files hold (the event files are read)",
      },
    ]);
  });
});
