import { overflowScale, scaledMean } from './overflow-scale.js';

/**
 * Left-to-right sum / n, the same arithmetic as Python's `sum(x) / len(x)`; when that sum overflows
 * (values near 1e308), the same sum of scaled values, so the mean of finite values stays finite.
 * NaN for no values.
 */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
  if (!Number.isFinite(sum)) {
    const scale = overflowScale(values);
    if (scale > 1) return scaledMean(values, 0, values.length, scale);
  }
  return sum / values.length;
}
