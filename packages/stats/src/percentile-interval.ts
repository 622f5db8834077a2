import { DEFAULT_CONFIDENCE } from './defaults.js';
import { quantileSorted } from './quantile.js';

/**
 * The central `confidence` share of a bootstrap distribution (numpy's linear percentiles, e.g. 2.5
 * and 97.5); NaN draws (a std of one value) are left out.
 */
export function percentileInterval(
  draws: ArrayLike<number>,
  confidence = DEFAULT_CONFIDENCE,
): [number, number] {
  const sorted = Float64Array.from(draws)
    .filter((v) => !Number.isNaN(v))
    .sort();
  const alpha = (1 - confidence) / 2;
  return [quantileSorted(sorted, alpha), quantileSorted(sorted, 1 - alpha)];
}
