/**
 * Intervals for rates of a boolean outcome. Score intervals, unlike the bootstrap or the normal
 * approximation, never collapse to a point: 50 successes of 50 give [0.929, 1], not [1, 1].
 * References: Wilson (1927); Newcombe, Statistics in Medicine 17 (1998) 873–890 (independent samples,
 * method 10) and 2635–2650 (paired samples, method 10).
 */

/** z of a two-sided 95 % interval: the 0.975 quantile of the standard normal. */
export const Z95 = 1.959963984540054;

/** Wilson score interval of a proportion, `successes` of `n`; [NaN, NaN] when n is 0. */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [Number.NaN, Number.NaN];
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // The exact ends are 0 at p = 0 and 1 at p = 1; rounding must not push them past.
  return [successes === 0 ? 0 : Math.max(0, centre - half), successes === n ? 1 : Math.min(1, centre + half)];
}

/**
 * Newcombe's hybrid score interval of p2 − p1 for independent samples (his method 10): the Wilson
 * interval of each side, squared and added. Side 1 is "before" and side 2 "after".
 */
export function newcombeDifference(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  z = Z95,
): [number, number] {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const [l1, u1] = wilson(x1, n1, z);
  const [l2, u2] = wilson(x2, n2, z);
  const d = p2 - p1;
  return [
    Math.max(-1, d - Math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)),
    Math.min(1, d + Math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)),
  ];
}

/**
 * Newcombe's interval of p2 − p1 for paired samples (his method 10 for paired data): the Wilson
 * intervals of both margins, squared and added with the correction for the correlation φ between
 * them. `bothTrue`: pairs true before and after, `beforeOnly`, `afterOnly`, `neither`.
 */
export function newcombePairedDifference(
  bothTrue: number,
  beforeOnly: number,
  afterOnly: number,
  neither: number,
  z = Z95,
): [number, number] {
  const n = bothTrue + beforeOnly + afterOnly + neither;
  const before = bothTrue + beforeOnly;
  const after = bothTrue + afterOnly;
  const p1 = before / n;
  const p2 = after / n;
  const [l1, u1] = wilson(before, n, z);
  const [l2, u2] = wilson(after, n, z);
  const margins = before * (n - before) * after * (n - after);
  // φ as Newcombe defines it: ad − bc reduced by n/2 towards 0 when positive, 0 when a margin is empty.
  const cross = bothTrue * neither - beforeOnly * afterOnly;
  const corrected = cross > n / 2 ? cross - n / 2 : Math.min(cross, 0);
  const phi = margins === 0 ? 0 : corrected / Math.sqrt(margins);
  const d = p2 - p1;
  const below = Math.sqrt((p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2);
  const above = Math.sqrt((u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2);
  return [Math.max(-1, d - below), Math.min(1, d + above)];
}
