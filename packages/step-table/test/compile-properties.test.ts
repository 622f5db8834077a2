/**
 * The compiled column formatters' fast paths against the exact ones: the scaled-integer roundings
 * against BigInt half-even rounding, and every compiled formatter against formatValue (whose layout the
 * Python oracle checks), on inputs chosen to sit on or next to decimal ties.
 */
import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { compileFormatter } from '../src/format/compile';
import { exactDigits, fastExponent, fastRounded, fastSignificand, roundDigits } from '../src/format/digits';
import { formatValue, parseFormatSpec } from '../src/index';
import { formatSpecs, nextAfter, quietWarnings } from './format-arbitraries';

/** k + 0.5·10^-p, and its neighbours a few ulps (or a tiny relative step) away. */
const nearTie = fc
  .tuple(
    fc.integer({ min: 0, max: 10 ** 7 }),
    fc.integer({ min: 0, max: 12 }),
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(0, 1e-15, -1e-15, 1e-12, -1e-12),
    fc.boolean(),
  )
  .map(([k, p, ulps, rel, negative]) => {
    let x = (k + 0.5) / 10 ** p;
    for (let i = 0; i < Math.abs(ulps); i++) x = nextAfter(x, ulps > 0);
    x *= 1 + rel;
    return negative ? -x : x;
  });
/** Decimal strings whose doubles lie just below or above a tie: 2.675, 1.005, 0.125, 1234.56785… */
const decimalText = fc
  .tuple(
    fc.integer({ min: 0, max: 10 ** 6 }),
    fc.integer({ min: 1, max: 9 }),
    fc.constantFrom('5', '50', '49', '51'),
  )
  .map(([whole, p, tail]) => {
    const digits = String(whole).padStart(p, '0');
    return Number(`${digits.slice(0, -p) || '0'}.${digits.slice(-p)}${tail}`);
  });
/** Magnitudes near the limits of the fast paths: 2^43 / 10^p, 2^53 / 10^p, and far out. */
const large = fc
  .tuple(
    fc.integer({ min: 0, max: 15 }),
    fc.double({ min: 0.9, max: 1.1, noNaN: true }),
    fc.constantFrom(43, 53, 70),
  )
  .map(([p, f, bits]) => (2 ** bits / 10 ** p) * f);
const values = fc.oneof(
  nearTie,
  decimalText,
  large,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.constantFrom(0, -0, 0.5, 2.675, 1.005, 0.125, 1e-5, 9.9995, 999_999.5, Number.MAX_SAFE_INTEGER),
);

/** round(ax·10^p) half-even on the exact value, with BigInt. */
function exactRounded(ax: number, p: number): bigint {
  const d = roundDigits(exactDigits(ax), exactDigits(ax).decpt + p);
  if (d.digits === '') return 0n;
  const shift = d.decpt + p - d.digits.length; // the integer is digits × 10^shift
  return shift >= 0 ? BigInt(d.digits) * 10n ** BigInt(shift) : BigInt(d.digits.slice(0, shift) || '0');
}

describe('fast roundings equal BigInt half-even rounding', () => {
  it('fastRounded(ax, p) is round(ax·10^p) or -1', () => {
    let decided = 0;
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 16 }), (x, p) => {
        const ax = Math.abs(x);
        const n = fastRounded(ax, p);
        if (n < 0) return;
        decided++;
        expect(Number.isInteger(n)).toBe(true);
        expect(BigInt(n)).toBe(exactRounded(ax, p));
      }),
      { numRuns: 20_000 },
    );
    expect(decided).toBeGreaterThan(5_000); // the fast path is taken, not always declined
  });

  it('fastSignificand(ax, n) is the n-digit half-even significand with its exponent, or -1', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 1, max: 13 }), (x, n) => {
        const ax = Math.abs(x);
        const m = fastSignificand(ax, n);
        if (m < 0) return;
        const exact = roundDigits(exactDigits(ax), n);
        expect(String(m)).toBe(exact.digits.padEnd(n, '0'));
        expect(fastExponent).toBe(exact.decpt - 1);
      }),
      { numRuns: 20_000 },
    );
  });
});

/**
 * Next to powers of ten, where the decimal exponent estimate and the rounding that carries into the next
 * exponent (9.9995 with .3e, 0.00099995 with .4g, 999.95 with .4g) decide: 10^k and (10^n − ½)·10^(k−n)
 * a few ulps either way, over the whole fast range.
 */
const nearPowerOfTen = fc
  .tuple(
    // the fast range (|n − 1 − exponent| ≤ 22) and the whole range, where the fast path declines
    fc.oneof(fc.integer({ min: -10, max: 20 }), fc.integer({ min: -295, max: 295 })),
    fc.integer({ min: 0, max: 12 }),
    fc.boolean(),
    fc.integer({ min: -4, max: 4 }),
  )
  .map(([k, n, carry, ulps]) => {
    let x = carry ? (10 ** n - 0.5) * Number(`1e${k - n}`) : Number(`1e${k}`);
    for (let i = 0; i < Math.abs(ulps); i++) x = nextAfter(x, ulps > 0);
    return x;
  });

