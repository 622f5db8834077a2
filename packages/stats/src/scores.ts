/**
 * Scores of many runs on many tasks: `scores[t]` holds the runs of task t. This is rliable's
 * `num_runs × num_tasks` matrix transposed, so tasks may have different numbers of runs (ragged).
 */
export type Scores = readonly ArrayLike<number>[];

/** Every score of every task, in one array (task by task). */
export function pooled(scores: Scores): Float64Array {
  let total = 0;
  for (const task of scores) total += task.length;
  const out = new Float64Array(total);
  let at = 0;
  for (const task of scores) for (let i = 0; i < task.length; i++) out[at++] = task[i] as number;
  return out;
}

/** Each task's mean score (NaN for a task without runs). */
export function taskMeans(scores: Scores): Float64Array {
  return Float64Array.from(scores, (task) => {
    let sum = 0;
    for (let i = 0; i < task.length; i++) sum += task[i] as number;
    return sum / task.length;
  });
}
