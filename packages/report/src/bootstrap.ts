import { mulberry32 } from './prng.js';
import { percentileSorted, weightedImprovement, weightedSummary } from './summary.js';

interface SideData {
  rewards: Float64Array;
  outcomes: Map<string, Float64Array>;
}

/** A side prepared for resampling: rewards sorted once, and each episode's place in that order. */
interface Prepared {
  n: number;
  sorted: Float64Array;
  rankOf: Uint32Array;
  outcomes: [name: string, values: Float64Array][];
  counts: Uint32Array;
}

function prepare(side: SideData): Prepared {
  const n = side.rewards.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (side.rewards[a] as number) - (side.rewards[b] as number),
  );
  const sorted = new Float64Array(n);
  const rankOf = new Uint32Array(n);
  order.forEach((episode, rank) => {
    sorted[rank] = side.rewards[episode] as number;
    rankOf[episode] = rank;
  });
  return { n, sorted, rankOf, outcomes: [...side.outcomes], counts: new Uint32Array(n) };
}

/**
 * Draw one resample of a side's episodes (with replacement) and return its statistics by name.
 * Episodes are drawn whole, so an episode's reward and outcomes stay together.
 */
function resample(side: Prepared, random: () => number, out: Map<string, number>): void {
  const { n, counts, rankOf, outcomes } = side;
  counts.fill(0);
  const ones = new Float64Array(outcomes.length);
  const reported = new Float64Array(outcomes.length);
  for (let draw = 0; draw < n; draw++) {
    const episode = Math.floor(random() * n);
    const rank = rankOf[episode] as number;
    counts[rank] = (counts[rank] as number) + 1;
    for (let k = 0; k < outcomes.length; k++) {
      const value = (outcomes[k] as [string, Float64Array])[1][episode] as number;
      if (!Number.isNaN(value)) {
        ones[k] = (ones[k] as number) + value;
        reported[k] = (reported[k] as number) + 1;
      }
    }
  }
  const summary = weightedSummary(side.sorted, counts, n);
  out.set('mean_reward', summary.mean);
  out.set('median_reward', summary.median);
  out.set('std', summary.std);
  out.set('iqm', summary.iqm);
  for (let k = 0; k < outcomes.length; k++) {
    out.set((outcomes[k] as [string, Float64Array])[0], (ones[k] as number) / (reported[k] as number));
  }
}

export interface BootstrapResult {
  ci95: Record<string, [number, number]>;
  pImprovement: [number, number];
}

/**
 * Percentile bootstrap of post − pre for each named statistic: pre and post are resampled
 * independently, `resamples` times, from one seeded generator. The resample is kept as
 * multiplicities over the sorted rewards, so no resample is ever sorted.
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
  const deltas = new Map(names.map((name) => [name, new Float64Array(options.resamples)]));
  const improvements = new Float64Array(options.resamples);
  const preStats = new Map<string, number>();
  const postStats = new Map<string, number>();
  for (let r = 0; r < options.resamples; r++) {
    resample(a, random, preStats);
    resample(b, random, postStats);
    for (const [name, values] of deltas) {
      values[r] = (postStats.get(name) as number) - (preStats.get(name) as number);
    }
    improvements[r] = weightedImprovement(a.sorted, a.counts, b.sorted, b.counts);
  }
  const ci95: Record<string, [number, number]> = {};
  for (const [name, values] of deltas) ci95[name] = interval(values);
  return { ci95, pImprovement: interval(improvements) };
}

/** The central 95% of the bootstrap distribution; NaN draws (e.g. std of one value) are left out. */
function interval(values: Float64Array): [number, number] {
  const finite = values.filter((v) => !Number.isNaN(v)).sort();
  return [percentileSorted(finite, 2.5), percentileSorted(finite, 97.5)];
}
