import { type BootstrapOptions, bootstrap } from './bootstrap.js';
import { scoreDistribution } from './score-distribution.js';
import type { Scores } from './scores.js';

/** A performance profile: per τ the fraction of runs above τ, and its band. */
export interface Profile {
  taus: number[];
  fraction: number[];
  low: number[];
  high: number[];
}

/** rliable's performance profile (run-score distribution) with a stratified bootstrap band at each τ. */
export function performanceProfile(
  scores: Scores,
  taus: readonly number[],
  options: BootstrapOptions = {},
): Profile {
  const estimates = bootstrap(scores, (resample) => scoreDistribution(resample, taus), options);
  return {
    taus: [...taus],
    fraction: estimates.map((e) => e.estimate),
    low: estimates.map((e) => e.ci[0]),
    high: estimates.map((e) => e.ci[1]),
  };
}
