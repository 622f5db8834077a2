/**
 * The table's direct cell paths (cell-appender.ts) against formatValue: every appended cell must be
 * formatValue's text, right-aligned to the column, with the column growing to fit, whichever path
 * (table reads, cached heads, or the fallback) produced it.
 */
import fc from 'fast-check';
import { createColors } from 'picocolors';
import { describe, expect, it, onTestFinished } from 'vitest';
import { formatValue, parseFormatSpec, StepTable } from '../src/index';
import { compileCellAppender } from '../src/table/cell-appender';
import { displayWidth, pad, spaces } from '../src/table/display-width';
import { formatSpecs, nextAfter, quietWarnings } from './format-arbitraries';

/** k + 0.5·10^-p and its neighbours a few ulps away: ties and near ties at every precision. */
const nearTie = fc
  .tuple(
    fc.integer({ min: 0, max: 10 ** 6 }),
    fc.integer({ min: 0, max: 8 }),
    fc.integer({ min: -3, max: 3 }),
    fc.boolean(),
  )
  .map(([k, p, ulps, negative]) => {
    let x = (k + 0.5) / 10 ** p;
    for (let i = 0; i < Math.abs(ulps); i++) x = nextAfter(x, ulps > 0);
    return negative ? -x : x;
  });
/** Values next to the edges of the tables: 9,999, 10^4, 10^8, carries like 9.99995, powers of ten. */
const edges = fc
  .tuple(
    fc.constantFrom(
      9999,
      9998.99995,
      9.99995,
      0.99995,
      999.95,
      1e4,
      1e6,
      1e8,
      1e9,
      1e-4,
      1e-5,
      1e100,
      1e-100,
    ),
    fc.integer({ min: -2, max: 2 }),
    fc.boolean(),
  )
  .map(([x, ulps, negative]) => {
    let y: number = x;
    for (let i = 0; i < Math.abs(ulps); i++) y = nextAfter(y, ulps > 0);
    return negative ? -y : y;
  });
const numbers = fc.oneof(
  nearTie,
  edges,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: -1e4, max: 1e4, noNaN: true }),
  fc.integer({ min: -(10 ** 10), max: 10 ** 10 }),
  fc.integer({ min: -20_000, max: 20_000 }),
  fc.constantFrom(0, -0, 0.5, 2.675, 1.005, 0.125, Number.MAX_SAFE_INTEGER, Number.NaN, Infinity, -Infinity),
);
const cellValues = fc.oneof(
  { weight: 6, arbitrary: numbers },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.oneof(fc.integer({ min: -12_000, max: 12_000 }), fc.constantFrom(-0, 0.5, 2 ** 60)),
      fc.oneof(fc.integer({ min: -12_000, max: 12_000 }), fc.constantFrom(-0, Number.NaN)),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, 'text', true, [1, 2, 3]) },
);

const specs = formatSpecs({
  fillAlign: fc.constantFrom('', '', '', '>', ' >', '<', '^', '*>', '0', '='),
  sign: fc.constantFrom('', '', '+', '-', ' '),
  z: fc.constantFrom('', '', 'z'),
  alt: fc.constantFrom('', '', '', '#'),
  width: fc.constantFrom('', '', '1', '8', '12', '70'),
  grouping: fc.constantFrom('', '', ',', '_'),
  precision: fc.constantFrom('', '.0', '.1', '.2', '.3', '.4', '.5', '.6'),
  type: fc.constantFrom('f', 'F', '%', 'e', 'E', 'g', 'G', 'd', 'd', 'frac', ''),
});

/** formatValue's text right-aligned to the column after `lead`, growing the column: the reference. */
function referenceCell(column: { width: number }, lead: string, value: unknown, spec: string): string {
  const text = formatValue(value, spec);
  const width = displayWidth(text);
  if (width > column.width) column.width = width;
  return lead + pad(text, width, column.width, 'right');
}

