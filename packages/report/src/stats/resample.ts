/**
 * Building blocks of the runs statistics' bootstraps. A resample is kept as how many times each
 * value was drawn (counts over values in ascending order), so a statistic of a resample is one
 * O(n) pass without sorting. Draws: index = ⌊u·n⌋ with u from mulberry32, one stream per interval.
 */
import { mulberry32, type Random } from '../prng.js';
import { percentileSorted } from '../summary.js';

/**
 * The seed of one interval's random stream: FNV-1a (32-bit) of the UTF-8 text
 * `${seed}\0${label1}\0${label2}…`. Each interval draws from its own stream, so adding a group or a
 * task never changes the intervals of the others.
 */
export function streamSeed(seed: number, ...labels: readonly string[]): number {
  const bytes = new TextEncoder().encode([String(seed), ...labels].join('\0'));
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

export function stream(seed: number, ...labels: readonly string[]): Random {
  return mulberry32(streamSeed(seed, ...labels));
}

/** Adds n draws (with replacement) from [offset, offset + n) to `counts`. */
export function drawInto(counts: Uint32Array, offset: number, n: number, random: Random): void {
  for (let i = 0; i < n; i++) {
    const k = offset + Math.floor(random() * n);
    counts[k] = (counts[k] as number) + 1;
  }
}

/**
 * The 25 % trimmed mean (scipy.stats.trim_mean(·, 0.25)) of a resample given as counts over
 * ascending values: ⌊N/4⌋ draws cut from each end, N the number of draws.
 */
export function trimmedMeanOfCounts(sorted: Float64Array, counts: Uint32Array, total: number): number {
  const cut = Math.floor(total * 0.25);
  const keepEnd = total - cut;
  let position = 0;
  let sum = 0;
  for (let k = 0; k < sorted.length && position < keepEnd; k++) {
    const c = counts[k] as number;
    if (c === 0) continue;
    const end = position + c;
    const overlap = Math.min(end, keepEnd) - Math.max(position, cut);
    if (overlap > 0) sum += overlap * (sorted[k] as number);
    position = end;
  }
  return sum / (total - 2 * cut);
}

/** The central 95 % of a bootstrap distribution (numpy's linear percentiles 2.5 and 97.5). */
export function percentileInterval(values: Float64Array): [number, number] {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort();
  return [percentileSorted(sorted, 2.5), percentileSorted(sorted, 97.5)];
}
