import { aggregateIqm } from './aggregate-iqm.js';
import { type BootstrapOptions, bootstrap } from './bootstrap.js';
import type { Random } from './random.js';
import type { Scores } from './scores.js';

/** The aggregate at each x with its band. */
export interface EfficiencyCurve {
  estimate: number[];
  low: number[];
  high: number[];
}

/**
 * rliable's sample-efficiency curve: at each point of training (`scoresAt[i]`, the runs × tasks
 * scores at the i-th x), the aggregate (IQM by default) with its stratified bootstrap interval. Each
 * point draws from `randomAt(i)` when given, so points do not share draws.
 */
export function sampleEfficiencyCurve(
  scoresAt: readonly Scores[],
  options: BootstrapOptions & {
    aggregate?: (scores: Scores) => number;
    randomAt?: (i: number) => Random;
  } = {},
): EfficiencyCurve {
  const aggregate = options.aggregate ?? aggregateIqm;
  const curve: EfficiencyCurve = { estimate: [], low: [], high: [] };
  scoresAt.forEach((scores, i) => {
    const point = bootstrap(scores, aggregate, {
      ...options,
      random: options.randomAt?.(i) ?? options.random,
    });
    curve.estimate.push(point.estimate);
    curve.low.push(point.ci[0]);
    curve.high.push(point.ci[1]);
  });
  return curve;
}
