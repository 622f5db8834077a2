import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseColumns, chooseFormat } from './column-formats.js';

describe('chooseFormat', () => {
  it('picks integers, scientific, fixed or text from the values and the name', () => {
    expect(chooseFormat('step', [1, 2, 3])).toBe('d');
    expect(chooseFormat('epoch', [0.01, 0.02])).toBe('.4f');
    expect(chooseFormat('learning_rate', [1.1e-6, 1e-6])).toBe('.2e');
    expect(chooseFormat('kl', [null, 0.0014, 0.0002])).toBe('.4f');
    expect(chooseFormat('tiny', [1e-5, 2e-5])).toBe('.3e');
    expect(chooseFormat('huge', [1.5e7 + 0.5, 2.25e7])).toBe('.3e');
    expect(chooseFormat('action', ['scan', 'fit'])).toBeUndefined();
    expect(chooseFormat('flag', [true, false])).toBeUndefined();
  });

  it('never picks integers for a column that holds a fraction', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1 }), (values) => {
        const format = chooseFormat('x', values);
        if (values.some((value) => !Number.isInteger(value))) expect(format).not.toBe('d');
      }),
    );
  });
});

describe('chooseColumns', () => {
  it('makes every column at least as wide as its header', () => {
    const columns = chooseColumns(['step', 'a_long_column_name', 'x'], [[1, 0.5, 'text']]);
    expect(columns.map((column) => column.key)).toEqual(['step', 'a_long_column_name', 'x']);
    for (const column of columns) expect(column.width ?? 0).toBeGreaterThanOrEqual(column.key.length);
  });
});
