/**
 * Descriptive statistics. Two forms of each: on a plain array (point estimates, matching the
 * reference trainer's arithmetic) and on a sorted array with multiplicities (a bootstrap resample
 * without sorting it again: O(n) per resample instead of O(n log n)).
 */

/** Left-to-right sum / n, the same arithmetic as Python's `sum(x) / len(x)`. */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
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
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Sample standard deviation (n − 1 in the denominator, numpy `ddof=1`); NaN below two values. */
export function std(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const m = mean(values);
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((values[i] as number) - m) ** 2;
  return Math.sqrt(squares / (n - 1));
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
  const weightOf = (k: number): number => (xCounts ? (xCounts[k] as number) : 1);
  let below = 0; // weight of pre values < current post value
  let atOrBelow = 0; // weight of pre values <= current post value
  let i = 0;
  let j = 0;
  let u = 0;
  let n = 0;
  let m = 0;
  for (let k = 0; k < x.length; k++) n += weightOf(k);
  for (let k = 0; k < y.length; k++) {
    const weight = yCounts ? (yCounts[k] as number) : 1;
    if (weight === 0) continue;
    const value = y[k] as number;
    for (; i < x.length && (x[i] as number) < value; i++) below += weightOf(i);
    if (j < i) {
      j = i;
      atOrBelow = below;
    }
    for (; j < x.length && (x[j] as number) <= value; j++) atOrBelow += weightOf(j);
    u += weight * (below + 0.5 * (atOrBelow - below));
    m += weight;
  }
  return u / (n * m);
}

/** Statistics of a resample given as multiplicities over a sorted array (counts sum to n). */
export interface WeightedSummary {
  mean: number;
  median: number;
  std: number;
  iqm: number;
}

export function weightedSummary(sorted: Float64Array, counts: Uint32Array, n: number): WeightedSummary {
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) sum += (counts[i] as number) * (sorted[i] as number);
  const m = sum / n;
  let squares = 0;
  for (let i = 0; i < sorted.length; i++) squares += (counts[i] as number) * ((sorted[i] as number) - m) ** 2;

  // Walk the sorted values once, reading order statistics and the trimmed sum as we pass them.
  const lowMid = (n - 1) >> 1;
  const highMid = n >> 1;
  const cut = Math.floor(n * 0.25);
  const keepEnd = n - cut;
  let lowValue = Number.NaN;
  let highValue = Number.NaN;
  let trimmed = 0;
  let position = 0;
  for (let i = 0; i < sorted.length && position < n; i++) {
    const c = counts[i] as number;
    if (c === 0) continue;
    const value = sorted[i] as number;
    const end = position + c;
    if (position <= lowMid && lowMid < end) lowValue = value;
    if (position <= highMid && highMid < end) highValue = value;
    const overlap = Math.min(end, keepEnd) - Math.max(position, cut);
    if (overlap > 0) trimmed += overlap * value;
    position = end;
  }
  return {
    mean: m,
    median: (lowValue + highValue) / 2,
    std: n < 2 ? Number.NaN : Math.sqrt(squares / (n - 1)),
    iqm: trimmed / (n - 2 * cut),
  };
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
