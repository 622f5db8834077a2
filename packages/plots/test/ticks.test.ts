import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exponential, formatValue } from '../src/format.js';
import { axisTicks } from '../src/scale.js';
import { tickLabels } from '../src/tick-labels.js';
import { logTicks, nice, tickStep, ticks } from '../src/ticks.js';

const finite = fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true });
const domain = fc
  .tuple(finite, finite)
  // spans a chart can meet: 10^k for k < -22 is not exact in binary, so no decimal tick prints short there
  .filter(([a, b]) => Math.abs(b - a) > 1e-12 && Math.abs(b - a) > Math.max(Math.abs(a), Math.abs(b)) * 1e-9);

/** shortest text of a round number: at most ~4 significant digits for ticks of a sane count */
const significantDigits = (v: number) => {
  const [m = ''] = Math.abs(v).toExponential().split('e');
  return m.replace('.', '').replace(/^0+/, '').length;
};

describe('ticks', () => {
  it('matches d3-array on known domains, including [1,1]', () => {
    expect(ticks(0, 1, 10)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(ticks(1, 1, 10)).toEqual([1]);
    expect(ticks(-0.8, 1.2, 5)).toEqual([-0.5, 0, 0.5, 1]);
    expect(ticks(1e6, 1e6 + 1, 5)).toEqual([1e6, 1000000.2, 1000000.4, 1000000.6, 1000000.8, 1000001]);
    expect(ticks(10, 0, 5)).toEqual([10, 8, 6, 4, 2, 0]);
    expect(nice(0.13, 0.96, 10)).toEqual([0.1, 1]);
    expect(tickStep(0, 1, 10)).toBe(0.1);
  });

  it('are round, inside the domain, evenly spaced and free of float artifacts', () => {
    fc.assert(
      fc.property(domain, fc.integer({ min: 2, max: 15 }), ([a, b], count) => {
        const lo = Math.min(a, b);
        const hi = Math.max(a, b);
        const t = ticks(lo, hi, count);
        expect(t.length).toBeGreaterThan(0);
        expect(t.length).toBeLessThanOrEqual(count * 2 + 2);
        const step = tickStep(lo, hi, count);
        for (const v of t) {
          expect(v).toBeGreaterThanOrEqual(lo);
          expect(v).toBeLessThanOrEqual(hi);
          // a multiple of the step, and short to print (no 0.30000000000000004)
          expect(Math.abs(v / step - Math.round(v / step))).toBeLessThan(1e-6);
          // the double is the one its 12-digit decimal reads back to: 0.30000000000000004 is not
          expect(Number(v.toPrecision(12))).toBe(v);
        }
        for (let i = 1; i < t.length; i++) expect(t[i] as number).toBeGreaterThan(t[i - 1] as number);
      }),
      { numRuns: 500 },
    );
  });

  it('log ticks are powers of ten (or 2×, 5×) inside the domain', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-9, max: 1e9, noNaN: true }),
        fc.double({ min: 1.5, max: 1e6, noNaN: true }),
        (lo, f) => {
          const hi = lo * f;
          for (const v of logTicks(lo, hi, 8)) {
            expect(v).toBeGreaterThanOrEqual(lo);
            expect(v).toBeLessThanOrEqual(hi);
            expect(significantDigits(v)).toBe(1);
          }
        },
      ),
    );
  });

  it('integer axes never get ticks between integers', () => {
    expect(axisTicks([0, 3], 10, false, true).values).toEqual([0, 1, 2, 3]);
    expect(axisTicks([-0.06, 0.06], 10, false, true).values).toEqual([0]);
  });
});

describe('tick labels', () => {
  it('are compact and share one prefix per axis: 0 5k 10k, 1.5M, 1e-4 (the page uses the same function)', () => {
    const fmt = (lo: number, hi: number, n = 5) => tickLabels(ticks(lo, hi, n));
    expect(fmt(0, 50_000)).toEqual(['0', '10k', '20k', '30k', '40k', '50k']);
    expect(fmt(0, 10_000, 2)).toEqual(['0', '5k', '10k']);
    expect(axisTicks([0, 10_000], 2).labels).toEqual(['0', '5k', '10k']);
    expect(fmt(0, 1.5e6, 3)).toEqual(['0', '0.5M', '1M', '1.5M']);
    expect(fmt(0, 4e-4, 4)).toEqual(['0', '1e-4', '2e-4', '3e-4', '4e-4']);
    expect(fmt(-1, 1, 4)).toEqual(['-1', '-0.5', '0', '0.5', '1']);
    expect(exponential(0.00025)).toBe('2.5e-4');
    expect(formatValue(0.9872825, { signed: true })).toBe('+0.99');
    expect(formatValue(-0.5)).toBe('\u22120.50');
  });

  it('read back to the tick value', () => {
    const parse = (s: string) => {
      const t = s.replace('\u2212', '-');
      const unit = { k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[t.slice(-1)] ?? 1;
      return Number(unit === 1 ? t : t.slice(0, -1)) * unit;
    };
    fc.assert(
      fc.property(domain, fc.integer({ min: 2, max: 12 }), ([a, b], count) => {
        const lo = Math.min(a, b);
        const hi = Math.max(a, b);
        const t = ticks(lo, hi, count);
        const step = tickStep(lo, hi, count);
        const labels = tickLabels(t);
        t.forEach((v, i) => {
          const back = parse(labels[i] as string);
          expect(Math.abs(back - v)).toBeLessThanOrEqual(Math.abs(step) * 1e-6 + Math.abs(v) * 1e-12);
        });
        // distinct ticks get distinct labels
        expect(new Set(labels).size).toBe(labels.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('log tick labels', () => {
  it('never mix plain and exponent notation on one axis', async () => {
    const { logTickFormat } = await import('../src/format.js');
    const wide = logTicks(1e-7, 3, 10);
    expect(wide.map(logTickFormat(wide))).toEqual([
      '1e-7',
      '1e-6',
      '1e-5',
      '1e-4',
      '1e-3',
      '1e-2',
      '1e-1',
      '1',
    ]);
    const narrow = logTicks(0.05, 200, 10);
    expect(narrow.map(logTickFormat(narrow))).toEqual(['0.1', '1', '10', '100']);
  });
});
