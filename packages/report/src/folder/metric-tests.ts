// The test behind `compare --require-improvement` and the "change" column: a one-sided exact permutation
// test at 5 % in the direction that is better, on the episodes themselves (not the bootstrap interval,
// which calls two separated episodes a side "better").
import { type RankTest, rankTestBothTails, runsToReach, signFlipTest } from '@evidence/stats';
import { booleanKeys, byName, type EvalRecord, rateName, rewardOf } from '../records.js';
import type { BeforeAfterMetrics } from './before-after-types.js';

export interface MetricTest {
  /** one-sided p-value that post is better than pre */
  p_value: number;
  /** the other tail of the same test: the one-sided p-value that post is worse than pre */
  p_value_worse: number;
  test: 'mann-whitney' | 'sign-flip';
  method: RankTest['method'];
  /** the smallest p-value any result could give with these numbers of episodes */
  smallest_p: number;
  /** the fewest episodes per side (pairs when paired) with which the test can reach 5 % */
  needed_to_reach: number;
}

/**
 * Each rate's episode key: the first boolean key whose reference name is the metric. Built once per side:
 * looking it up per metric made a file of 300,000 outcome keys take 300,000² steps.
 */
function rateKeys(records: readonly EvalRecord[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const key of booleanKeys(records)) if (!keys.has(rateName(key))) keys.set(rateName(key), key);
  return keys;
}

/** Episodes' values of one metric: the reward for reward statistics, 1/0 for a rate (NaN: not reported). */
function valuesOf(
  records: readonly EvalRecord[],
  keys: () => ReadonlyMap<string, string>,
  metric: string,
  rewardKey: string,
): number[] | null {
  if (['mean_reward', 'median_reward', 'iqm'].includes(metric))
    return records.map((r) => rewardOf(r, rewardKey) ?? Number.NaN);
  const key = keys().get(metric);
  if (key === undefined) return null;
  return records.map((r) => (typeof r[key] === 'boolean' ? Number(r[key]) : Number.NaN));
}

/**
 * Per metric with a direction: the test that post is better than pre. Paired evaluation (the same
 * start states) tests the pairs' differences by sign flips; otherwise the episodes by Mann–Whitney.
 */
export function metricTests(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  metrics: BeforeAfterMetrics,
): Record<string, MetricTest> {
  const out = byName<MetricTest>();
  // built on the first rate with a direction: most outcome keys have none
  let preKeys: Map<string, string> | undefined;
  let postKeys: Map<string, string> | undefined;
  const preRates = () => (preKeys ??= rateKeys(pre));
  const postRates = () => (postKeys ??= rateKeys(post));
  // keys and a lookup, not Object.entries: a pair per metric, and there can be 300,000
  for (const metric of Object.keys(metrics.direction)) {
    const direction = metrics.direction[metric];
    if (direction !== 'higher' && direction !== 'lower') continue;
    const before = valuesOf(pre, preRates, metric, metrics.reward_key);
    const after = valuesOf(post, postRates, metric, metrics.reward_key);
    if (!before || !after) continue;
    const alternative = direction === 'higher' ? 'greater' : 'less';
    if (metrics.pairing.paired && before.length === after.length) {
      const differences = after.map((a, i) => a - (before[i] as number)).filter((d) => !Number.isNaN(d));
      const t = signFlipTest(differences, { alternative, labels: [metric] });
      const other = alternative === 'greater' ? 'less' : 'greater';
      const worse = signFlipTest(differences, { alternative: other, labels: [metric] });
      // 2^-n ≤ 5 % from n = 5 pairs
      out[metric] = {
        p_value: t.p,
        p_value_worse: worse.p,
        test: 'sign-flip',
        method: t.method,
        smallest_p: t.smallestP,
        needed_to_reach: 5,
      };
      continue;
    }
    const x = after.filter((v) => !Number.isNaN(v));
    const y = before.filter((v) => !Number.isNaN(v));
    if (x.length === 0 || y.length === 0) continue;
    // both tails from one pass: better is the tail in the metric's direction, worse the other
    const both = rankTestBothTails([x], [y], { labels: [metric] });
    const t = both[alternative];
    out[metric] = {
      p_value: t.p,
      p_value_worse: both[alternative === 'greater' ? 'less' : 'greater'].p,
      test: 'mann-whitney',
      method: t.method,
      smallest_p: t.smallestP,
      needed_to_reach: runsToReach(0.05, 1),
    };
  }
  return out;
}
