// The page's aggregates are rounded for weight, never by more than a reader could see: a millionth of
// the chart's range, or 6 significant digits of the value when that is finer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extent, roundToSpan } from '../src/page/round-to-span.js';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 });

describe('roundToSpan', () => {
  it('moves a value by at most a millionth of the span and 6 significant digits of itself', () => {
    fc.assert(
      fc.property(finite, fc.double({ min: 1e-9, max: 1e12, noNaN: true }), (v, span) => {
        const r = roundToSpan(span)(v);
        const error = Math.abs(r - v);
        const slack = Math.abs(v) * 1e-15; // the double nearest the decimal
        expect(error).toBeLessThanOrEqual(Math.min(span * 5e-7, Math.abs(v) * 5e-6) + slack);
        // a value keeps its sign: a small positive one stays drawable on a log scale
        expect(Math.sign(r)).toBe(Math.sign(v));
      }),
    );
  });

  it('prints short: 17-digit doubles become the digits the chart can show', () => {
    const round = roundToSpan(50);
    expect([3.567496021724865, 97.37161860739856, 1e-9, -0.0023456789, 0].map(round)).toEqual([
      3.5675, 97.37162, 1e-9, -0.00234568, 0,
    ]);
    // values far from zero that vary little keep their variation (timestamps over 100 s)
    expect([1765000001.0909123, 1765000100.12345].map(roundToSpan(100))).toEqual([
      1765000001.0909, 1765000100.1235,
    ]);
    expect([10496.969696969696, 123456789.123].map(roundToSpan(2e8))).toEqual([10497, 123456800]);
    // no span (one value): 6 significant digits; non-finite values pass
    expect(roundToSpan(0)(0.000123456789)).toBe(0.000123457);
    expect([Number.NaN, Number.POSITIVE_INFINITY].map(roundToSpan(1))).toEqual([
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]);
  });

  it('extent skips non-finite values', () => {
    expect(
      extent([
        [3, Number.NaN, 1],
        [Number.POSITIVE_INFINITY, 7],
      ]),
    ).toEqual([1, 7]);
    expect(extent([[Number.NaN]])).toBeNull();
  });
});
