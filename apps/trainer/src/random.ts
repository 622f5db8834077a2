/**
 * A small seeded PRNG (sfc32, seeded through splitmix32). Hand-written rather than a dependency because
 * it is 20 lines, and the trainer's determinism (same seed → byte-identical logs) rests on it.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1) with 53 bits of precision. */
  next(): number {
    return (this.uint32() * 2 ** 21 + (this.uint32() >>> 11)) / 2 ** 53;
  }

  uniform(low: number, high: number): number {
    return low + (high - low) * this.next();
  }

  /** Standard normal (Box–Muller; one of the pair is discarded to keep the stream simple). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Fisher–Yates shuffle in place. */
  shuffle<T extends { [i: number]: number; length: number }>(array: T): T {
    for (let i = array.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = array[i]!;
      array[i] = array[j]!;
      array[j] = tmp;
    }
    return array;
  }
}

/** Derives an independent 32-bit seed for a named stream (e.g. 'eval', episode 7) from a master seed. */
export function deriveSeed(seed: number, ...parts: (string | number)[]): number {
  let h = (seed ^ 0x811c9dc5) >>> 0;
  for (const part of parts) {
    const text = String(part);
    for (let i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    }
    h = Math.imul(h ^ 0x2f, 0x01000193) >>> 0;
  }
  // final avalanche so that neighbouring inputs give unrelated seeds
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}
