import { type Scores, taskMeans } from './scores.js';

/** rliable's `aggregate_mean`: the mean over tasks of each task's mean score. */
export function aggregateMean(scores: Scores): number {
  const means = taskMeans(scores);
  let sum = 0;
  for (const m of means) sum += m;
  return sum / means.length;
}
