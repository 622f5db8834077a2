import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { valueExtent, xSpan } from '../src/page/browser/range.js';
import { smooth } from '../src/page/browser/smooth.js';
import { shortNumber, tickLabels } from '../src/page/browser/ticks.js';

/** A label read back as a number: 2.5M → 2500000, 3e-4 → 0.0003. */
const readBack = (label: string): number => {
  const m = /^(-?[\d.]+(?:e-?\d+)?)([kMGTPE]?)$/.exec(label);
  if (!m) throw new Error(`not a tick label: ${label}`);
  const power = m[2] ? 'kMGTPE'.indexOf(m[2]) + 1 : 0;
  return Number(m[1]) * 1000 ** power;
};

describe('tick labels', () => {
  it('SI prefixes for large values, exponents for small ones, the fewest digits that keep ticks apart', () => {
    expect(tickLabels([0, 2_500_000, 5_000_000, 7_500_000, 10_000_000])).toEqual([
      '0',
      '2.5M',
      '5M',
      '7.5M',
      '10M',
    ]);
    expect(tickLabels([20_000_000, 40_000_000, 60_000_000])).toEqual(['20M', '40M', '60M']);
    expect(tickLabels([0, 1e-4, 2e-4, 3e-4])).toEqual(['0', '1e-4', '2e-4', '3e-4']);
    expect(tickLabels([1e-5, 2e-5, 3e-5])).toEqual(['1e-5', '2e-5', '3e-5']);
    expect(tickLabels([0, 0.2, 0.4, 0.6000000000000001, 0.8])).toEqual(['0', '0.2', '0.4', '0.6', '0.8']);
    expect(tickLabels([1000, 1000.5, 1001])).toEqual(['1000', '1000.5', '1001']);
    expect(tickLabels([2_500_000, 2_500_001, 2_500_002])).toEqual(['2.5M', '2.500001M', '2.500002M']);
    expect(tickLabels([-0.001, 0, 0.001])).toEqual(['-0.001', '0', '0.001']);
    expect(tickLabels([1e22, 2e22])).toEqual(['1e22', '2e22']);
    // found by the property below: ticks 1e-4 apart at -2.5e11 are two doubles apart
    expect(tickLabels([-249282540440.25888, -249282540440.2588])).toEqual([
      '-249.2825404402589G',
      '-249.2825404402588G',
    ]);
    // and 2e-4 apart near 1e12, where no prefixed label of any precision tells them apart
    const near = [
      999999999999.9993, 999999999999.9995, 999999999999.9996, 999999999999.9999, 1000000000000.0001,
      1000000000000.0002,
    ];
    expect(new Set(tickLabels(near)).size).toBe(6);
  });

  it('property: the ticks of any evenly spaced axis get distinct labels that read back close to their value', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.integer({ min: -12, max: 12 }),
        fc.constantFrom(1, 2, 2.5, 5),
        fc.integer({ min: 2, max: 12 }),
        (start, exponent, mantissa, count) => {
          const step = mantissa * 10 ** exponent;
          const first = Math.round(start / step) * step;
          const ticks = Array.from({ length: count }, (_, i) => first + i * step);
          if (new Set(ticks).size !== ticks.length) return; // the step is below the doubles' spacing there
          const labels = tickLabels(ticks);
          expect(new Set(labels).size).toBe(ticks.length);
          labels.forEach((label, i) => {
            const value = ticks[i] as number;
            expect(Math.abs(readBack(label) - value)).toBeLessThanOrEqual(step / 2 + Math.abs(value) * 1e-12);
          });
        },
      ),
    );
  });

  it('non-finite values are named', () => {
    expect([shortNumber(Number.NaN, 3), shortNumber(Number.POSITIVE_INFINITY, 3)]).toEqual(['NaN', '∞']);
  });
});

describe('ranges never fail', () => {
  it('nothing to show: x on [0, 1], no extent; a lone x is widened', () => {
    expect(xSpan(null, null)).toEqual([0, 1]);
    expect(xSpan(5, 5)).toEqual([4, 6]);
    expect(valueExtent([1, 2], [], null, null, true)).toBeNull();
  });

  it('the extent covers every shown value in the x range; on a log scale only positive ones', () => {
    const x = [1, 2, 3, 4];
    expect(valueExtent(x, [[5, -1, null, 7]], null, null, false)).toEqual([-1, 7]);
    expect(valueExtent(x, [[5, -1, null, 7]], null, null, true)).toEqual([5, 7]);
    expect(valueExtent(x, [[5, -1, undefined, 7]], 2, 3, false)).toEqual([-1, -1]);
  });
});

describe('smoothing', () => {
  it("is TensorBoard's debiased EMA: the first point is kept, breaks and gaps pass through", () => {
    expect(smooth([1, 3, null, 5], 0.5)).toEqual([
      1,
      (0.5 * 0.5 + 1.5) / 0.75,
      null,
      (1.75 * 0.5 + 2.5) / 0.875,
    ]);
    expect(smooth([2, 2, 2], 0.9)).toEqual([2, 2, 2]);
    expect(smooth([1, undefined, 2], 0)).toEqual([1, undefined, 2]);
  });
});
