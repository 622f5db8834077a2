import { describe, expect, it } from 'vitest';
import { bootstrap, iqm, mulberry32, normalQuantile, stream, tInterval } from '../src/index.js';

/**
 * Coverage by simulation: many studies drawn from a known distribution; the 95 % interval must contain
 * the true value in 93–97 % of them (the binomial spread of 1,000 studies at 95 % is ±1.4 %).
 */
describe('coverage of the 95 % intervals over 1,000 simulated studies', () => {
  it('the bootstrap interval of the IQM of a normal distribution (truth: its mean, 0)', () => {
    const random = mulberry32(2024);
    const normal = () => normalQuantile(random() * 0.999998 + 0.000001);
    let covered = 0;
    const studies = 1000;
    for (let s = 0; s < studies; s++) {
      const runs = Array.from({ length: 60 }, normal);
      const { ci } = bootstrap([runs], (r) => iqm(r[0] as Float64Array), {
        resamples: 1000,
        random: stream(1, 'coverage', String(s)),
      });
      if (ci[0] <= 0 && 0 <= ci[1]) covered++;
    }
    expect(covered / studies).toBeGreaterThanOrEqual(0.93);
    expect(covered / studies).toBeLessThanOrEqual(0.97);
  });

  it('the t-interval of the mean of 5 runs (the curve band)', () => {
    const random = mulberry32(99);
    const normal = () => normalQuantile(random() * 0.999998 + 0.000001);
    let covered = 0;
    for (let s = 0; s < 1000; s++) {
      const [lo, hi] = tInterval(Array.from({ length: 5 }, () => 3 + 2 * normal()));
      if (lo <= 3 && 3 <= hi) covered++;
    }
    expect(covered / 1000).toBeGreaterThanOrEqual(0.93);
    expect(covered / 1000).toBeLessThanOrEqual(0.97);
  });
});
