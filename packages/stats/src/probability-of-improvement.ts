import { probabilityGreater } from './probability-greater.js';
import type { Scores } from './scores.js';

/**
 * rliable's `probability_of_improvement`: per task P(X > Y) + ½ P(X = Y) (Mann–Whitney U over n·m),
 * averaged over tasks. `x` and `y` list the same tasks in the same order.
 */
export function probabilityOfImprovement(x: Scores, y: Scores): number {
  if (x.length !== y.length)
    throw new RangeError(`probabilityOfImprovement: x has ${x.length} tasks, y has ${y.length}`);
  let sum = 0;
  for (let t = 0; t < x.length; t++)
    sum += probabilityGreater(x[t] as ArrayLike<number>, y[t] as ArrayLike<number>);
  return sum / x.length;
}
