/**
 * `evidence runs` over what other trainers write: CleanRL's TensorBoard run folders (written by the
 * independent Python writer of @evidence/sources' tests) and Stable-Baselines3 monitor files (written
 * as SB3's Monitor writes them). Each is checked against the same numbers written as plain CSV logs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { python, runCli, tempDir } from './helpers.js';

const oracle = fileURLToPath(new URL('../../../packages/sources/test/tb_oracle.py', import.meta.url));
const canWrite =
  spawnSync(python, ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0 || process.env.CI === 'true';
if (!canWrite) console.warn(`skipping the TensorBoard runs e2e tests: ${python} with numpy is not available`);

const TASKS = ['CartPole-v1', 'Acrobot-v1'];
const GROUPS = ['ppo', 'ppo_lstm'];
const SEEDS = [1, 2, 3];

/** Episodic return of a run at its i-th logged step: exact in float32, so TensorBoard and CSV agree. */
const episodicReturn = (g: number, t: number, seed: number, i: number) =>
  (g + 1) * i * 0.5 + ((seed * 3 + t) % 4) * 0.25;

interface Summary {
  x: string;
  y: string;
  runs: { path: string; group: string; task: string; rows: number; last_x: number; final: number }[];
  tasks: unknown;
  improvement: unknown;
}

