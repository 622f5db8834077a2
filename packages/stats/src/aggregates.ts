import { type BootstrapOptions, bootstrap, type Counts, type Estimate, type Resample } from './bootstrap.js';
import { median } from './median.js';
import type { Scores } from './scores.js';

/** rliable's four aggregates of one algorithm, each with its interval. */
export interface Aggregates {
  iqm: Estimate;
  mean: Estimate;
  median: Estimate;
  optimalityGap: Estimate;
}

/**
 * IQM, mean, median and optimality gap (γ = `gamma`) of a ragged runs × tasks matrix, with one
 * stratified bootstrap (runs resampled within each task) serving all four, as rliable's
 * `get_interval_estimates` does. The same numbers as aggregateIqm, aggregateMean, aggregateMedian and
 * optimalityGap, up to the order of summation (a test checks to 1e-12).
 */
export function aggregatesWithIntervals(
  scores: Scores,
  options: BootstrapOptions & { gamma?: number } = {},
): Aggregates {
  const gamma = options.gamma ?? 1;
  // A resample is its counts over the data's values. The pooled data is sorted once, and each task's
  // k-th smallest value has its place in it, so the IQM of a resample is one pass over the pooled
  // order with the counts scattered into it: no copy, no sort, no selection (10× faster).
  const tasks = scores.map((task) => Float64Array.from(task).sort());
  const places = tasks.map((task) => new Uint32Array(task.length));
  const order: { value: number; t: number; k: number }[] = [];
  tasks.forEach((task, t) => {
    task.forEach((value, k) => {
      order.push({ value, t, k });
    });
  });
  order.sort((a, b) => a.value - b.value);
  const all = Float64Array.from(order, (o) => o.value);
  order.forEach((o, p) => {
    (places[o.t] as Uint32Array)[o.k] = p;
  });
  const total = all.length;
  const drawn = new Uint32Array(total);
  const means = new Float64Array(tasks.length);
  const four = new Float64Array(4);
  const cut = Math.floor(total * 0.25);
  const statistic = (_: Resample, counts: Counts): Float64Array => {
    let clipped = 0;
    let meanOfMeans = 0;
    counts.forEach((c, t) => {
      const values = tasks[t] as Float64Array;
      const place = places[t] as Uint32Array;
      let sum = 0;
      for (let k = 0; k < values.length; k++) {
        const times = c[k] as number;
        drawn[place[k] as number] = times;
        sum += times * (values[k] as number);
        clipped += times * Math.min(values[k] as number, gamma);
      }
      means[t] = sum / values.length;
      meanOfMeans += means[t] as number;
    });
    // the 25 % trimmed mean: the draws of ranks [cut, total − cut), walked in the pooled order
    let rank = 0;
    let trimmed = 0;
    for (let p = 0; p < total && rank < total - cut; p++) {
      const times = drawn[p] as number;
      if (times === 0) continue;
      const overlap = Math.min(rank + times, total - cut) - Math.max(rank, cut);
      if (overlap > 0) trimmed += overlap * (all[p] as number);
      rank += times;
    }
    four[0] = trimmed / (total - 2 * cut);
    four[1] = meanOfMeans / means.length;
    four[2] = median(means); // median sorts a copy
    four[3] = gamma - clipped / total;
    return four;
  };
  const [iqm, mean, median_, gap] = bootstrap(scores, statistic, options) as [
    Estimate,
    Estimate,
    Estimate,
    Estimate,
  ];
  return { iqm, mean, median: median_, optimalityGap: gap };
}
