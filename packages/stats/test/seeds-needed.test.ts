import { describe, expect, it } from 'vitest';
import { mulberry32, normalQuantile, seedsNeeded, unseenBound } from '../src/index.js';

const normalSample = (seed: number, n: number, shift: number): number[] => {
  const random = mulberry32(seed);
  return Array.from({ length: n }, () => shift + normalQuantile(random() * 0.999998 + 0.000001));
};

describe("seedsNeeded: runs per group for an 80 % chance that the gate's test gives p ≤ 5 %", () => {
  it('a large difference needs few seeds, a small one many, none no number', () => {
    const base = normalSample(1, 30, 0);
    const large = seedsNeeded([normalSample(2, 30, 2)], [base]);
    const small = seedsNeeded([normalSample(3, 30, 1)], [base]);
    expect(large.seedsNeeded).not.toBeNull();
    expect(small.seedsNeeded).not.toBeNull();
    expect(large.seedsNeeded as number).toBeLessThan(small.seedsNeeded as number);
    expect(large.power).toBeGreaterThan(0.95); // 30 runs of a 2σ shift: detected nearly always
    const none = seedsNeeded([base], [base]);
    expect(none.seedsNeeded).toBeNull();
    expect(none.power).toBeLessThan(0.1);
  });

  it('matches the power a two-sample study really has (simulated with fresh normal draws)', () => {
    // shift 1σ: P(A > B) = Φ(1/√2) ≈ 0.76. With the returned n per group, fresh studies from the
    // true distributions should detect it about 80 % of the time (the observed runs stand in for it).
    const a = normalSample(11, 60, 1);
    const b = normalSample(12, 60, 0);
    const { seedsNeeded: n } = seedsNeeded([a], [b], { studies: 1000 });
    expect(n).not.toBeNull();
    // the textbook answer for a normal shift of 1σ, one-sided 5 %, with a rank test: about 14 per group
    expect(n as number).toBeGreaterThanOrEqual(8); // 60 runs a side estimate the shift only roughly
    expect(n as number).toBeLessThanOrEqual(19);
  });

  it('is reproducible, and (B, A) agrees with (A, B) within Monte-Carlo error', () => {
    const a = normalSample(5, 8, 0.8);
    const b = normalSample(6, 8, 0);
    const ab = seedsNeeded([a], [b], { labels: ['t'] });
    expect(seedsNeeded([a], [b], { labels: ['t'] })).toEqual(ab);
    // the same question with the groups swapped: other draws, the same answer up to simulation noise
    const ba = seedsNeeded([b], [a], { labels: ['t'] });
    expect(Math.abs(ba.power - ab.power)).toBeLessThan(0.1);
    expect(Math.abs((ba.seedsNeeded as number) - (ab.seedsNeeded as number))).toBeLessThanOrEqual(3);
  });
});

describe('seedsNeeded never goes below what the test can reach', () => {
  it('2 v 2, every run of A above every run of B: the test cannot pass now, 3 per group can', () => {
    const result = seedsNeeded([[500, 500]], [[100, 120]]);
    expect(result.power).toBe(0); // 2 v 2 cannot give p below 1/6
    expect(result.smallestRuns).toBe(3);
    expect(result.seedsNeeded).toBe(3);
  });
});

describe('unseenBound: what n runs that all succeeded cannot rule out', () => {
  it('5 of 5 at the maximum: a new run may fall short with a chance of up to 45 %', () => {
    expect(unseenBound(5)).toBeCloseTo(0.4507, 4);
    expect(unseenBound(1)).toBeCloseTo(0.95, 12);
    // the rule of three: about 3/n for many runs
    expect(unseenBound(300)).toBeCloseTo(3 / 300, 3);
  });
});
