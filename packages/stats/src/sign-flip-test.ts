import { DEFAULT_SEED } from './defaults.js';
import { stream } from './random.js';
import type { Alternative, RankTest } from './rank-test.js';

/** Pairs up to which every sign pattern is enumerated (2^20 ≈ a million). */
export const SIGN_FLIP_EXACT = 20;

/**
 * The one-sided paired permutation test of the mean of `differences` (after − before, pair by pair):
 * under the null each difference is as likely negative as positive, so the p-value is the share of the
 * 2^n sign patterns whose sum is at least the observed one (`greater`). Exact up to {@link SIGN_FLIP_EXACT}
 * non-zero differences, else Monte Carlo with p = (1 + k)/(1 + permutations).
 */
export function signFlipTest(
  differences: ArrayLike<number>,
  options: {
    alternative?: Alternative;
    permutations?: number;
    seed?: number;
    labels?: readonly string[];
  } = {},
): RankTest {
  const sign = (options.alternative ?? 'greater') === 'greater' ? 1 : -1;
  const values: number[] = [];
  let observed = 0;
  for (let i = 0; i < differences.length; i++) {
    const d = differences[i] as number;
    if (Number.isNaN(d)) throw new RangeError('signFlipTest: NaN among the differences');
    observed += d;
    if (d !== 0) values.push(Math.abs(d));
  }
  const statistic = differences.length > 0 ? observed / differences.length : Number.NaN;
  const n = values.length;
  const target = sign * observed;
  const tolerance = 1e-12 * values.reduce((a, b) => a + b, 0);
  const smallestP = 2 ** -n;
  if (n <= SIGN_FLIP_EXACT) {
    let count = 0;
    const patterns = 2 ** n;
    for (let mask = 0; mask < patterns; mask++) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += mask & (1 << i) ? (values[i] as number) : -(values[i] as number);
      if (sum >= target - tolerance) count++;
    }
    return { statistic, p: count / patterns, method: 'exact', smallestP };
  }
  const permutations = options.permutations ?? 9_999;
  const random = stream(options.seed ?? DEFAULT_SEED, 'sign-flip', ...(options.labels ?? []));
  let k = 0;
  for (let r = 0; r < permutations; r++) {
    let sum = 0;
    for (const v of values) sum += random() < 0.5 ? -v : v;
    if (sum >= target - tolerance) k++;
  }
  return {
    statistic,
    p: (1 + k) / (1 + permutations),
    method: 'monte-carlo',
    permutations,
    smallestP: Math.max(smallestP, 1 / (1 + permutations)),
  };
}