describe('cell appenders equal formatValue padded to the column', () => {
  it('for every spec, column width and value, through the fast paths and the fallback', () => {
    quietWarnings();
    let direct = 0;
    fc.assert(
      fc.property(
        specs,
        fc.constantFrom(0, 1, 5, 9, 12, 70),
        fc.constantFrom('', '  ', ' | '),
        fc.array(cellValues, { minLength: 1, maxLength: 12 }),
        (spec, startWidth, lead, values) => {
          const column = { width: startWidth };
          const expectedColumn = { width: startWidth };
          const leads = Array.from({ length: 65 }, (_, n) => lead + spaces(n));
          let fallbacks = 0;
          const append = compileCellAppender(parseFormatSpec(spec), column, leads, (line, value) => {
            fallbacks++;
            return line + referenceCell(column, lead, value, spec);
          });
          let line = 'row:';
          let expected = 'row:';
          for (const value of values) {
            line = append(line, value);
            expected += referenceCell(expectedColumn, lead, value, spec);
            expect(line).toBe(expected);
            expect(column.width).toBe(expectedColumn.width);
          }
          direct += values.length - fallbacks;
        },
      ),
      { numRuns: 6_000 },
    );
    // the fast paths did run (not everything went to the fallback)
    expect(direct).toBeGreaterThan(1_000);
  });

  it('common training specs on typical values take the fast path and match formatValue', () => {
    const leads = Array.from({ length: 65 }, (_, n) => '  ' + spaces(n));
    for (const spec of [
      'd',
      '.4f',
      '+.3f',
      '.3e',
      '.2%',
      '.4g',
      ',d',
      '.2f',
      '.3g',
      '+.2e',
      '>8.3f',
      '.1f',
    ]) {
      const column = { width: 12 };
      const expectedColumn = { width: 12 };
      let fallbacks = 0;
      const append = compileCellAppender(parseFormatSpec(spec), column, leads, (line, value) => {
        fallbacks++;
        return line + referenceCell(column, '  ', value, spec);
      });
      const values = spec.endsWith('d')
        ? [0, 7, -42, 9999, 10_000, 123_456, -999_999]
        : [0.1234, -3.751e-3, 12.5001, 0.000321, -0.9876, 34.5678, 0.0421];
      for (const value of values) {
        expect(append('', value)).toBe(referenceCell(expectedColumn, '  ', value, spec));
      }
      expect(fallbacks, spec).toBe(0);
    }
  });
});

describe('StepTable rows equal formatValue padded to growing columns', () => {
  it('for mixed columns (right, left, centered) and rows of any values', () => {
    quietWarnings();
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            format: specs,
            width: fc.constantFrom(undefined, 0, 4, 9, 70),
            align: fc.constantFrom<'right' | 'left' | 'center' | undefined>(
              undefined,
              'right',
              'left',
              'center',
            ),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.array(cellValues, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        (columns, rows) => {
          const specs = columns.map((c, i) => ({ key: `k${i}`, header: 'h', ...c }));
          const table = new StepTable({ columns: specs, color: false, repeatHeaderEvery: 0 });
          const widths = specs.map((c) => Math.max(c.width ?? 0, 1));
          for (const values of rows) {
            const cells: Record<string, unknown> = {};
            specs.forEach((c, i) => {
              cells[c.key] = values[i];
            });
            const out = table.row(cells).split('\n').at(-1)!;
            const expected = specs
              .map((c, i) => {
                const text = formatValue(cells[c.key], c.format);
                const w = displayWidth(text);
                widths[i] = Math.max(widths[i]!, w);
                return pad(text, w, widths[i]!, c.align ?? 'right');
              })
              .join('  ');
            expect(out).toBe(expected);
          }
        },
      ),
      { numRuns: 1_500 },
    );
  });
});

describe('StepTable rows with colour', () => {
  it('finite numbers take the direct path uncoloured; nan and inf cells are yellow, as before', () => {
    const paint = createColors(true);
    const table = new StepTable({
      columns: [
        { key: 'a', format: '.2f', width: 8 },
        { key: 'b', format: '.3e', width: 10 },
      ],
      color: true,
      repeatHeaderEvery: 0,
    });
    table.row({ a: 1, b: 1 }); // the header
    const rows: [unknown, unknown][] = [
      [2.71, -0.000123],
      [Number.NaN, 2.5e10],
      [-1.5, Number.POSITIVE_INFINITY],
    ];
    for (const [a, b] of rows) {
      const cell = (value: unknown, spec: string, width: number) => {
        const text = formatValue(value, spec);
        const padded = pad(text, text.length, width, 'right');
        return /^[+-]?(nan|inf)$/.test(text) ? paint.yellow(padded) : padded;
      };
      expect(table.row({ a, b })).toBe(`${cell(a, '.2f', 8)}  ${cell(b, '.3e', 10)}`);
    }
  });
});
