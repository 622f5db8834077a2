import {
  ascending,
  bootstrap,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  iqm,
  mean,
  median,
  newcombeDifference,
  newcombePairedDifference,
  overflowScale,
  probabilityGreater,
  type Resample,
  std,
  summary,
  wilson,
} from '@evidence/stats';
import { booleanKeys, DEFAULT_REWARD_KEY, type EvalRecord, rateName, rewardOf } from '../records.js';
import { type RunStatsInfo, runStatsInfo } from '../run-json.js';
import { type Direction, directionOf, REWARD_LOCATION, type Verdict, verdictOf } from './direction.js';
import { type Pairing, pairingOf } from './pairing.js';

/** The reward statistics the bootstrap resamples. */
export const REWARD_STATS = ['mean_reward', 'median_reward', 'std', 'iqm'] as const;
type RewardStat = (typeof REWARD_STATS)[number];
type Intervals = Record<RewardStat, [number, number]>;

/** What the bootstrap gives the metrics: 95% intervals of each side, of each change, and of P. */
interface BootstrapResult {
  ci95: Intervals;
  pre: Intervals;
  post: Intervals;
  pImprovement: [number, number];
}

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
  /** per delta: better or worse when its interval excludes 0, unclear when it includes 0 */
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

interface Outcome {
  /** the episode key, e.g. `discovered` for `success_rate` */
  key: string;
  /** 1/0 per episode, NaN when the episode does not report it */
  values: Float64Array;
}

interface Side {
  rewards: Float64Array;
  outcomes: Map<string, Outcome>;
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
  const outcomes = new Map<string, Outcome>();
  for (const key of keys) {
    const values = Float64Array.from(records, (record) => {
      const value = record[key];
      return typeof value === 'boolean' ? Number(value) : Number.NaN;
    });
    // two keys with one reference name (discovered and is_success): the second keeps its own
    outcomes.set(outcomes.has(rateName(key)) ? key : rateName(key), { key, values });
  }
  return { rewards, outcomes };
}

/** Successes and reported episodes of an outcome (an episode without the boolean does not count). */
function tally(values: Float64Array): { ones: number; reported: number } {
  let ones = 0;
  let reported = 0;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    ones += v;
    reported++;
  }
  return { ones, reported };
}

function sideStats(side: Side): SideStats {
  const stats: Record<string, number> = {
    n: side.rewards.length,
    // Summed in ascending order, as the reference trainer does, so the JSON matches it to the last bit.
    mean_reward: mean(Float64Array.from(side.rewards).sort()),
    median_reward: median(side.rewards),
  };
  for (const [name, { values }] of side.outcomes) {
    const { ones, reported } = tally(values);
    if (reported > 0) stats[name] = ones / reported; // no rate from no episode
  }
  stats.std = std(side.rewards);
  stats.iqm = iqm(side.rewards);
  return stats as SideStats;
}

/** Everything but the bootstrap: point estimates, rate intervals, and the data the bootstrap resamples. */
interface Prepared {
  preSide: Side;
  postSide: Side;
  preStats: SideStats;
  postStats: SideStats;
  delta: Record<string, number>;
  run: RunStatsInfo;
  pairing: Pairing;
  rewardKey: string;
  resamples: number;
  seed: number;
  warnings: string[];
}

function prepare(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  options: BeforeAfterOptions,
): Prepared {
  const rewardKey = options.rewardKey ?? DEFAULT_REWARD_KEY;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
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
  const run = runStatsInfo(options.run);
  const warnings = [...run.warnings];
  const pairing = pairingOf(pre, post, run, warnings);
  return {
    preSide,
    postSide,
    preStats,
    postStats,
    delta,
    run,
    pairing,
    rewardKey,
    resamples,
    seed,
    warnings,
  };
}

/** Mean, median, std and IQM of one side's rewards, in REWARD_STATS order. */
const rewardStats = (rewards: Float64Array): number[] => {
  const s = summary(rewards);
  return [s.mean, s.median, s.std, s.iqm];
};

/**
 * The percentile bootstrap of the reward statistics (@evidence/stats' one bootstrap, seeded):
 * independent, before and after are resampled each on its own; paired, one draw of pair indices
 * serves both sides, so each resample keeps the pairs together.
 */
