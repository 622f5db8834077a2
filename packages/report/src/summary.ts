/**
 * Descriptive statistics on plain arrays (the point estimates, with the reference trainer's
 * arithmetic). The bootstrap computes the same statistics from counts, in bootstrap.ts.
 */

/**
 * A power of two that brings the largest finite |value| near 1 when values are so large (above 2^256)
 * that a sum or a square could overflow; 1 otherwise. Dividing by a power of two is exact.
 */
export function overflowScale(values: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < values.length; i++) {
    const size = Math.abs(values[i] as number);
    if (size > largest && size !== Number.POSITIVE_INFINITY) largest = size;
  }
  return largest > 2 ** 256 ? 2 ** Math.floor(Math.log2(largest)) : 1;
}

/** `sum(values[from..to)) / count` of the values divided by `scale`, times `scale`. */
function scaledMean(values: ArrayLike<number>, from: number, to: number, scale: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (values[i] as number) / scale;
  return (sum / (to - from)) * scale;
}

/**
 * Left-to-right sum / n, the same arithmetic as Python's `sum(x) / len(x)`; when that sum overflows
 * (rewards near 1e308), the same sum of scaled values, so the mean of finite values stays finite.
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

export function sortedCopy(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}

/** The true median: the middle value, or the mean of the two middle values. */
export function median(values: ArrayLike<number>): number {
  const sorted = sortedCopy(values);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  if (n % 2 === 1) return sorted[mid] as number;
  const [a, b] = [sorted[mid - 1] as number, sorted[mid] as number];
  const middle = (a + b) / 2;
  return Number.isFinite(middle) ? middle : a / 2 + b / 2; // a + b can overflow where the median cannot
}

/**
 * Sample standard deviation (n − 1 in the denominator, numpy `ddof=1`); NaN below two values. Values
 * above 2^256 are scaled first, so the squares do not overflow; the result is infinite only when the
 * spread itself exceeds the largest double.
 */
export function std(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const scale = overflowScale(values);
  const x = scale === 1 ? values : Float64Array.from(values, (v) => v / scale);
  const m = mean(x);
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((x[i] as number) - m) ** 2;
  return Math.sqrt(squares / (n - 1)) * scale;
}

/**
 * Interquartile mean: the mean of what is left after cutting floor(n/4) values from each end,
 * exactly `scipy.stats.trim_mean(x, 0.25)` as used by rliable's `aggregate_iqm`.
 */
export function iqm(values: ArrayLike<number>): number {
  const sorted = sortedCopy(values);
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

/**
 * P(post > pre): the Mann–Whitney U statistic of post against pre divided by n·m, ties counting
 * one half (rliable's `probability_of_improvement`). O((n + m) log(n + m)).
 */
export function probabilityOfImprovement(pre: ArrayLike<number>, post: ArrayLike<number>): number {
  const x = sortedCopy(pre);
  const y = sortedCopy(post);
  return weightedImprovement(x, null, y, null);
}

/**
 * U / (n·m) on sorted arrays with optional multiplicities (null = each value once).
 * Two pointers walk the pre values below and up to each post value.
 */
export function weightedImprovement(
  x: Float64Array,
  xCounts: Uint32Array | null,
  y: Float64Array,
  yCounts: Uint32Array | null,
): number {
  let below = 0; // weight of pre values < current post value
  let atOrBelow = 0; // weight of pre values <= current post value
  let i = 0;
  let j = 0;
  let u = 0;
  let n = 0;
  let m = 0;
  for (let k = 0; k < x.length; k++) n += xCounts ? (xCounts[k] as number) : 1;
  for (let k = 0; k < y.length; k++) {
    const weight = yCounts ? (yCounts[k] as number) : 1;
    if (weight === 0) continue;
    const value = y[k] as number;
    for (; i < x.length && (x[i] as number) < value; i++) below += xCounts ? (xCounts[i] as number) : 1;
    if (j < i) {
      j = i;
      atOrBelow = below;
    }
    for (; j < x.length && (x[j] as number) <= value; j++) atOrBelow += xCounts ? (xCounts[j] as number) : 1;
    u += weight * (below + 0.5 * (atOrBelow - below));
    m += weight;
  }
  return u / (n * m);
}

/** numpy's default (linear) percentile of an already sorted array, q in [0, 100]. */
export function percentileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const rank = (q / 100) * (n - 1);
  const lo = Math.floor(rank);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (rank - lo);
}
