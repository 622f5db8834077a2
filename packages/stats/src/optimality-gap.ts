import type { Scores } from './scores.js';

/**
 * rliable's `aggregate_optimality_gap`: γ − the mean of min(score, γ) over every score of every run
 * and task; how far runs fall short of γ (γ = 1: a normalized score of 1 counts as optimal).
 */
export function optimalityGap(scores: Scores, gamma = 1): number {
  let sum = 0;
  let n = 0;
  for (const task of scores)
    for (let i = 0; i < task.length; i++) {
      sum += Math.min(task[i] as number, gamma);
      n++;
    }
  return gamma - sum / n;
}
