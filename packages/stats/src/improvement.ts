import { type BootstrapOptions, bootstrap, type Estimate } from './bootstrap.js';
import { probabilityOfImprovement } from './probability-of-improvement.js';
import type { Scores } from './scores.js';

/**
 * P(X > Y) averaged over tasks with its interval: x's runs and y's runs are resampled independently
 * within each task (rliable's StratifiedIndependentBootstrap), x's tasks first, then y's.
 */
export function improvementWithInterval(x: Scores, y: Scores, options: BootstrapOptions = {}): Estimate {
  const tasks = x.length;
  if (y.length !== tasks)
    throw new RangeError(`improvementWithInterval: x has ${tasks} tasks, y has ${y.length}`);
  return bootstrap(
    [...x, ...y],
    (resample) => probabilityOfImprovement(resample.slice(0, tasks), resample.slice(tasks)),
    {
      ...options,
      paired: false,
    },
  );
}
