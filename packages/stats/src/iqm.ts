import { overflowScale, scaledMean } from './overflow-scale.js';
import { selectInPlace } from './select.js';

/**
 * Interquartile mean: the mean of what is left after cutting ⌊n/4⌋ values from each end, as
 * `scipy.stats.trim_mean(x, 0.25)` (rliable's `aggregate_iqm`). Values already in ascending order
 * are summed in that order; others are partitioned (quickselect, as SciPy's np.partition) rather than
 * sorted. NaN for no values.
 */
export function iqm(values: ArrayLike<number>): number {
  return inOrder(values) ? trimmedSum(values) : iqmInPlace(Float64Array.from(values));
}

/** {@link iqm} of values the caller gives up: they are rearranged in place, not copied. */
export function iqmInPlace(values: Float64Array): number {
  const n = values.length;
  const cut = Math.floor(n * 0.25);
  if (hasNaN(values))
    values.sort(); // NaN has no rank: sorted last, as NumPy does
  else if (cut > 0) {
    selectInPlace(values, cut);
    selectInPlace(values, n - cut - 1, cut + 1);
  }
  return trimmedSum(values);
}

/** The mean of kept[cut, n − cut), the ranks the IQM keeps. */
function trimmedSum(kept: ArrayLike<number>): number {
  const n = kept.length;
  const cut = Math.floor(n * 0.25);
  let sum = 0;
  for (let i = cut; i < n - cut; i++) sum += kept[i] as number;
  if (!Number.isFinite(sum)) {
    const scale = overflowScale(kept);
    if (scale > 1) return scaledMean(kept, cut, n - cut, scale);
  }
  return sum / (n - 2 * cut);
}

function inOrder(values: ArrayLike<number>): boolean {
  for (let i = 1; i < values.length; i++)
    if (!((values[i - 1] as number) <= (values[i] as number))) return false;
  return true;
}

function hasNaN(values: Float64Array): boolean {
  for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i])) return true;
  return false;
}
