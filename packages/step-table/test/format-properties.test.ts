import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fixedExact,
  shortestDigits,
  significantDigits,
  significantExact,
  toFixedHalfEven,
} from '../src/format/digits.js';
import { formatValue, parseFormatSpec, resetFormatWarnings, setFormatWarningHandler } from '../src/index.js';
import { formatSpecs, quietWarnings } from './format-arbitraries.js';

/** Any spec a column may declare. */
const specArbitrary = formatSpecs({
  fillAlign: fc.constantFrom('', '<', '>', '^', '=', '*<', '*^', '0=', '0', '_>'),
  sign: fc.constantFrom('', '+', '-', ' '),
  z: fc.constantFrom('', 'z'),
  alt: fc.constantFrom('', '#'),
  width: fc.constantFrom('', '1', '5', '9', '12'),
  grouping: fc.constantFrom('', ',', '_'),
  precision: fc.constantFrom('', '.0', '.3', '.12'),
  type: fc.constantFrom('', 'd', 'e', 'E', 'f', 'F', 'g', 'G', 'n', '%', 'x', 'c', 's', 'frac'),
});

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
/** Doubles with few significant bits: exact binary ties are frequent among them. */
const tieProne = fc
  .tuple(fc.integer({ min: -(2 ** 20), max: 2 ** 20 }), fc.integer({ min: 0, max: 30 }))
  .map(([m, k]) => m / 2 ** k);
/** Decimal near-ties such as 2.675: the fast paths must hand these to the exact path. */
const decimalNearTie = fc
  .tuple(fc.integer({ min: -(10 ** 9), max: 10 ** 9 }), fc.integer({ min: 0, max: 14 }))
  .map(([k, p]) => (k + 0.5) / 10 ** p);
const anyDouble = fc.oneof(
  decimalNearTie,
  finite,
  tieProne,
  fc.integer().map((i) => i * 5),
);

function digitsToFixed(d: { digits: string; decpt: number }, p: number): string {
  // Render exact digits the way toFixed does, to compare both engines.
  const { digits, decpt } = d;
  const intPart =
    decpt > 0 ? digits.slice(0, decpt) + '0'.repeat(Math.max(0, decpt - digits.length)) || '0' : '0';
  const frac = decpt >= 0 ? digits.slice(decpt) : '0'.repeat(-decpt) + digits;
  const s =
    p > 0 ? `${intPart.replace(/^0+(?=\d)/, '')}.${frac.padEnd(p, '0')}` : intPart.replace(/^0+(?=\d)/, '');
  return s;
}

