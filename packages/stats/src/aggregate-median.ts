import { median } from './median.js';
import { type Scores, taskMeans } from './scores.js';

/** rliable's `aggregate_median`: the median over tasks of each task's mean score. */
export function aggregateMedian(scores: Scores): number {
  return median(taskMeans(scores));
}
