/**
 * mulberry32: a 32-bit seeded generator, small and fast enough for 10^7+ draws per report.
 * Hand-written (nine lines) rather than a dependency: the bootstrap only needs reproducible
 * uniform integers, and the algorithm is public domain and well studied for this use.
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
