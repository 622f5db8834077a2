/** Before/after statistics of two sets of evaluation episodes: the one entry (the parts beside it). */
import type { EvalRecord } from '../records.js';
import { assemble } from './before-after-assemble.js';
import { rewardBootstrap } from './before-after-intervals.js';
import { prepare } from './before-after-prepare.js';
import type { BeforeAfterMetrics, BeforeAfterOptions } from './before-after-types.js';

export {
  type BeforeAfterMetrics,
  type BeforeAfterOptions,
  type IntervalMethod,
  REWARD_STATS,
  type SideStats,
} from './before-after-types.js';

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
