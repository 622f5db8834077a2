import { byName } from '../records.js';
import type { BeforeAfterMetrics } from './before-after.js';

/**
 * The intervals of the changes as the before/after chart draws them: a whisker on the after bar from
 * pre + lo to pre + hi. Where the value has a known range (a rate in [0, 1], a capped reward), the
 * interval is cut so the whisker stays inside it: the after value cannot lie outside. Only `keys`
 * (default: every interval).
 */
export function whiskerIntervals(
  metrics: BeforeAfterMetrics,
  keys: readonly string[] = Object.keys(metrics.ci95),
): Record<string, [number, number]> {
  const out = byName<[number, number]>();
  for (const key of keys) {
    if (!Object.hasOwn(metrics.ci95, key)) continue;
    const [lo, hi] = metrics.ci95[key] as [number, number];
    const [min, max] = (Object.hasOwn(metrics.bounds, key) ? metrics.bounds[key] : null) ?? [null, null];
    const base = metrics.pre[key] as number;
    out[key] = [min === null ? lo : Math.max(lo, min - base), max === null ? hi : Math.min(hi, max - base)];
  }
  return out;
}
