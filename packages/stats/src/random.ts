/**
 * mulberry32: a 32-bit seeded generator, small and fast enough for 10^7+ draws per interval.
 * Hand-written (nine lines) rather than a dependency: the bootstrap only needs reproducible uniform
 * numbers, and the algorithm is public domain and well studied for this use.
 */
export type Random = () => number;

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

/** mulberry32 seeded with {@link streamSeed}. */
export function stream(seed: number, ...labels: readonly string[]): Random {
  return mulberry32(streamSeed(seed, ...labels));
}
