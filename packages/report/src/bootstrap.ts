import { mulberry32 } from './prng.js';
import { mean, percentileSorted, weightedImprovement } from './summary.js';

export interface SideData {
  rewards: Float64Array;
  outcomes: Map<string, Float64Array>;
}

/**
 * A side prepared for resampling. A resample is kept as how many times each episode was drawn;
 * rewards (and outcomes with them) are put in ascending reward order once, so one O(n) pass over
 * the counts gives every statistic of a resample, order statistics included, without sorting.
 */
interface Prepared {
  n: number;
  /** rewards in ascending order, the episode behind each, and their mean (a shift for stable sums) */
  sorted: Float64Array;
  order: Uint32Array;
  shift: number;
  /** per outcome, in reward order: 1/0 value (0 when unreported) and whether it was reported */
  values: Float64Array[];
  reported: Float64Array[];
  /** draws of each episode, then the same counts in reward order */
  drawn: Uint32Array;
  sortedDrawn: Uint32Array;
  ones: Float64Array;
  seen: Float64Array;
}

/** Statistic names in the order `resample` writes them. */
const REWARD_STATS = ['mean_reward', 'median_reward', 'std', 'iqm'] as const;

function prepare(side: SideData): Prepared {
  const n = side.rewards.length;
  const order = Uint32Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (side.rewards[a] as number) - (side.rewards[b] as number),
  );
  const outcomes = [...side.outcomes.values()];
  return {
    n,
    sorted: Float64Array.from(order, (episode) => side.rewards[episode] as number),
    order,
    shift: mean(side.rewards),
    values: outcomes.map((raw) =>
      Float64Array.from(order, (e) => (Number.isNaN(raw[e]) ? 0 : (raw[e] as number))),
    ),
    reported: outcomes.map((raw) => Float64Array.from(order, (e) => (Number.isNaN(raw[e]) ? 0 : 1))),
    drawn: new Uint32Array(n),
    sortedDrawn: new Uint32Array(n),
    ones: new Float64Array(outcomes.length),
    seen: new Float64Array(outcomes.length),
  };
}

/**
 * Draw one resample of a side's episodes (with replacement) and write its statistics to `out`:
 * mean, median, std, IQM of the reward, then each outcome's rate. Whole episodes are drawn, so an
 * episode's reward and outcomes stay together.
 */
function resample(side: Prepared, random: () => number, out: Float64Array): void {
  const { n, drawn, sortedDrawn, order, sorted, shift, values, reported, ones, seen } = side;
  drawn.fill(0);
  for (let draw = 0; draw < n; draw++) {
    const episode = Math.floor(random() * n);
    drawn[episode] = (drawn[episode] as number) + 1;
  }
  ones.fill(0);
  seen.fill(0);
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
    for (let k = 0; k < values.length; k++) {
      ones[k] = (ones[k] as number) + c * ((values[k] as Float64Array)[rank] as number);
      seen[k] = (seen[k] as number) + c * ((reported[k] as Float64Array)[rank] as number);
    }
    position = end;
  }
  out[0] = shift + sum / n;
  out[1] = (low + high) / 2;
  out[2] = n < 2 ? Number.NaN : Math.sqrt(Math.max(0, (squares - (sum * sum) / n) / (n - 1)));
  out[3] = trimmed / (n - 2 * cut);
  for (let k = 0; k < values.length; k++) out[4 + k] = (ones[k] as number) / (seen[k] as number);
}

/** Everything a bootstrap needs; plain data, so it can be sent to a worker thread. */
export interface BootstrapJob {
  pre: SideData;
  post: SideData;
  names: readonly string[];
  options: { resamples: number; seed: number };
}

export interface BootstrapResult {
  ci95: Record<string, [number, number]>;
  pImprovement: [number, number];
}

/**
 * Percentile bootstrap of post − pre for each named statistic: pre and post are resampled
 * independently, `resamples` times, from one seeded generator.
 */
export function bootstrapDeltas(
  pre: SideData,
  post: SideData,
  names: readonly string[],
  options: { resamples: number; seed: number },
): BootstrapResult {
  const random = mulberry32(options.seed);
  const a = prepare(pre);
  const b = prepare(post);
  const slot = (side: SideData, name: string): number => {
    const reward = (REWARD_STATS as readonly string[]).indexOf(name);
    return reward >= 0 ? reward : REWARD_STATS.length + [...side.outcomes.keys()].indexOf(name);
  };
  const deltas = names.map((name) => ({
    name,
    preSlot: slot(pre, name),
    postSlot: slot(post, name),
    values: new Float64Array(options.resamples),
  }));
  const improvements = new Float64Array(options.resamples);
  const preStats = new Float64Array(REWARD_STATS.length + pre.outcomes.size);
  const postStats = new Float64Array(REWARD_STATS.length + post.outcomes.size);
  for (let r = 0; r < options.resamples; r++) {
    resample(a, random, preStats);
    resample(b, random, postStats);
    for (const { values, preSlot, postSlot } of deltas) {
      values[r] = (postStats[postSlot] as number) - (preStats[preSlot] as number);
    }
    improvements[r] = weightedImprovement(a.sorted, a.sortedDrawn, b.sorted, b.sortedDrawn);
  }
  const ci95: Record<string, [number, number]> = {};
  for (const { name, values } of deltas) ci95[name] = interval(values);
  return { ci95, pImprovement: interval(improvements) };
}

/** The central 95% of the bootstrap distribution; NaN draws (e.g. std of one value) are left out. */
function interval(values: Float64Array): [number, number] {
  const finite = values.filter((v) => !Number.isNaN(v)).sort();
  return [percentileSorted(finite, 2.5), percentileSorted(finite, 97.5)];
}
