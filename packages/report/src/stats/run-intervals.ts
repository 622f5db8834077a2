/**
 * The intervals of `evidence runs` (rliable's statistics): the IQM of one group's final scores with a
 * percentile bootstrap over runs, P(A > B) with each group resampled independently, and across tasks
 * a stratified bootstrap (runs resampled within each task) of the pooled IQM and the performance
 * profile. Resamples draw indices into each sample's values in ascending order.
 */
import type { Random } from '../prng.js';
import { iqm, sortedCopy, weightedImprovement } from '../summary.js';
import { drawInto, percentileInterval, trimmedMeanOfCounts } from './resample.js';

export interface Interval {
  estimate: number;
  ci: [number, number];
}

/** IQM of `values` and its 95 % percentile bootstrap interval (each resample: n draws over runs). */
export function iqmWithInterval(values: ArrayLike<number>, resamples: number, random: Random): Interval {
  const sorted = sortedCopy(values);
  const n = sorted.length;
  const counts = new Uint32Array(n);
  const draws = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    counts.fill(0);
    drawInto(counts, 0, n, random);
    draws[r] = trimmedMeanOfCounts(sorted, counts, n);
  }
  return { estimate: iqm(sorted), ci: percentileInterval(draws) };
}

/**
 * P(A > B) = Mann–Whitney U / (n_A·n_B), ties counting ½, and its 95 % interval: each resample
 * draws n_A runs of A, then n_B runs of B.
 */
export function improvementWithInterval(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  resamples: number,
  random: Random,
): Interval {
  const sa = sortedCopy(a);
  const sb = sortedCopy(b);
  const ca = new Uint32Array(sa.length);
  const cb = new Uint32Array(sb.length);
  const draws = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    ca.fill(0);
    cb.fill(0);
    drawInto(ca, 0, sa.length, random);
    drawInto(cb, 0, sb.length, random);
    draws[r] = weightedImprovement(sb, cb, sa, ca);
  }
  return { estimate: weightedImprovement(sb, null, sa, null), ci: percentileInterval(draws) };
}

export interface StratifiedResult {
  iqm: Interval;
  /** fraction of runs scoring above each τ, with its 95 % band */
  profile: { fraction: number[]; low: number[]; high: number[] };
}

/**
 * Pooled IQM and performance profile of normalized scores given per task, with a stratified
 * bootstrap: each resample draws, task by task in the order given, n_t of that task's runs.
 */
export function stratifiedWithInterval(
  perTask: readonly ArrayLike<number>[],
  taus: readonly number[],
  resamples: number,
  random: Random,
): StratifiedResult {
  const tasks = perTask.map((values) => sortedCopy(values));
  const pooled = sortedCopy(tasks.flatMap((values) => [...values]));
  const total = pooled.length;
  // where each task's k-th smallest value sits in the pooled order (equal values: any free slot)
  const slots = tasks.map((values) => {
    const at = new Uint32Array(values.length);
    return { values, at };
  });
  const taken = new Uint8Array(total);
  for (const { values, at } of slots) {
    for (let k = 0; k < values.length; k++) {
      let p = lowerBound(pooled, values[k] as number);
      while (taken[p]) p++;
      taken[p] = 1;
      at[k] = p;
    }
  }
  const firstAbove = taus.map((tau) => upperBound(pooled, tau));
  const pooledCounts = new Uint32Array(total);
  const local = tasks.map((values) => new Uint32Array(values.length));
  const iqmDraws = new Float64Array(resamples);
  const profileDraws = taus.map(() => new Float64Array(resamples));
  const countFrom = new Float64Array(total + 1); // draws at pooled index ≥ k
  for (let r = 0; r < resamples; r++) {
    pooledCounts.fill(0);
    slots.forEach(({ values, at }, t) => {
      const counts = local[t] as Uint32Array;
      counts.fill(0);
      drawInto(counts, 0, values.length, random);
      for (let k = 0; k < values.length; k++) pooledCounts[at[k] as number] = counts[k] as number;
    });
    iqmDraws[r] = trimmedMeanOfCounts(pooled, pooledCounts, total);
    for (let k = total - 1; k >= 0; k--)
      countFrom[k] = (countFrom[k + 1] as number) + (pooledCounts[k] as number);
    firstAbove.forEach((k, i) => {
      (profileDraws[i] as Float64Array)[r] = (countFrom[k] as number) / total;
    });
  }
  const bands = profileDraws.map(percentileInterval);
  return {
    iqm: { estimate: iqm(pooled), ci: percentileInterval(iqmDraws) },
    profile: {
      fraction: firstAbove.map((k) => (total - k) / total),
      low: bands.map(([lo]) => lo),
      high: bands.map(([, hi]) => hi),
    },
  };
}

/** first index with sorted[i] >= value */
function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** first index with sorted[i] > value */
function upperBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
