import { pooled, type Scores } from './scores.js';

/**
 * rliable's run-score distribution (a performance profile): for each τ, the fraction of all runs of
 * all tasks (pooled) whose score is above τ.
 */
export function scoreDistribution(scores: Scores, taus: readonly number[]): number[] {
  const all = pooled(scores).sort();
  return taus.map((tau) => {
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((all[mid] as number) <= tau) lo = mid + 1;
      else hi = mid;
    }
    return (all.length - lo) / all.length;
  });
}
