import { mulberry32, type Random } from './prng.js';
import { mean, overflowScale, percentileSorted, weightedImprovement } from './summary.js';

/** The reward statistics the bootstrap resamples, in the order `summarise` writes them. */
export const REWARD_STATS = ['mean_reward', 'median_reward', 'std', 'iqm'] as const;
export type RewardStat = (typeof REWARD_STATS)[number];

/**
 * A side prepared for resampling. A resample is kept as how many times each episode was drawn;
 * rewards are put in ascending order once, so one O(n) pass over the counts gives every statistic of
 * a resample, order statistics included, without sorting.
 */
interface Prepared {
  n: number;
  /** rewards in ascending order, the episode behind each, and their mean (a shift for stable sums) */
  sorted: Float64Array;
  order: Uint32Array;
  shift: number;
  /** the same draw counts in reward order */
  sortedDrawn: Uint32Array;
}

function prepare(rewards: Float64Array): Prepared {
  const n = rewards.length;
  const order = Uint32Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (rewards[a] as number) - (rewards[b] as number),
  );
  return {
    n,
    sorted: Float64Array.from(order, (episode) => rewards[episode] as number),
    order,
    shift: mean(rewards),
    sortedDrawn: new Uint32Array(n),
  };
}

/** Draw n episodes of n with replacement: `drawn[i]` is how often episode i was drawn. */
function draw(drawn: Uint32Array, random: Random): void {
  const n = drawn.length;
  drawn.fill(0);
  for (let k = 0; k < n; k++) {
    const episode = Math.floor(random() * n);
    drawn[episode] = (drawn[episode] as number) + 1;
  }
}

/** Mean, median, std and IQM of the resample `drawn` of a side, written to `out`. */
function summarise(side: Prepared, drawn: Uint32Array, out: Float64Array): void {
  const { n, sortedDrawn, order, sorted, shift } = side;
  const lowMid = (n - 1) >> 1;
  const highMid = n >> 1;
  const cut = Math.floor(n * 0.25);
  const keepEnd = n - cut;
  let position = 0;
  let sum = 0;
  let squares = 0;
  let trimmed = 0;
  let low = Number.NaN;
  let high = Number.NaN;
  for (let rank = 0; rank < n; rank++) {
    const c = drawn[order[rank] as number] as number;
    sortedDrawn[rank] = c;
    if (c === 0) continue;
    const x = sorted[rank] as number;
    const d = x - shift;
    sum += c * d;
    squares += c * d * d;
    const end = position + c;
    if (position <= lowMid && lowMid < end) low = x;
    if (position <= highMid && highMid < end) high = x;
    const overlap = Math.min(end, keepEnd) - Math.max(position, cut);
    if (overlap > 0) trimmed += overlap * x;
    position = end;
  }
  out[0] = shift + sum / n;
  out[1] = (low + high) / 2;
  out[2] = n < 2 ? Number.NaN : Math.sqrt(Math.max(0, (squares - (sum * sum) / n) / (n - 1)));
  out[3] = trimmed / (n - 2 * cut);
}

/** Everything a bootstrap needs; plain data, so it can be sent to a worker thread. */
export interface BootstrapJob {
  /** episode rewards before and after training */
  pre: Float64Array;
  post: Float64Array;
  /** resample pairs (episode i before with episode i after) rather than each side on its own */
  paired: boolean;
  resamples: number;
  seed: number;
}

type Intervals = Record<RewardStat, [number, number]>;

export interface BootstrapResult {
  /** 95% interval of post − pre of each reward statistic */
  ci95: Intervals;
  /** 95% interval of each side's own statistic */
  pre: Intervals;
  post: Intervals;
  /** 95% interval of P(post > pre) */
  pImprovement: [number, number];
}

/**
 * Percentile bootstrap of the reward statistics, `resamples` times, from one seeded generator.
 * Independent: pre and post are resampled on their own. Paired: one draw of pair indices serves both
 * sides, so each resample keeps the pairs together. Rewards so large that sums or squares would
 * overflow are scaled by a power of two (exact) and the intervals scaled back.
 */
export function bootstrapDeltas(job: BootstrapJob): BootstrapResult {
  const { resamples, paired } = job;
  if (paired && job.pre.length !== job.post.length) {
    throw new RangeError(`paired bootstrap: ${job.pre.length} episodes before, ${job.post.length} after`);
  }
  const random = mulberry32(job.seed);
  const scale = overflowScale([overflowScale(job.pre), overflowScale(job.post)]);
  const a = prepare(scale === 1 ? job.pre : job.pre.map((x) => x / scale));
  const b = prepare(scale === 1 ? job.post : job.post.map((x) => x / scale));
  const drawnPre = new Uint32Array(a.n);
  const drawnPost = paired ? drawnPre : new Uint32Array(b.n);
  const stats = REWARD_STATS.length;
  const preDraws = REWARD_STATS.map(() => new Float64Array(resamples));
  const postDraws = REWARD_STATS.map(() => new Float64Array(resamples));
  const deltaDraws = REWARD_STATS.map(() => new Float64Array(resamples));
  const improvements = new Float64Array(resamples);
  const preStats = new Float64Array(stats);
  const postStats = new Float64Array(stats);
  for (let r = 0; r < resamples; r++) {
    draw(drawnPre, random);
    summarise(a, drawnPre, preStats);
    if (!paired) draw(drawnPost, random);
    summarise(b, drawnPost, postStats);
    for (let s = 0; s < stats; s++) {
      (preDraws[s] as Float64Array)[r] = preStats[s] as number;
      (postDraws[s] as Float64Array)[r] = postStats[s] as number;
      (deltaDraws[s] as Float64Array)[r] = (postStats[s] as number) - (preStats[s] as number);
    }
    improvements[r] = weightedImprovement(a.sorted, a.sortedDrawn, b.sorted, b.sortedDrawn);
  }
  const intervals = (draws: Float64Array[]) =>
    Object.fromEntries(
      REWARD_STATS.map((name, s) => [name, interval(draws[s] as Float64Array, scale)]),
    ) as Intervals;
  return {
    ci95: intervals(deltaDraws),
    pre: intervals(preDraws),
    post: intervals(postDraws),
    pImprovement: interval(improvements, 1),
  };
}

/** The central 95% of the bootstrap distribution, times `scale`; NaN draws (std of one value) are left out. */
function interval(values: Float64Array, scale: number): [number, number] {
  const finite = values.filter((v) => !Number.isNaN(v)).sort();
  return [percentileSorted(finite, 2.5) * scale, percentileSorted(finite, 97.5) * scale];
}
