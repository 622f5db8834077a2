import { iqmInPlace } from './iqm.js';
import { pooled, type Scores } from './scores.js';

/** rliable's `aggregate_iqm`: the 25 % trimmed mean of every score of every run and task, pooled. */
export function aggregateIqm(scores: Scores): number {
  return iqmInPlace(pooled(scores)); // pooled is a fresh copy: partitioned in place
}
