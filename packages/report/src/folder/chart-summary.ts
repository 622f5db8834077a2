import type { BeforeAfterSummary } from '@evidence/plots';
import { type BeforeAfterMetrics, REWARD_STATS } from './before-after.js';
import { shownRates } from './shown-rates.js';
import { whiskerIntervals } from './whiskers.js';

/**
 * What the before/after chart draws: every statistic the page's table shows but n, with the intervals
 * as whiskers, and, when the table leaves rates out, which rates it shows. Only those: a copy of 300,000 rates the
 * chart does not draw would cost memory for nothing.
 */
export function summaryForChart(metrics: BeforeAfterMetrics): BeforeAfterSummary {
  const { shown, hidden } = shownRates(metrics);
  const keys = [...REWARD_STATS, ...shown];
  const pick = <T>(stats: Readonly<Record<string, T>>): Record<string, T> =>
    Object.fromEntries(keys.filter((key) => Object.hasOwn(stats, key)).map((key) => [key, stats[key] as T]));
  return {
    pre: pick(metrics.pre),
    post: pick(metrics.post),
    delta: pick(metrics.delta),
    ci95: whiskerIntervals(metrics, keys), // cut to the value's possible range
    // named only when some are left out: otherwise the chart draws every rate it finds, as before
    ...(hidden.length > 0 ? { rates: shown } : {}),
  };
}
