import { type BootstrapJob, type BootstrapResult, bootstrapDeltas } from './bootstrap.js';
import { bootstrapOffThread } from './bootstrap-thread.js';
import { booleanKeys, DEFAULT_REWARD_KEY, type EvalRecord, rateName, rewardOf } from './records.js';
import { iqm, mean, median, probabilityOfImprovement, sortedCopy, std } from './summary.js';

export interface BeforeAfterOptions {
  /** Episode reward field. Default `cumulative_reward`. */
  rewardKey?: string;
  /** Bootstrap resamples. Default 10,000; 0 skips the intervals (ci95 is then empty). */
  resamples?: number;
  /** Seed of the bootstrap generator. Default 0: the same data gives the same intervals. */
  seed?: number;
}

/** One side (pre or post): n, mean_reward, median_reward, one rate per boolean outcome, std, iqm. */
export type SideStats = {
  n: number;
  mean_reward: number;
  median_reward: number;
  std: number;
  iqm: number;
} & Record<string, number>;

export interface BeforeAfterMetrics {
  pre: SideStats;
  post: SideStats;
  /** post − pre for every statistic present on both sides (not n). */
  delta: Record<string, number>;
  /** 95% percentile-bootstrap interval [lo, hi] of each delta; pre and post resampled independently. */
  ci95: Record<string, [number, number]>;
  /** P(post reward > pre reward), ties counting one half: Mann–Whitney U / (n·m). */
  p_improvement: number;
  /** 95% bootstrap interval of p_improvement. */
  p_improvement_ci95: [number, number] | null;
  reward_key: string;
  bootstrap: { method: 'percentile'; resamples: number; seed: number; confidence: 0.95 };
}

interface Side {
  rewards: Float64Array;
  /** rate name → 1/0 per episode (NaN when the episode does not report it) */
  outcomes: Map<string, Float64Array>;
}

function collect(records: readonly EvalRecord[], which: string, rewardKey: string, keys: string[]): Side {
  if (records.length === 0) throw new Error(`${which}: no evaluation episodes to summarise`);
  const rewards = new Float64Array(records.length);
  records.forEach((record, index) => {
    const reward = rewardOf(record, rewardKey);
    if (reward === undefined) {
      throw new TypeError(
        `${which} episode ${index}: expected a finite number in "${rewardKey}", got ${JSON.stringify(record[rewardKey]) ?? 'nothing'}`,
      );
    }
    rewards[index] = reward;
  });
  const outcomes = new Map<string, Float64Array>();
  for (const key of keys) {
    outcomes.set(
      rateName(key),
      Float64Array.from(records, (record) => {
        const value = record[key];
        return typeof value === 'boolean' ? Number(value) : Number.NaN;
      }),
    );
  }
  return { rewards, outcomes };
}

/** Mean of the reported values only (an episode without the boolean does not count). */
function rate(values: Float64Array): number {
  let ones = 0;
  let n = 0;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    ones += v;
    n++;
  }
  return ones / n;
}

function sideStats(side: Side): SideStats {
  const stats: Record<string, number> = {
    n: side.rewards.length,
    // Summed in ascending order, as the reference trainer does, so the JSON matches it to the last bit.
    mean_reward: mean(sortedCopy(side.rewards)),
    median_reward: median(side.rewards),
  };
  for (const [name, values] of side.outcomes) {
    if (values.some((v) => !Number.isNaN(v))) stats[name] = rate(values); // no rate from no episode
  }
  stats.std = std(side.rewards);
  stats.iqm = iqm(side.rewards);
  return stats as SideStats;
}

/** Everything but the intervals: the point estimates, and the data the bootstrap resamples. */
interface Prepared {
  preSide: Side;
  postSide: Side;
  preStats: SideStats;
  postStats: SideStats;
  delta: Record<string, number>;
  rewardKey: string;
  resamples: number;
  seed: number;
}

function prepare(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  options: BeforeAfterOptions,
): Prepared {
  const rewardKey = options.rewardKey ?? DEFAULT_REWARD_KEY;
  const resamples = options.resamples ?? 10_000;
  const seed = options.seed ?? 0;
  if (!Number.isInteger(resamples) || resamples < 0) {
    throw new RangeError(`resamples: expected a whole number >= 0, got ${resamples}`);
  }
  const keys = booleanKeys([...pre, ...post], new Set([rewardKey]));
  const preSide = collect(pre, 'pre', rewardKey, keys);
  const postSide = collect(post, 'post', rewardKey, keys);
  const preStats = sideStats(preSide);
  const postStats = sideStats(postSide);
  const delta: Record<string, number> = {};
  for (const key of Object.keys(preStats)) {
    if (key === 'n' || !(key in postStats)) continue;
    delta[key] = (postStats[key] as number) - (preStats[key] as number);
  }
  return { preSide, postSide, preStats, postStats, delta, rewardKey, resamples, seed };
}

function job(p: Prepared): BootstrapJob {
  return {
    pre: p.preSide,
    post: p.postSide,
    names: Object.keys(p.delta),
    options: { resamples: p.resamples, seed: p.seed },
  };
}

function assemble(p: Prepared, intervals: BootstrapResult | null): BeforeAfterMetrics {
  return {
    pre: p.preStats,
    post: p.postStats,
    delta: p.delta,
    ci95: intervals?.ci95 ?? {},
    p_improvement: probabilityOfImprovement(p.preSide.rewards, p.postSide.rewards),
    p_improvement_ci95: intervals?.pImprovement ?? null,
    reward_key: p.rewardKey,
    bootstrap: { method: 'percentile', resamples: p.resamples, seed: p.seed, confidence: 0.95 },
  };
}

/**
 * Before/after statistics of two sets of evaluation episodes, with seeded bootstrap intervals of every
 * delta and the probability of improvement. Pure: same input and seed, same output.
 */
export function computeBeforeAfter(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  options: BeforeAfterOptions = {},
): BeforeAfterMetrics {
  const prepared = prepare(pre, post, options);
  const j = job(prepared);
  return assemble(
    prepared,
    prepared.resamples > 0 ? bootstrapDeltas(j.pre, j.post, j.names, j.options) : null,
  );
}

/**
 * computeBeforeAfter with the bootstrap on a worker thread (same numbers), so a caller can read and
 * draw meanwhile. Input errors are thrown synchronously, before any thread starts.
 */
export function computeBeforeAfterInBackground(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  options: BeforeAfterOptions = {},
): Promise<BeforeAfterMetrics> {
  const prepared = prepare(pre, post, options);
  if (prepared.resamples === 0) return Promise.resolve(assemble(prepared, null));
  return bootstrapOffThread(job(prepared)).then(({ ci95, pImprovement }) =>
    assemble(prepared, { ci95, pImprovement }),
  );
}
