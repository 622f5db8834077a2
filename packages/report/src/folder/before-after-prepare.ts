/** Everything of a before/after comparison but the bootstrap, from the episodes and the run's run.json. */
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '@evidence/stats';
import { byName, DEFAULT_REWARD_KEY, type EvalRecord, outcomeKeys } from '../records.js';
import { type RunStatsInfo, runStatsInfo } from '../run-json.js';
import type { BeforeAfterOptions, SideStats } from './before-after-types.js';
import { collect, type Outcomes, rateOutcomes, type Side, sideStats } from './episode-sides.js';
import { type Pairing, pairingOf } from './pairing.js';

/** Everything but the bootstrap: point estimates, rate intervals, and the data the bootstrap resamples. */
export interface Prepared {
  /** the outcomes both sides count, by rate name */
  outcomes: Outcomes;
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

export function prepare(
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
  const outcomes = rateOutcomes(outcomeKeys(pre, post, rewardKey).list());
  const preSide = collect(pre, 'pre', rewardKey, outcomes);
  const postSide = collect(post, 'post', rewardKey, outcomes);
  const preStats = sideStats(preSide, outcomes);
  const postStats = sideStats(postSide, outcomes);
  const delta = byName<number>();
  for (const key of Object.keys(preStats)) {
    if (key === 'n' || !Object.hasOwn(postStats, key)) continue;
    delta[key] = (postStats[key] as number) - (preStats[key] as number);
  }
  const run = runStatsInfo(options.run);
  const warnings = [...run.warnings];
  const pairing = pairingOf(pre, post, run, warnings);
  return {
    outcomes,
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
