import { bootstrapDeltas } from './bootstrap.js';
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

/**
 * Before/after statistics of two sets of evaluation episodes, with seeded bootstrap intervals of every
 * delta and the probability of improvement. Pure: same input and seed, same output.
 */
export function computeBeforeAfter(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  options: BeforeAfterOptions = {},
): BeforeAfterMetrics {
  const rewardKey = options.rewardKey ?? DEFAULT_REWARD_KEY;
  const resamples = options.resamples ?? 10_000;
  const seed = options.seed ?? 0;
  if (!Number.isInteger(resamples) || resamples < 0) {
    throw new RangeError(`resamples: expected a whole number >= 0, got ${resamples}`);
  }
  const skip = new Set([rewardKey]);
  const keys = booleanKeys([...pre, ...post], skip);
  const preSide = collect(pre, 'pre', rewardKey, keys);
  const postSide = collect(post, 'post', rewardKey, keys);
  const preStats = sideStats(preSide);
  const postStats = sideStats(postSide);

  const delta: Record<string, number> = {};
  for (const key of Object.keys(preStats)) {
    if (key === 'n' || !(key in postStats)) continue;
    delta[key] = (postStats[key] as number) - (preStats[key] as number);
  }
  const intervals =
    resamples > 0 ? bootstrapDeltas(preSide, postSide, Object.keys(delta), { resamples, seed }) : null;

  return {
    pre: preStats,
    post: postStats,
    delta,
    ci95: intervals?.ci95 ?? {},
    p_improvement: probabilityOfImprovement(preSide.rewards, postSide.rewards),
    p_improvement_ci95: intervals?.pImprovement ?? null,
    reward_key: rewardKey,
    bootstrap: { method: 'percentile', resamples, seed, confidence: 0.95 },
  };
}
