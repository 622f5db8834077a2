import { DEFAULT_CONFIDENCE } from './defaults.js';
import { mean } from './mean.js';
import { incompleteBeta, invertIncreasing } from './special.js';
import { std } from './std.js';

/** P(T > t) for t ≥ 0, T Student's t with `df` degrees of freedom. */
const upperTail = (t: number, df: number): number => 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);

/** The distribution function of Student's t with `df` degrees of freedom (scipy.stats.t.cdf). */
export function studentTCdf(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return Number.NaN;
  return t < 0 ? upperTail(-t, df) : 1 - upperTail(t, df);
}

/** The quantile of Student's t (scipy.stats.t.ppf): e.g. 2.776 for p = 0.975 and 4 degrees of freedom. */
export function studentTQuantile(p: number, df: number): number {
  if (!(p >= 0 && p <= 1) || !(df > 0)) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const solve = (q: number) => {
    let hi = 1;
    while (upperTail(hi, df) > q) hi *= 2; // heavy tails: bracket first
    return invertIncreasing((t) => -upperTail(t, df), -q, 0, hi);
  };
  return p < 0.5 ? -solve(p) : solve(1 - p);
}

/**
 * The t-interval of the mean, mean ± t(1 − α/2, n − 1)·s/√n: right for few runs where the
 * normal's 1.96 is too narrow (with 5 runs the factor is 2.78). [NaN, NaN] below two values.
 */
export function tInterval(values: ArrayLike<number>, confidence = DEFAULT_CONFIDENCE): [number, number] {
  const n = values.length;
  if (n < 2) return [Number.NaN, Number.NaN];
  const m = mean(values);
  const half = (studentTQuantile(1 - (1 - confidence) / 2, n - 1) * std(values)) / Math.sqrt(n);
  return [m - half, m + half];
}
