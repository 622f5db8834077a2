import type { BeforeAfterSummary } from '@evidence/plots';
import type { BeforeAfterMetrics } from './before-after.js';
import { whiskerIntervals } from './whiskers.js';

/** What the before/after chart draws: every statistic but n, with the intervals as whiskers. */
export function summaryForChart(metrics: BeforeAfterMetrics): BeforeAfterSummary {
  const withoutN = (stats: Record<string, number>): Record<string, number> =>
    Object.fromEntries(Object.entries(stats).filter(([key]) => key !== 'n'));
  return {
    pre: withoutN(metrics.pre),
    post: withoutN(metrics.post),
    delta: metrics.delta,
    ci95: whiskerIntervals(metrics), // cut to the value's possible range
  };
}