function rewardBootstrap(p: Prepared): BootstrapResult {
  const k = REWARD_STATS.length;
  const statistic = (resample: Resample): number[] => {
    // each side sorted once (unpaired resamples arrive sorted), so no statistic sorts again
    const [pre, post] = resample.map(ascending) as [Float64Array, Float64Array];
    const a = rewardStats(pre);
    const b = rewardStats(post);
    return [...a, ...b, ...b.map((v, i) => v - (a[i] as number)), probabilityGreater(post, pre)];
  };
  // Rewards so large that a change could overflow are scaled by a power of two (exact), and back.
  const { rewards: pre } = p.preSide;
  const { rewards: post } = p.postSide;
  const scale = Math.max(overflowScale(pre), overflowScale(post));
  const scaled = (x: Float64Array) => (scale === 1 ? x : x.map((v) => v / scale));
  const estimates = bootstrap([scaled(pre), scaled(post)], statistic, {
    resamples: p.resamples,
    seed: p.seed,
    paired: p.pairing.paired,
  });
  const back = ([lo, hi]: [number, number]): [number, number] => [lo * scale, hi * scale];
  const intervals = (from: number) =>
    Object.fromEntries(
      REWARD_STATS.map((name, i) => [name, back((estimates[from + i] as { ci: [number, number] }).ci)]),
    ) as Intervals;
  return {
    pre: intervals(0),
    post: intervals(k),
    ci95: intervals(2 * k),
    pImprovement: (estimates[3 * k] as { ci: [number, number] }).ci,
  };
}

/** Newcombe's interval of a rate's change: the paired form when every pair reports the outcome. */
function rateChange(p: Prepared, name: string): { interval: [number, number]; method: IntervalMethod } {
  const before = (p.preSide.outcomes.get(name) as Outcome).values;
  const after = (p.postSide.outcomes.get(name) as Outcome).values;
  if (p.pairing.paired && !before.some(Number.isNaN) && !after.some(Number.isNaN)) {
    let [both, beforeOnly, afterOnly, neither] = [0, 0, 0, 0];
    before.forEach((b, i) => {
      const a = after[i] as number;
      if (b && a) both++;
      else if (b) beforeOnly++;
      else if (a) afterOnly++;
      else neither++;
    });
    return {
      interval: newcombePairedDifference(both, beforeOnly, afterOnly, neither),
      method: 'newcombe-hybrid-score-paired',
    };
  }
  const b = tally(before);
  const a = tally(after);
  return {
    interval: newcombeDifference(b.ones, b.reported, a.ones, a.reported),
    method: 'newcombe-hybrid-score',
  };
}

const clamp = ([lo, hi]: [number, number], [min, max]: [number | null, number | null]): [number, number] => [
  min === null ? lo : Math.max(min, lo),
  max === null ? hi : Math.min(max, hi),
];

function improvementNote(p: Prepared, value: number, interval: [number, number] | null): string | null {
  const { n: before } = p.preStats;
  const { n: after } = p.postStats;
  const counts = before === after ? `n = ${before} each` : `n = ${before} before, ${after} after`;
  if (value === 1) return `every after-episode beat every before-episode (${counts})`;
  if (value === 0) return `every before-episode beat every after-episode (${counts})`;
  if (interval && interval[0] === interval[1]) {
    return `the bootstrap interval of P(after > before) is a single point (${counts}); no interval is given`;
  }
  return null;
}

/** Values beyond the largest double are infinite: JSON writes them as null, so say which. */
function notFinite(metrics: Omit<BeforeAfterMetrics, 'warnings'>): string[] {
  const found: string[] = [];
  const check = (where: string, value: number) => {
    if (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY) {
      found.push(
        `${where} is ${value > 0 ? '' : '−'}infinite (beyond ±1.8e308, the largest double); JSON shows it as null`,
      );
    }
  };
  for (const section of ['pre', 'post', 'delta'] as const) {
    for (const [key, value] of Object.entries(metrics[section])) check(`${section}.${key}`, value);
  }
  for (const section of ['ci95', 'pre_ci95', 'post_ci95'] as const) {
    for (const [key, [lo, hi]] of Object.entries(metrics[section])) {
      check(`${section}.${key}[0]`, lo);
      check(`${section}.${key}[1]`, hi);
    }
  }
  return found;
}

