import fc from 'fast-check';
import { expect, it } from 'vitest';
import { formatStatistic } from './compare.js';

it('formatStatistic: short, readable and close to the value for every double', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), (value, signed) => {
      const text = formatStatistic(value, signed);
      expect(text.length, text).toBeLessThanOrEqual(12); // never 300 digits
      const back = Number(text);
      const size = Math.abs(value);
      if (!Number.isFinite(back))
        expect(size).toBeGreaterThan(1.7976e308); // rounded up past the largest double
      else if (size >= 1e-4 && size < 1e6)
        expect(Math.abs(back - value)).toBeLessThanOrEqual(5e-5 + size * 1e-15);
      else if (value !== 0) expect(Math.abs(back - value) / size).toBeLessThanOrEqual(5e-5);
      if (signed && value > 0) expect(text.startsWith('+')).toBe(true);
    }),
    { numRuns: 2000 },
  );
  expect([
    formatStatistic(Number.NaN),
    formatStatistic(Number.POSITIVE_INFINITY, true),
    formatStatistic(-Infinity),
  ]).toEqual(['nan', '+inf', '-inf']);
  expect(formatStatistic(1.7e308)).toBe('1.7000e+308');
  expect(formatStatistic(0.04579)).toBe('0.0458');
});
