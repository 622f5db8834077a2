import { aggregateIqm } from './aggregate-iqm.js';
import { aggregateMean } from './aggregate-mean.js';
import { aggregateMedian } from './aggregate-median.js';
import { type BootstrapOptions, bootstrap, type Estimate } from './bootstrap.js';
import { optimalityGap } from './optimality-gap.js';
import type { Scores } from './scores.js';

/** rliable's four aggregates of one algorithm, each with its interval. */
export interface Aggregates {
  iqm: Estimate;
  mean: Estimate;
  median: Estimate;
  optimalityGap: Estimate;
}

/**
 * IQM, mean, median and optimality gap (γ = `gamma`) of a ragged runs × tasks matrix, with one
 * stratified bootstrap (runs resampled within each task) serving all four, as rliable's
 * `get_interval_estimates` does.
 */
export function aggregatesWithIntervals(
  scores: Scores,
  options: BootstrapOptions & { gamma?: number } = {},
): Aggregates {
  const gamma = options.gamma ?? 1;
  const [iqm, mean, median, gap] = bootstrap(
    scores,
    (resample) => [
      aggregateIqm(resample),
      aggregateMean(resample),
      aggregateMedian(resample),
      optimalityGap(resample, gamma),
    ],
    options,
  ) as [Estimate, Estimate, Estimate, Estimate];
  return { iqm, mean, median, optimalityGap: gap };
}
