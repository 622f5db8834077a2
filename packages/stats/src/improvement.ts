import { type BootstrapOptions, bootstrap, type Counts, type Estimate } from './bootstrap.js';
import { greaterOfSorted } from './probability-greater.js';
import type { Scores } from './scores.js';

/**
 * P(X > Y) averaged over tasks with its interval: x's runs and y's runs are resampled independently
 * within each task (rliable's StratifiedIndependentBootstrap), x's tasks first, then y's. Each
 * resample's P is read from its counts over the sorted runs (probabilityOfImprovement's number,
 * without re-sorting).
 */
export function improvementWithInterval(x: Scores, y: Scores, options: BootstrapOptions = {}): Estimate {
  const tasks = x.length;
  if (y.length !== tasks)
    throw new RangeError(`improvementWithInterval: x has ${tasks} tasks, y has ${y.length}`);
  const sorted = [...x, ...y].map((task) => Float64Array.from(task).sort());
  const statistic = (_: unknown, counts: Counts): number => {
    let sum = 0;
    for (let t = 0; t < tasks; t++)
      sum += greaterOfSorted(
        sorted[t] as Float64Array,
        counts[t] as Uint32Array,
        sorted[tasks + t] as Float64Array,
        counts[tasks + t] as Uint32Array,
      );
    return sum / tasks;
  };
  return bootstrap([...x, ...y], statistic, { ...options, paired: false });
}