function assemble(p: Prepared, boot: BootstrapResult | null): BeforeAfterMetrics {
  const ci95: Record<string, [number, number]> = {};
  const preCi: Record<string, [number, number]> = {};
  const postCi: Record<string, [number, number]> = {};
  const method: Record<string, IntervalMethod> = {};
  const direction: Record<string, Direction> = {};
  const verdict: Record<string, Verdict> = {};
  const bounds: Record<string, [number | null, number | null]> = {};
  const warnings = [...p.warnings];
  const rewardInfo = p.run.metrics[p.rewardKey] ?? p.run.metrics.reward;
  if (rewardInfo && (rewardInfo.min !== undefined || rewardInfo.max !== undefined)) {
    const range: [number | null, number | null] = [rewardInfo.min ?? null, rewardInfo.max ?? null];
    for (const stat of REWARD_LOCATION) bounds[stat] = range;
    const rewards = [...p.preSide.rewards, ...p.postSide.rewards];
    const outside = rewards.filter(
      (r) => (range[0] !== null && r < range[0]) || (range[1] !== null && r > range[1]),
    );
    if (outside.length > 0) {
      warnings.push(
        `${outside.length} episode reward${outside.length === 1 ? '' : 's'} outside the range run.json states (${range[0] ?? '−∞'} to ${range[1] ?? '∞'})`,
      );
    }
  }
  for (const key of Object.keys(p.delta)) {
    const isReward = (REWARD_STATS as readonly string[]).includes(key);
    if (isReward) {
      if (boot) {
        const stat = key as (typeof REWARD_STATS)[number];
        ci95[key] = boot.ci95[stat];
        preCi[key] = bounds[key] ? clamp(boot.pre[stat], bounds[key]) : boot.pre[stat];
        postCi[key] = bounds[key] ? clamp(boot.post[stat], bounds[key]) : boot.post[stat];
        method[key] = p.pairing.paired ? 'bootstrap-percentile-paired' : 'bootstrap-percentile';
      }
      const names = key === 'std' ? ['std'] : [key, p.rewardKey, 'reward'];
      direction[key] = directionOf(key, names, p.run);
    } else {
      const change = rateChange(p, key);
      ci95[key] = change.interval;
      method[key] = change.method;
      const b = tally((p.preSide.outcomes.get(key) as Outcome).values);
      const a = tally((p.postSide.outcomes.get(key) as Outcome).values);
      preCi[key] = wilson(b.ones, b.reported);
      postCi[key] = wilson(a.ones, a.reported);
      bounds[key] = [0, 1];
      direction[key] = directionOf(key, [key, (p.preSide.outcomes.get(key) as Outcome).key], p.run);
    }
    verdict[key] = verdictOf(direction[key] as Direction, ci95[key]);
  }
  const pImprovement = probabilityGreater(p.postSide.rewards, p.preSide.rewards);
  const note = improvementNote(p, pImprovement, boot?.pImprovement ?? null);
  const metrics = {
    pre: p.preStats,
    post: p.postStats,
    delta: p.delta,
    ci95,
    pre_ci95: preCi,
    post_ci95: postCi,
    method,
    direction,
    verdict,
    bounds,
    pairing: p.pairing,
    p_improvement: pImprovement,
    p_improvement_ci95: note === null ? (boot?.pImprovement ?? null) : null,
    p_improvement_note: note,
    reward_key: p.rewardKey,
    bootstrap: {
      method: 'percentile' as const,
      resamples: p.resamples,
      seed: p.seed,
      confidence: 0.95 as const,
      paired: p.pairing.paired,
    },
  };
  return { ...metrics, warnings: [...warnings, ...notFinite(metrics)] };
}

/**
 * Before/after statistics of two sets of evaluation episodes: every delta with a 95% interval that
 * suits it (Newcombe for rates, the percentile bootstrap for reward statistics, both paired when the
 * episodes are), its direction and verdict, and the probability of improvement. Pure: same input and
 * seed, same output.
 */
export function computeBeforeAfter(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  options: BeforeAfterOptions = {},
): BeforeAfterMetrics {
  const prepared = prepare(pre, post, options);
  return assemble(prepared, prepared.resamples > 0 ? rewardBootstrap(prepared) : null);
}
