import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNumber } from '../src/read/cell-parse.js';

// Independent oracle: plain decimal text goes to Number(); Python's and JavaScript's words by name.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const WORDS: Record<string, number> = {
  nan: Number.NaN,
  '-nan': Number.NaN,
  '+nan': Number.NaN,
  inf: Number.POSITIVE_INFINITY,
  '+inf': Number.POSITIVE_INFINITY,
  infinity: Number.POSITIVE_INFINITY,
  '+infinity': Number.POSITIVE_INFINITY,
  '-inf': Number.NEGATIVE_INFINITY,
  '-infinity': Number.NEGATIVE_INFINITY,
  true: 1,
  false: 0,
};
function oracle(text: string): number | undefined {
  if (DECIMAL.test(text)) return Number(text);
  return Object.hasOwn(WORDS, text.toLowerCase()) ? WORDS[text.toLowerCase()] : undefined;
}

const double = fc.double();
const numberText = fc.oneof(
  double.map(String),
  double.map((x) => x.toExponential()),
  fc
    .tuple(double, fc.integer({ min: 0, max: 20 }))
    .map(([x, d]) => (Number.isFinite(x) ? x.toFixed(d) : String(x))),
  fc.tuple(double, fc.integer({ min: 1, max: 21 })).map(([x, d]) => x.toPrecision(d)),
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
  fc
    .tuple(
      fc.constantFrom('', '+', '-', '0', '00', '.'),
      fc.nat(),
      fc.constantFrom('', 'e', 'E-', 'e+'),
      fc.nat(400),
    )
    .map(([a, m, e, x]) => `${a}${m}${e}${e ? x : ''}`),
  fc.stringMatching(/^[-+0-9.eE]{0,24}$/),
  fc.constantFrom(
    ...Object.keys(WORDS),
    'NaN',
    'Infinity',
    '-Infinity',
    'True',
    'FALSE',
    '0x1F',
    '0b1',
    ' 1',
    '1 ',
  ),
);

describe('parseNumber (property)', () => {
  it('casts any cell as the oracle does', () => {
    fc.assert(
      fc.property(numberText, (cell) => {
        const want = oracle(cell);
        expect(
          Object.is(parseNumber(cell), want),
          `${JSON.stringify(cell)} → ${parseNumber(cell)} vs ${want}`,
        ).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('every double written as its shortest text reads back to itself', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => {
        expect(Object.is(parseNumber(Object.is(x, -0) ? '-0' : String(x)), x)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });
});
