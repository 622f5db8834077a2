import { ascending } from './ascending.js';
import { overflowScale, scaledMean } from './overflow-scale.js';

/**
 * Interquartile mean: the mean of what is left after cutting ⌊n/4⌋ values from each end, exactly
 * `scipy.stats.trim_mean(x, 0.25)` as rliable's `aggregate_iqm` uses it. NaN for no values.
 */
export function iqm(values: ArrayLike<number>): number {
  const sorted = ascending(values);
  const n = sorted.length;
  const cut = Math.floor(n * 0.25);
  let sum = 0;
  for (let i = cut; i < n - cut; i++) sum += sorted[i] as number;
  if (!Number.isFinite(sum)) {
    const scale = overflowScale(sorted);
    if (scale > 1) return scaledMean(sorted, cut, n - cut, scale);
  }
  return sum / (n - 2 * cut);
}