describe('exponent boundaries', () => {
  it('fastSignificand next to powers of ten equals BigInt half-even rounding', () => {
    let decided = 0;
    fc.assert(
      fc.property(nearPowerOfTen, fc.integer({ min: 1, max: 13 }), (ax, n) => {
        const m = fastSignificand(ax, n);
        if (m < 0) return;
        decided++;
        const exact = roundDigits(exactDigits(ax), n);
        expect(String(m)).toBe(exact.digits.padEnd(n, '0'));
        expect(fastExponent).toBe(exact.decpt - 1);
      }),
      { numRuns: 20_000 },
    );
    expect(decided).toBeGreaterThan(5_000);
  });

  it('e and g columns carry into the next exponent as Python does', () => {
    // expected strings printed by python3's format()
    const cases: [number, string, string][] = [
      [9.9995, '.3e', '9.999e+00'], // the double is below the tie
      [9.99951, '.3e', '1.000e+01'],
      [-9.99951, '+.2e', '-1.00e+01'],
      [0.00099995, '.4g', '0.001'], // the double is above the tie
      [0.000999951, '.4g', '0.001'],
      [999.95, '.4g', '1000'], // above the tie
      [999.951, '.4g', '1000'],
      [9999.51, '.4g', '1e+04'],
      [99999.5, '.3g', '1e+05'],
      [1e-5, '.3g', '1e-05'],
      [0.0001, '.3g', '0.0001'],
      [1e16, '.3e', '1.000e+16'],
      [1e-300, '.3e', '1.000e-300'],
    ];
    for (const [x, spec, want] of cases) expect(compileFormatter(parseFormatSpec(spec))(x)).toBe(want);
  });
});

describe('grouped integers and percentages', () => {
  it("',d' and '_d' on safe integers of every length equal formatValue", () => {
    const ints = fc.oneof(
      fc.integer({ min: -(10 ** 7), max: 10 ** 7 }),
      fc.constantFrom(0, -0, 999, 1000, 9999, 10_000, 999_999, 1_000_000, -1000, Number.MAX_SAFE_INTEGER),
      fc
        .constantFrom(...Array.from({ length: 16 }, (_, k) => 10 ** k))
        .chain((p) => fc.integer({ min: -1, max: 1 }).map((d) => p + d)),
      fc.maxSafeInteger(),
    );
    fc.assert(
      fc.property(fc.constantFrom(',d', '_d', '+,d', '>12,d', '<9_d'), ints, (spec, x) => {
        expect(compileFormatter(parseFormatSpec(spec))(x)).toBe(formatValue(x, spec));
      }),
      { numRuns: 5_000 },
    );
    // expected strings printed by python3's format()
    expect(compileFormatter(parseFormatSpec(',d'))(1234567)).toBe('1,234,567');
    expect(compileFormatter(parseFormatSpec('_d'))(-1000)).toBe('-1_000');
    expect(compileFormatter(parseFormatSpec(',d'))(9_007_199_254_740_991)).toBe('9,007,199,254,740,991');
  });

  it("'%' near ties equals formatValue", () => {
    fc.assert(
      fc.property(fc.constantFrom('.2%', '.1%', '+.4%', '>9.2%', '.0%', ',.2%'), values, (spec, x) => {
        expect(compileFormatter(parseFormatSpec(spec))(x)).toBe(formatValue(x, spec));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('compiled column formatters equal formatValue', () => {
  const specs = formatSpecs({
    fillAlign: fc.constantFrom('', '<', '>', '^', '*>', '0>', '=', '0', '-<'),
    sign: fc.constantFrom('', '+', '-', ' '),
    z: fc.constantFrom('', 'z'),
    alt: fc.constantFrom('', '', '', '#'),
    width: fc.constantFrom('', '1', '8', '12', '40', '70'),
    grouping: fc.constantFrom('', '', ',', '_'),
    precision: fc.constantFrom(
      '',
      '.0',
      '.1',
      '.2',
      '.3',
      '.4',
      '.5',
      '.6',
      '.9',
      '.11',
      '.12',
      '.15',
      '.17',
    ),
    type: fc.constantFrom('f', 'F', '%', 'e', 'E', 'g', 'G', 'd', ''),
  });

  it('for numbers near ties, large magnitudes, integers, -0, NaN and infinities', () => {
    quietWarnings();
    fc.assert(
      fc.property(
        specs,
        fc.array(fc.oneof(values, fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -Infinity)), {
          minLength: 1,
          maxLength: 8,
        }),
        (spec, xs) => {
          const format = compileFormatter(parseFormatSpec(spec));
          for (const x of xs) {
            // formatValue warns where Python raises (d on 0.5): the compiled formatter takes the same path.
            expect(format(x)).toBe(formatValue(x, spec));
          }
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('frac on pairs of integers, -0, non-integers and missing values', () => {
    const side = fc.oneof(fc.integer(), fc.constantFrom(-0, 0.5, null, Number.NaN, 2 ** 60));
    fc.assert(
      fc.property(fc.constantFrom('frac', '>6frac', '*^9frac', '<4frac'), side, side, (spec, a, b) => {
        expect(compileFormatter(parseFormatSpec(spec))([a, b])).toBe(formatValue([a, b], spec));
      }),
    );
  });

  it('known near ties round as Python does', () => {
    // expected strings printed by python3's format()
    const cases: [number, string, string][] = [
      [2.675, '.2f', '2.67'],
      [1.005, '.2f', '1.00'],
      [0.125, '.2f', '0.12'],
      [0.375, '.2f', '0.38'],
      [-0.125, '+.2f', '-0.12'],
      [-0.001, 'z.2f', '0.00'],
      [-0.001, '.2f', '-0.00'],
      [0.0125, '.1%', '1.2%'],
      [1234567.891, ',.2f', '1,234,567.89'],
      [2.5e-5, '.0e', '3e-05'], // the double is above the tie
      [1.25e10, '.2e', '1.25e+10'],
      [0.000123456, '.3g', '0.000123'],
      [123456, '.3g', '1.23e+05'],
      [100, '.3g', '100'],
      [-1234567, ',d', '-1,234,567'],
    ];
    for (const [x, spec, want] of cases) expect(compileFormatter(parseFormatSpec(spec))(x)).toBe(want);
  });
});
