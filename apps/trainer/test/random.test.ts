import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSeed, Random } from '../src/random.js';

describe('Random', () => {
  it('the same seed gives the same stream, different seeds different ones', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const a = new Random(seed);
        const b = new Random(seed);
        const c = new Random((seed + 1) >>> 0);
        const sa = Array.from({ length: 8 }, () => a.next());
        const sb = Array.from({ length: 8 }, () => b.next());
        const sc = Array.from({ length: 8 }, () => c.next());
        expect(sa).toEqual(sb);
        expect(sa).not.toEqual(sc);
        for (const v of sa) expect(v >= 0 && v < 1).toBe(true);
      }),
    );
  });

  it('is roughly uniform and its normals have mean 0 and variance 1', () => {
    const r = new Random(42);
    const n = 100_000;
    const bins = new Array(10).fill(0);
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < n; i++) bins[Math.floor(r.next() * 10)]++;
    for (let i = 0; i < n; i++) {
      const z = r.normal();
      sum += z;
      sq += z * z;
    }
    for (const b of bins) expect(Math.abs(b - n / 10)).toBeLessThan(600); // > 6 standard deviations
    expect(Math.abs(sum / n)).toBeLessThan(0.02);
    expect(Math.abs(sq / n - 1)).toBeLessThan(0.03);
  });

  it('shuffle is a permutation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 200 }), (seed, n) => {
        const a = Uint32Array.from({ length: n }, (_, i) => i);
        new Random(seed).shuffle(a);
        expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
      }),
    );
  });

  it('derived seeds depend on every part', () => {
    const seen = new Set<number>();
    for (const stream of ['eval', 'train', 'checkpoint']) {
      for (let i = 0; i < 100; i++) seen.add(deriveSeed(1, stream, i));
    }
    expect(seen.size).toBe(300);
    expect(deriveSeed(1, 'eval', 1)).not.toBe(deriveSeed(2, 'eval', 1));
    expect(deriveSeed(1, 'ev', 'al')).not.toBe(deriveSeed(1, 'eval'));
  });
});
