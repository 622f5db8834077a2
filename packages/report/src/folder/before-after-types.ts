/** The before/after statistics' shape: options, each side's statistics, the metrics as written. */
import type { Direction, Verdict } from './direction.js';
import type { Pairing } from './pairing.js';

/** The reward statistics the bootstrap resamples. */
export const REWARD_STATS = ['mean_reward', 'median_reward', 'std', 'iqm'] as const;
type RewardStat = (typeof REWARD_STATS)[number];
export type Intervals = Record<RewardStat, [number, number]>;

export interface BeforeAfterOptions {
  /** Episode reward field. Default `cumulative_reward`. */
  rewardKey?: string;
  /** Bootstrap resamples. Default @evidence/stats' DEFAULT_RESAMPLES (10,000); 0 skips the reward intervals (rates keep theirs). */
  resamples?: number;
  /** Seed of the bootstrap generator. Default @evidence/stats' DEFAULT_SEED (0): the same data gives the same intervals. */
  seed?: number;
  /** The run's parsed run.json, if any: `evaluation.paired` and `metrics.<name>.{better, min, max}`. */
  run?: unknown;
}

/** One side (pre or post): n, mean_reward, median_reward, one rate per boolean outcome, std, iqm. */
export type SideStats = {
  n: number;
  mean_reward: number;
  median_reward: number;
  std: number;
  iqm: number;
} & Record<string, number>;

/** How the interval of a change was computed. */
export type IntervalMethod =
  | 'newcombe-hybrid-score'
  | 'newcombe-hybrid-score-paired'
  | 'bootstrap-percentile'
  | 'bootstrap-percentile-paired';

export interface BeforeAfterMetrics {
  pre: SideStats;
  post: SideStats;
  /** post − pre for every statistic present on both sides (not n). */
  delta: Record<string, number>;
  /** 95% interval [lo, hi] of each delta, computed as `method` says. */
  ci95: Record<string, [number, number]>;
  /** 95% interval of each side's own value: Wilson for rates, the bootstrap for reward statistics. */
  pre_ci95: Record<string, [number, number]>;
  post_ci95: Record<string, [number, number]>;
  method: Record<string, IntervalMethod>;
  /** which way each statistic is better; std and unknown outcomes are neutral */
  direction: Record<string, Direction>;
  /** per delta: better or worse where the one-sided exact test of the episodes finds it at 5 %, else unclear */
  verdict: Record<string, Verdict>;
  /** the possible range of a side's value, where known (rates [0, 1]; rewards from run.json); null = unbounded */
  bounds: Record<string, [number | null, number | null]>;
  /** whether before and after were evaluated on the same start states, and why we think so */
  pairing: Pairing;
  /** P(post reward > pre reward), ties counting one half: Mann–Whitney U / (n·m). */
  p_improvement: number;
  /** 95% bootstrap interval of p_improvement; null when it would be a point (see the note) or not computed. */
  p_improvement_ci95: [number, number] | null;
  /** said instead of an interval that cannot express uncertainty, e.g. every after-episode beat every before-episode */
  p_improvement_note: string | null;
  reward_key: string;
  bootstrap: { method: 'percentile'; resamples: number; seed: number; confidence: 0.95; paired: boolean };
  /** what a reader must know: values beyond the largest double, run.json values ignored, … */
  warnings: string[];
}
