/**
 * SB3's `EvalCallback` log, `evaluations.npz` (rl-zoo leaves one in every run folder): `timesteps` (one per
 * evaluation), `results` and `ep_lengths` (evaluations × episodes), `successes` when the env reports
 * `is_success`. Written by `np.savez(log_path, timesteps=…, results=…, ep_lengths=…, **kwargs)` in
 * stable_baselines3/common/callbacks.py.
 */
import { basename } from 'node:path';
import type { Series } from '../model.js';
import type { RunPart } from '../readers.js';
import type { NpyArray } from './npy.js';
import { npzNames, readNpz, startsLikeZip } from './npz.js';

/** A zip whose arrays include `timesteps` and `results`: an EvalCallback log, whatever its name. */
export async function isSb3Evaluations(path: string): Promise<boolean> {
  if (!(await startsLikeZip(path))) return false;
  const names = await npzNames(path).catch(() => [] as string[]);
  return names.includes('timesteps') && names.includes('results');
}

/**
 * The run's evaluation curve over `timesteps`: per evaluation the mean over its episodes of the return
 * (`eval/mean_reward`, as SB3 logs it), its spread (`eval/std_reward` as `np.std`, `eval/min_reward`,
 * `eval/max_reward`), `eval/mean_ep_length` and `eval/success_rate`; and every episode as logged
 * (`eval/episode_reward`, `eval/episode_length`, `eval/is_success`: one point per episode, all at the
 * evaluation's timestep), so nothing of the file is lost.
 */
export async function readSb3Evaluations(path: string, source = basename(path)): Promise<RunPart> {
  const arrays = await readNpz(path);
  const timesteps = arrays.get('timesteps');
  const results = arrays.get('results');
  if (!timesteps || !results)
    throw new Error(`${path}: not an EvalCallback log (no "timesteps" and "results" arrays)`);
  const n = timesteps.values.length;
  const issues: string[] = [];
  const tables: [string, NpyArray | undefined][] = [
    ['reward', results],
    ['length', arrays.get('ep_lengths')],
    ['success', arrays.get('successes')],
  ];
  const rows = new Map<string, Float64Array[]>();
  for (const [name, array] of tables) {
    if (!array) continue;
    if (array.shape[0] !== n) {
      issues.push(
        `${path}: "${name === 'reward' ? 'results' : name === 'length' ? 'ep_lengths' : 'successes'}" has ${array.shape[0]} evaluations, "timesteps" ${n}; left out`,
      );
      continue;
    }
    rows.set(name, evaluationRows(array, n));
  }
  const steps = timesteps.values;
  for (let i = 1; i < n; i++)
    if ((steps[i] as number) < (steps[i - 1] as number))
      issues.push(
        `${path}: evaluation ${i + 1} is at timestep ${steps[i]}, before ${steps[i - 1]}; kept as written`,
      );
  const series: Series[] = [];
  const perEvaluation = (
    metric: string,
    of: Float64Array[] | undefined,
    stat: (v: Float64Array) => number,
  ) => {
    if (of) series.push(pointSeries(metric, source, steps, of.map(stat)));
  };
  const reward = rows.get('reward');
  perEvaluation('eval/mean_reward', reward, mean);
  perEvaluation('eval/std_reward', reward, std);
  perEvaluation('eval/min_reward', reward, (v) => (v.length === 0 ? Number.NaN : Math.min(...v)));
  perEvaluation('eval/max_reward', reward, (v) => (v.length === 0 ? Number.NaN : Math.max(...v)));
  perEvaluation('eval/mean_ep_length', rows.get('length'), mean);
  perEvaluation('eval/success_rate', rows.get('success'), mean);
  for (const [metric, name] of [
    ['eval/episode_reward', 'reward'],
    ['eval/episode_length', 'length'],
    ['eval/is_success', 'success'],
  ] as const) {
    const of = rows.get(name);
    if (!of) continue;
    const xs: number[] = [];
    const values: number[] = [];
    of.forEach((episodes, i) => {
      for (const v of episodes) {
        xs.push(steps[i] as number);
        values.push(v);
      }
    });
    series.push(pointSeries(metric, source, Float64Array.from(xs), values));
  }
  const episodes = results.shape[1] ?? 1;
  return {
    format: 'sb3-evaluations',
    series,
    x: 'timesteps',
    y: 'eval/mean_reward',
    meta: { evaluations: { file: source, count: n, episodes, arrays: [...arrays.keys()] } },
    restarts: [],
    issues,
  };
}

/** Each evaluation's episodes: row i of an evaluations × episodes array (a 1-D array is one episode each). */
function evaluationRows(array: NpyArray, n: number): Float64Array[] {
  const width = n === 0 ? 0 : array.values.length / n;
  return Array.from({ length: n }, (_, i) => array.values.subarray(i * width, (i + 1) * width));
}

function pointSeries(metric: string, source: string, steps: Float64Array, values: ArrayLike<number>): Series {
  return {
    metric,
    source,
    steps: Float64Array.from(steps),
    wallTimes: new Float64Array(steps.length).fill(Number.NaN),
    values: Float64Array.from(values),
  };
}

const mean = (v: Float64Array): number =>
  v.length === 0 ? Number.NaN : v.reduce((a, b) => a + b, 0) / v.length;

/** `np.std`: the population standard deviation (ddof = 0), as SB3 prints it beside the mean. */
function std(v: Float64Array): number {
  const m = mean(v);
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length);
}
