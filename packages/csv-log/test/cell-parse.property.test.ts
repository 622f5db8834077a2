import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNumber, parseNumberIn } from '../src/read/cell-parse.js';

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

describe('parseNumberIn (property)', () => {
  it('casts any cell, at any place in a line, as the oracle does', () => {
    fc.assert(
      fc.property(
        numberText,
        fc.constantFrom('', ',', '1,', '"x",'),
        fc.constantFrom('', ',', '5', 'e5', '-', '\r\n'),
        (cell, before, after) => {
          const want = oracle(cell);
          expect(
            Object.is(parseNumber(cell), want),
            `${JSON.stringify(cell)} → ${parseNumber(cell)} vs ${want}`,
          ).toBe(true);
          const line = before + cell + after;
          const got = parseNumberIn(line, before.length, before.length + cell.length);
          expect(Object.is(got, want), `${JSON.stringify(cell)} in ${JSON.stringify(line)}`).toBe(true);
        },
      ),
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

  // The 16-19-digit fast path (double-double) must round exactly as Number() does, above all next to
  // halfway points between two doubles, where it has to hand over to Number().
  it('reads 16 to 19 significant digits exactly as Number(), at halfway points too', () => {
    const longDecimal = fc
      .tuple(
        fc.bigInt({ min: 10n ** 15n, max: 10n ** 19n - 1n }),
        fc.integer({ min: -30, max: 30 }),
        fc.boolean(),
      )
      .map(([d, e, neg]) => {
        const text = d.toString();
        return `${neg ? '-' : ''}${text.slice(0, 1)}.${text.slice(1)}e${e}`;
      });
    // the exact midpoint of two neighbouring doubles, cut to 17-19 digits (± a unit in the last one):
    // as close to halfway as such text gets, where any lost bit of precision would round the wrong way
    const nearHalfway = fc
      .tuple(
        fc.double({ min: 1e-30, max: 1e30, noNaN: true }),
        fc.integer({ min: 17, max: 19 }),
        fc.integer({ min: -1, max: 1 }),
      )
      .map(([x, n, nudge]) => {
        const view = new DataView(new ArrayBuffer(8));
        view.setFloat64(0, x);
        const bits = view.getBigUint64(0);
        const f = (bits & 0xfffffffffffffn) | 0x10000000000000n;
        const e = Number(bits >> 52n) - 1075;
        // (2f+1)·2^(e-1) = digits·10^power, exactly
        const [digits, power] =
          e - 1 >= 0 ? [(2n * f + 1n) << BigInt(e - 1), 0] : [(2n * f + 1n) * 5n ** BigInt(1 - e), e - 1];
        const text = digits.toString();
        const cut = (BigInt(text.slice(0, n)) + BigInt(nudge)).toString();
        return `${cut}e${power + text.length - n}`;
      });
    const fromDouble = fc
      .double({ min: -1e200, max: 1e200, noNaN: true })
      .map((x) => x.toPrecision(17 + ((Math.abs(x) % 3) | 0)));
    fc.assert(
      fc.property(fc.oneof(longDecimal, nearHalfway, fromDouble), (text) => {
        expect(
          Object.is(parseNumber(text), Number(text)),
          `${text}: ${parseNumber(text)} vs ${Number(text)}`,
        ).toBe(true);
      }),
      { numRuns: 30_000 },
    );
    // and every midpoint between neighbours, written out to 19 digits, for a sweep of magnitudes
    for (let e = -150; e <= 150; e++) {
      const x = 1.2345678901234567 * 10 ** e;
      const next = x + x * Number.EPSILON;
      for (const text of [
        ((x + next) / 2).toPrecision(19),
        ((x + next) / 2).toPrecision(17),
        x.toPrecision(18),
      ]) {
        expect(Object.is(parseNumber(text), Number(text)), text).toBe(true);
      }
    }
  });
});
