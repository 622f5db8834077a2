import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCsvLog } from '../src/index.js';
import { parseNumber } from '../src/read/cell-parse.js';
import { tempDir } from './helpers.js';

// loadCsvLog reads a numeric quote-free line by parsing each cell where it starts (onPlainRecord) and
// gives up to the field-cutting path on anything else. Whatever the cells, the result must be what the
// plain definition gives: split each line on commas, skip lines of the wrong width, cast each cell
// with parseNumber, and a column with any text cell becomes text.

const numericCell = fc.oneof(
  fc.double({ noNaN: true }).map((x) => (Object.is(x, -0) ? '-0' : String(x))),
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc
    .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 8 }))
    .map(([n, k]) => (n / 10 ** k).toFixed(k)),
  fc.bigInt({ min: 0n, max: 10n ** 22n }).map((n) => `${n}e-${Number(n % 30n)}`),
  fc.constantFrom(
    '',
    'nan',
    'NaN',
    'inf',
    '-inf',
    'Infinity',
    'True',
    'False',
    '1e',
    '1e+',
    '.5',
    '5.',
    '-.5e3',
    '0x1F',
    '1.5.2',
    ' 7',
    '7 ',
  ),
);
const cell = fc.oneof(
  { weight: 12, arbitrary: numericCell },
  { weight: 1, arbitrary: fc.constantFrom('abc', 'n/a', 'x1', '—') },
);

describe('loadCsvLog on numeric lines (property)', () => {
  const dir = tempDir();
  let file = 0;

  it('reads any cells as the split-and-cast definition does, for every column subset and line end', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 6 })
          .chain((width) =>
            fc.tuple(
              fc.constant(width),
              fc.array(
                fc.oneof(
                  { weight: 10, arbitrary: fc.array(cell, { minLength: width, maxLength: width }) },
                  { weight: 1, arbitrary: fc.array(cell, { minLength: 1, maxLength: width + 2 }) },
                ),
                { maxLength: 30 },
              ),
              fc.constantFrom('\n', '\r\n'),
              fc.option(fc.subarray([...Array(width).keys()], { minLength: 1 })),
            ),
          ),
        async ([width, lines, eol, subset]) => {
          const header = Array.from({ length: width }, (_, i) => `c${i}`);
          const text = [header.join(','), ...lines.map((cells) => cells.join(','))]
            .map((l) => l + eol)
            .join('');
          const path = join(dir, `p${file++}.csv`);
          writeFileSync(path, text);
          const wanted = subset?.map((i) => header[i] as string);
          const log = await loadCsvLog(path, wanted ? { columns: wanted } : {});

          // the definition
          const kept: string[][] = [];
          const skipped: number[] = [];
          lines.forEach((cells, i) => {
            const fields = cells.join(',').split(',');
            if (width > 1 && cells.join(',') === '') return; // a blank line carries no data
            if (fields.length === width) kept.push(fields);
            else skipped.push(i + 2);
          });
          expect(log.issues.skipped.map((s) => s.line)).toEqual(skipped);
          expect(log.rowCount).toBe(kept.length);
          for (const name of wanted ?? header) {
            const c = header.indexOf(name);
            const cells = kept.map((fields) => fields[c] as string);
            const numbers = cells.map((s) => (s === '' ? Number.NaN : parseNumber(s)));
            const column = log.columns[name];
            if (numbers.every((n) => n !== undefined)) {
              expect(column).toBeInstanceOf(Float64Array);
              expect([...(column as Float64Array)]).toEqual(numbers);
            } else expect(column).toEqual(cells.map((s) => (s === '' ? null : s)));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
