/** The 95 % intervals of a before/after comparison: the rewards' bootstrap, Newcombe's for rates. */
import {
  ascending,
  bootstrap,
  newcombeDifference,
  newcombePairedDifference,
  overflowScale,
  probabilityGreater,
  type Resample,
  summary,
} from '@evidence/stats';
import type { Prepared } from './before-after-prepare.js';
import { type IntervalMethod, type Intervals, REWARD_STATS } from './before-after-types.js';

/** What the bootstrap gives the metrics: 95% intervals of each side, of each change, and of P. */
export interface BootstrapResult {
  ci95: Intervals;
  pre: Intervals;
  post: Intervals;
  pImprovement: [number, number];
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
export function rewardBootstrap(p: Prepared): BootstrapResult {
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

/**
 * Newcombe's interval of the change of the rate at `place`: the paired form when every pair reports
 * the outcome (its pairs counted from the episodes themselves).
 */
export function rateChange(
  p: Prepared,
  place: number,
): { interval: [number, number]; method: IntervalMethod } {
  const { preSide: pre, postSide: post } = p;
  const n = pre.records.length;
  const reportedBefore = pre.reported[place] as number;
  const reportedAfter = post.reported[place] as number;
  if (p.pairing.paired && reportedBefore === n && reportedAfter === post.records.length) {
    const key = p.outcomes.keys[place] as string;
    let [both, beforeOnly, afterOnly, neither] = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) {
      const b = pre.records[i]?.[key] === true;
      const a = post.records[i]?.[key] === true;
      if (b && a) both++;
      else if (b) beforeOnly++;
      else if (a) afterOnly++;
      else neither++;
    }
    return {
      interval: newcombePairedDifference(both, beforeOnly, afterOnly, neither),
      method: 'newcombe-hybrid-score-paired',
    };
  }
  return {
    interval: newcombeDifference(
      pre.ones[place] as number,
      reportedBefore,
      post.ones[place] as number,
      reportedAfter,
    ),
    method: 'newcombe-hybrid-score',
  };
}
