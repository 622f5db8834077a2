import { invertIncreasing, upperIncompleteGamma } from './special.js';

/** P(Z > z) for z ≥ 0: ½ erfc(z/√2), erfc through Q(½, z²/2). */
const upperTail = (z: number): number => 0.5 * upperIncompleteGamma(0.5, (z * z) / 2);

/** Φ(z), the standard normal distribution function. */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  return z < 0 ? upperTail(-z) : 1 - upperTail(z);
}

/** Φ⁻¹(p), the standard normal quantile (scipy.special.ndtri); ±∞ at 0 and 1. */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  // the tail is solved for, not 1 − tail, so small p keep their precision; 1 − p is exact for p ≥ ½
  const solve = (q: number) => invertIncreasing((z) => -upperTail(z), -q, 0, 40);
  return p < 0.5 ? -solve(p) : solve(1 - p);
}