async function runsJson(args: string[]): Promise<Summary> {
  const result = await runCli(['runs', ...args, '--json', '--resamples', '500']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Summary;
}

/** The runs without their paths, in group/task order: what must agree whatever file format held them. */
const byRun = (summary: Summary) =>
  summary.runs
    .map(({ path: _path, ...rest }) => rest)
    .sort((a, b) =>
      `${a.group}/${a.task}/${a.rows}/${a.final}` < `${b.group}/${b.task}/${b.rows}/${b.final}` ? -1 : 1,
    );

describe.skipIf(!canWrite)('evidence runs over TensorBoard run folders (CleanRL)', () => {
  it("reads runs/{env}__{exp}__{seed}__{time}/ with --pattern '{task}__{group}__{run}' as the same runs in CSV", async () => {
    const root = tempDir('runs-tb');
    const tb = join(root, 'runs');
    const csv = join(root, 'csv');
    const files: unknown[] = [];
    GROUPS.forEach((group, g) => {
      TASKS.forEach((task, t) => {
        for (const seed of SEEDS) {
          const steps = seed === 3 && g === 1 ? 25 : 40; // one seed of ppo_lstm stops early
          const dir = join(tb, `${task}__${group}__${seed}__${1_700_000_000 + seed}`);
          mkdirSync(dir, { recursive: true });
          const records = Array.from({ length: steps }, (_, j) => {
            const i = j + 1;
            return {
              wall_time: 1_700_000_000 + i,
              step: i * 128,
              values: [
                { tag: 'charts/episodic_return', kind: 'simple', value: episodicReturn(g, t, seed, i) },
                ...(i % 2 === 0
                  ? [{ tag: 'losses/value_loss', kind: 'tensor_float_val', value: 1 / i }]
                  : []),
                { tag: 'charts/learning_rate', kind: 'tensor_double_val', value: 2.5e-4 },
                { tag: 'losses/histogram', kind: 'histogram' },
              ],
            };
          });
          files.push({ path: join(dir, `events.out.tfevents.${1_700_000_000 + seed}.host.1.0`), records });
          mkdirSync(join(csv, group, task), { recursive: true });
          const lines = ['step,charts/episodic_return'];
          for (let i = 1; i <= steps; i++) lines.push(`${i * 128},${episodicReturn(g, t, seed, i)}`);
          writeFileSync(join(csv, group, task, `${seed}.csv`), `${lines.join('\n')}\n`);
        }
      });
    });
    const spec = join(root, 'spec.json');
    writeFileSync(spec, JSON.stringify({ files }));
    const written = spawnSync(python, [oracle, 'write', spec], { encoding: 'utf8' });
    expect(written.status, written.stderr).toBe(0);

    const fromTb = await runsJson([tb, '--pattern', '{task}__{group}__{run}']);
    const fromCsv = await runsJson([csv, '--pattern', '{group}/{task}/{run}.csv']);
    // TensorBoard's step is the x (CleanRL's global_step), CleanRL's episodic return the y
    expect(fromTb.x).toBe('step');
    expect(fromTb.y).toBe('charts/episodic_return');
    expect(fromTb.runs).toHaveLength(GROUPS.length * TASKS.length * SEEDS.length);
    expect(fromTb.runs[0]?.path).toMatch(/^Acrobot-v1__ppo__1__1700000001$/);
    expect(Object.keys(fromTb.tasks as object).sort()).toEqual([...TASKS].sort());
    expect(byRun(fromTb)).toEqual(byRun({ ...fromCsv }));
    expect(fromTb.tasks).toEqual(fromCsv.tasks);
    expect(fromTb.improvement).toEqual(fromCsv.improvement);
  });

  it('a damaged event record is reported and the run is still read', async () => {
    const root = tempDir('runs-tb-damaged');
    const files = ['ppo', 'a2c'].flatMap((group) =>
      [1, 2].map((seed) => ({
        path: join(root, `CartPole-v1__${group}__${seed}__1700000000`, 'events.out.tfevents.1.host.1.0'),
        records: Array.from({ length: 10 }, (_, i) => ({
          wall_time: 1_700_000_000 + i,
          step: i * 10,
          values: [{ tag: 'charts/episodic_return', kind: 'simple', value: i + seed }],
          ...(group === 'ppo' && seed === 1 && i === 4 ? { corrupt: 'data' } : {}),
        })),
      })),
    );
    for (const file of files) mkdirSync(join(file.path, '..'), { recursive: true });
    const spec = join(root, 'spec.json');
    writeFileSync(spec, JSON.stringify({ files }));
    expect(spawnSync(python, [oracle, 'write', spec]).status).toBe(0);
    writeFileSync(join(root, 'notes.txt'), 'not a run\n');
    const result = await runCli(['runs', root, '--pattern', '{task}__{group}__{run}', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /CartPole-v1__ppo__1__1700000000\/events\.out\.tfevents\.1\.host\.1\.0: byte \d+/,
    );
    const json = JSON.parse(result.stdout) as Summary;
    const damaged = json.runs.find((r) => r.path === 'CartPole-v1__ppo__1__1700000000');
    expect(damaged?.rows).toBe(9);
  });
});

/** Episode lengths of a CartPole-like run: they grow with training, differ by seed. */
const episodeLengths = (g: number, seed: number, episodes: number) =>
  Array.from({ length: episodes }, (_, i) => 10 + (g + 1) * i * 3 + ((i * 7 + seed) % 5));

describe('evidence runs over Stable-Baselines3 monitor files', () => {
  it('reads *.monitor.csv as SB3 writes it: x is the cumulative timesteps, y the episode reward r', async () => {
    const root = tempDir('runs-sb3');
    const sb3 = join(root, 'logs');
    const csv = join(root, 'csv');
    GROUPS.forEach((group, g) => {
      TASKS.forEach((task) => {
        for (const seed of SEEDS) {
          const lengths = episodeLengths(g, seed, seed === 2 ? 30 : 50);
          mkdirSync(join(sb3, group, task), { recursive: true });
          mkdirSync(join(csv, group, task), { recursive: true });
          // monitor.py ResultsWriter: a #-JSON line with \n, then csv.DictWriter rows with \r\n
          let text = `#${JSON.stringify({ t_start: 1_700_000_000.25, env_id: task })}\nr,l,t\r\n`;
          const plain = ['timesteps,r'];
          let total = 0;
          lengths.forEach((l, i) => {
            total += l;
            text += `${l}.0,${l},${(i * 0.137).toFixed(6)}\r\n`;
            plain.push(`${total},${l}`);
          });
          writeFileSync(join(sb3, group, task, `${seed}.monitor.csv`), text);
          writeFileSync(join(csv, group, task, `${seed}.csv`), `${plain.join('\n')}\n`);
        }
      });
    });
    const fromSb3 = await runsJson([sb3, '--pattern', '{group}/{task}/{run}.monitor.csv']);
    const fromCsv = await runsJson([csv, '--pattern', '{group}/{task}/{run}.csv']);
    expect(fromSb3.x).toBe('timesteps');
    expect(fromSb3.y).toBe('r');
    expect(fromSb3.runs).toHaveLength(GROUPS.length * TASKS.length * SEEDS.length);
    expect(byRun(fromSb3)).toEqual(byRun(fromCsv));
    expect(fromSb3.tasks).toEqual(fromCsv.tasks);
    expect(fromSb3.improvement).toEqual(fromCsv.improvement);
  });
});
