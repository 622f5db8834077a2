/** cellValue reads the common cell from its characters: it must give exactly what cellNumber gives. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellValue } from '../src/cell-value.js';
import { cellNumber } from '../src/cells.js';

const same = (text: string): void => {
  expect([text, cellValue(text)]).toEqual([text, cellNumber(text)]);
};

describe('cellValue', () => {
  it('is cellNumber on random decimal text: signs, dots, up to 20 digits, leading zeros, stray characters', () => {
    const unit = fc.constantFrom('0', '1', '5', '9', '0', '7', '.', '-', '+', ' ', 'e', 'x', 'n');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 22 }), (text) => {
        same(text);
      }),
      { numRuns: 3000 },
    );
  });

  it('is cellNumber on doubles as Python and JavaScript print them, to 15 and 17 digits', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (value) => {
        same(String(value));
        same(value.toPrecision(15));
        same(value.toFixed(6));
        same((-value).toPrecision(17));
      }),
      { numRuns: 3000 },
    );
  });

  it('names the cases that go to the slow path the same: -0, nan, inf, True, empty, hex', () => {
    for (const text of [
      '-0',
      '-0.0',
      '+.5',
      '5.',
      '.',
      '-',
      '',
      ' 2.5 ',
      'nan',
      '-inf',
      'True',
      '0x1F',
      '1e3',
    ])
      same(text);
  });
});
