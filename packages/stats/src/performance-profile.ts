import { type BootstrapOptions, bootstrap, type Counts } from './bootstrap.js';
import { scoreDistribution } from './score-distribution.js';
import type { Scores } from './scores.js';

/** A performance profile: per τ the fraction of runs above τ, and its band. */
export interface Profile {
  taus: number[];
  fraction: number[];
  low: number[];
  high: number[];
}

/**
 * rliable's performance profile (run-score distribution) with a stratified bootstrap band at each τ.
 * A resample's fraction above τ is read from its counts: per task, the draws at or after the first
 * sorted value above τ (the same number scoreDistribution counts, without sorting each resample).
 */
export function performanceProfile(
  scores: Scores,
  taus: readonly number[],
  options: BootstrapOptions = {},
): Profile {
  const tasks = scores.map((task) => Float64Array.from(task).sort());
  const total = tasks.reduce((n, task) => n + task.length, 0);
  const firstAbove = tasks.map((task) => taus.map((tau) => upperBound(task, tau)));
  const fromHere = tasks.map((task) => new Float64Array(task.length + 1)); // draws at index ≥ k
  const out = new Float64Array(taus.length);
  const statistic = (_: unknown, counts: Counts): Float64Array => {
    out.fill(0);
    counts.forEach((c, t) => {
      const suffix = fromHere[t] as Float64Array;
      for (let k = c.length - 1; k >= 0; k--) suffix[k] = (suffix[k + 1] as number) + (c[k] as number);
      const starts = firstAbove[t] as number[];
      for (let i = 0; i < taus.length; i++)
        out[i] = (out[i] as number) + (suffix[starts[i] as number] as number);
    });
    for (let i = 0; i < taus.length; i++) out[i] = (out[i] as number) / total;
    return out;
  };
  const estimates = bootstrap(scores, statistic, options);
  return {
    taus: [...taus],
    fraction: scoreDistribution(scores, taus),
    low: estimates.map((e) => e.ci[0]),
    high: estimates.map((e) => e.ci[1]),
  };
}

/** The first index of `sorted` holding a value above `value`. */
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
