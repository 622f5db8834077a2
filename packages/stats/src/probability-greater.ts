import { ascending } from './ascending.js';

/**
 * P(X > Y) + ½ P(X = Y) for one draw from each sample: the Mann–Whitney U of x against y divided by
 * n·m (rliable's per-task probability of improvement). O((n + m) log(n + m)); NaN if a side is empty.
 */
export function probabilityGreater(x: ArrayLike<number>, y: ArrayLike<number>): number {
  return greaterOfSorted(ascending(x), null, ascending(y), null);
}

/**
 * U / (n·m) of x over y, both in ascending order, with optional multiplicities (null = each value
 * once). Two pointers walk the y values below and up to each x value.
 */
export function greaterOfSorted(
  x: ArrayLike<number>,
  xCounts: ArrayLike<number> | null,
  y: ArrayLike<number>,
  yCounts: ArrayLike<number> | null,
): number {
  let below = 0; // weight of y values < current x value
  let atOrBelow = 0; // weight of y values <= current x value
  let i = 0;
  let j = 0;
  let u = 0;
  let n = 0;
  let m = 0;
  for (let k = 0; k < y.length; k++) m += yCounts ? (yCounts[k] as number) : 1;
  for (let k = 0; k < x.length; k++) {
    const weight = xCounts ? (xCounts[k] as number) : 1;
    if (weight === 0) continue;
    const value = x[k] as number;
    for (; i < y.length && (y[i] as number) < value; i++) below += yCounts ? (yCounts[i] as number) : 1;
    if (j < i) {
      j = i;
      atOrBelow = below;
    }
    for (; j < y.length && (y[j] as number) <= value; j++) atOrBelow += yCounts ? (yCounts[j] as number) : 1;
    u += weight * (below + 0.5 * (atOrBelow - below));
    n += weight;
  }
  return u / (n * m);
}
