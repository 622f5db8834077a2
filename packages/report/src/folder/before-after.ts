/** Before/after statistics of two sets of evaluation episodes: the one entry (the parts beside it). */
import type { EvalRecord } from '../records.js';
import { assemble } from './before-after-assemble.js';
import { rewardBootstrap } from './before-after-intervals.js';
import { prepare } from './before-after-prepare.js';
import type { BeforeAfterMetrics, BeforeAfterOptions } from './before-after-types.js';
import { type Direction, verdictOf } from './direction.js';
import { type MetricTest, metricTests } from './metric-tests.js';

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
 * episodes are), its direction and verdict, and the probability of improvement. The verdict is the one
 * rule's (@evidence/stats' `decide`) on the one-sided exact test of the episodes (`metricTests`), the
 * same test `compare --require-improvement` uses. Pure: same input and seed, same output.
 */
export function computeBeforeAfter(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  options: BeforeAfterOptions = {},
): BeforeAfterMetrics {
  return beforeAfterTested(pre, post, options).metrics;
}

/** {@link computeBeforeAfter} with the tests its verdicts come from (what `compare --json` adds as `tests`). */
export function beforeAfterTested(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  options: BeforeAfterOptions = {},
): { metrics: BeforeAfterMetrics; tests: Record<string, MetricTest> } {
  const prepared = prepare(pre, post, options);
  const metrics = assemble(prepared, prepared.resamples > 0 ? rewardBootstrap(prepared) : null);
  const tests = metricTests(pre, post, metrics);
  // a metric without a test keeps the verdict assemble gave it (what verdictOf makes of no test)
  for (const key of Object.keys(tests))
    metrics.verdict[key] = verdictOf(metrics.direction[key] as Direction, tests[key]);
  return { metrics, tests };
}