describe('exact rounding', () => {
  it('the fast fixed path equals exact BigInt half-even rounding', () => {
    fc.assert(
      fc.property(anyDouble, fc.integer({ min: 0, max: 30 }), (x, p) => {
        const ax = Math.abs(x);
        const fast = toFixedHalfEven(ax, p);
        if (fast === null) return;
        const exact = fixedExact(ax, p);
        expect(fast).toBe(digitsToFixed(exact.digits === '' ? { digits: '', decpt: 1 } : exact, p));
      }),
      { numRuns: 20_000 },
    );
  });

  it('the fast significant-digits path equals exact BigInt half-even rounding', () => {
    fc.assert(
      fc.property(
        anyDouble.filter((x) => x !== 0),
        fc.integer({ min: 1, max: 40 }),
        (x, n) => {
          const ax = Math.abs(x);
          expect(significantDigits(ax, n)).toEqual(significantExact(ax, n));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('shortest digits read back to the same double', () => {
    fc.assert(
      fc.property(
        finite.filter((x) => x > 0),
        (x) => {
          const { digits, decpt } = shortestDigits(x);
          expect(Number(`0.${digits}e${decpt}`)).toBe(x);
        },
      ),
    );
  });
});

describe('formatValue properties', () => {
  it('repr (empty spec) and .16e read back to the same double', () => {
    fc.assert(
      fc.property(finite, (x) => {
        expect(Number(formatValue(x, '.16e'))).toBe(x);
        expect(Number(formatValue(x, ''))).toBe(x);
      }),
    );
  });

  it('width pads to at least the width and never cuts', () => {
    fc.assert(
      fc.property(
        anyDouble,
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom('<', '>', '^', '='),
        (x, w, a) => {
          const bare = formatValue(x, '.3f');
          const padded = formatValue(x, `${a}${w}.3f`);
          expect(padded.length).toBe(Math.max(w, bare.length));
          if (a !== '=') expect(padded.trim()).toBe(bare);
        },
      ),
    );
  });

  it('grouping only inserts separators into the integer part', () => {
    fc.assert(
      fc.property(anyDouble, fc.constantFrom(',', '_'), (x, g) => {
        const grouped = formatValue(x, `${g}.2f`);
        expect(grouped.split(g).join('')).toBe(formatValue(x, '.2f'));
        const intPart = grouped.replace(/^-/, '').split('.')[0]!;
        expect(intPart).toMatch(new RegExp(`^\\d{1,3}(\\${g}\\d{3})*$`));
      }),
    );
  });

  it("'z' never prints a negative zero; '+' always prints a sign", () => {
    fc.assert(
      fc.property(anyDouble, fc.integer({ min: 0, max: 6 }), (x, p) => {
        const z = formatValue(x, `z.${p}f`);
        if (/^-0\.?0*$/.test(z)) throw new Error(`negative zero: ${z}`);
        expect(formatValue(x, `+.${p}f`)).toMatch(/^[+-]/);
      }),
    );
  });

  it('exponents have at least two digits', () => {
    fc.assert(
      fc.property(finite, fc.constantFrom('e', 'E', '.3g', '.2', ''), (x, spec) => {
        const out = formatValue(x, spec);
        const m = /[eE]([+-])(\d+)$/.exec(out);
        if (m) expect(m[2]!.length).toBeGreaterThanOrEqual(2);
      }),
    );
  });
});

describe('formatValue: the documented mapping and fallbacks', () => {
  it('integral numbers are ints for d, and for the empty type without precision', () => {
    expect(formatValue(3, '')).toBe('3');
    expect(formatValue(3, '.2f')).toBe('3.00');
    expect(formatValue(3, '.3')).toBe('3.0');
    expect(formatValue(-0, '')).toBe('-0.0');
    expect(formatValue(1e20, '')).toBe('1e+20');
    expect(formatValue(1e21, 'd')).toBe('1000000000000000000000');
    expect(formatValue(12345678901234567890n, ',d')).toBe('12,345,678,901,234,567,890');
  });

  it('null, undefined, NaN and infinities print nan/inf with the width and alignment', () => {
    expect(formatValue(null, '>6.2f')).toBe('   nan');
    expect(formatValue(undefined, '<5d')).toBe('nan  ');
    expect(formatValue(Number.NaN, '^7,d')).toBe('  nan  ');
    expect(formatValue(Number.NEGATIVE_INFINITY, '8.1e')).toBe('    -inf');
    expect(formatValue(Number.POSITIVE_INFINITY, '+')).toBe('+inf');
  });

  it('a missing value prints nan whatever the spec: no sign, %, upper case or zero padding', () => {
    expect(formatValue(Number.NaN, '+.2f')).toBe('nan');
    expect(formatValue(null, '+8.3e')).toBe('     nan');
    expect(formatValue(undefined, '.1%')).toBe('nan');
    expect(formatValue(Number.NaN, 'E')).toBe('nan');
    expect(formatValue(Number.NaN, '08.2f')).toBe('     nan');
    expect(formatValue(Number.NaN, '=+8.2f')).toBe('     nan');
    expect(formatValue(Number.NaN, '*^9.1e')).toBe('***nan***');
    quietWarnings();
    fc.assert(
      fc.property(specArbitrary, fc.constantFrom(Number.NaN, null, undefined), (spec, value) => {
        const text = formatValue(value, spec);
        expect(text.trim().replace(/^[^n]*|[^n]*$/g, '')).toBe('nan');
        expect(text.length).toBe(Math.max(3, parseFormatSpec(spec).width));
      }),
    );
  });

  it('frac prints n/d', () => {
    expect(formatValue([3, 4], 'frac')).toBe('3/4');
    expect(formatValue([3n, 40], '>6frac')).toBe('  3/40');
    expect(formatValue([1, null], 'frac')).toBe('1/nan');
  });

  it('where Python raises, prints a general form and warns once per spec', () => {
    const seen: string[] = [];
    const previous = setFormatWarningHandler((m) => seen.push(m));
    try {
      resetFormatWarnings();
      expect(formatValue(0.5, '>6d')).toBe('   0.5');
      expect(formatValue(1.5, '>6d')).toBe('   1.5');
      expect(formatValue('abc', '+5')).toBe('abc  ');
      expect(formatValue('abc', '+>5')).toBe('++abc'); // '+' is the fill here, as in Python
      expect(formatValue(3, 'q')).toBe('3');
      expect(seen).toHaveLength(3);
      expect(seen[0]).toContain('>6d');
    } finally {
      setFormatWarningHandler(previous);
    }
  });

  it('parseFormatSpec explains invalid specs', () => {
    expect(() => parseFormatSpec('.f')).toThrow(/missing precision/);
    expect(() => parseFormatSpec(',_d')).toThrow(/both/);
    expect(() => parseFormatSpec('abc')).toThrow(/Invalid format specifier/);
    expect(parseFormatSpec('*^+z#012,.3f')).toMatchObject({
      fill: '*',
      align: '^',
      sign: '+',
      noNegZero: true,
      alternate: true,
      zeroFlag: false,
      width: 12,
      grouping: ',',
      precision: 3,
      type: 'f',
    });
  });
});
