import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Cell, loadCsvLog, openCsvLog, openJsonlLog, readCsvLog, readJsonl } from '../src/index.js';
import { formatHeader, quoteCsv } from '../src/write/cell-format.js';
import { tempDir } from './helpers.js';

// Text that a CSV reader would (by design) read as something else: empty, a number, nan/inf or a
// boolean. Decided here independently of the library's parser.
function readsAsNonText(text: string): boolean {
  return (
    text === '' ||
    /^(true|false)$/i.test(text) ||
    /^[-+]?(nan|inf|infinity)$/i.test(text) ||
    (text.trim() !== '' && !Number.isNaN(Number(text)))
  );
}

const tricky = fc.constantFrom(
  ',',
  '"',
  '\n',
  '\r',
  '\r\n',
  '""',
  ' ',
  'é',
  '😀',
  '\uFEFF',
  'nan',
  '1e5',
  '-',
);
const text = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), tricky), { maxLength: 5 })
  .map((parts) => parts.join(''))
  .filter((s) => !readsAsNonText(s));
const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 5e-324),
);
const cell: fc.Arbitrary<Cell> = fc.oneof(
  number,
  text,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const columnName = fc
  .oneof(fc.string({ minLength: 1, maxLength: 8 }), tricky)
  .filter((s) => s !== '__proto__' && s !== 'wall_time_s' && !s.startsWith('\uFEFF'));

/** What a reader returns for a written cell. */
function expected(value: Cell): number | string | boolean | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Both readers return exactly `rows` (as written) from `path`, with no issues. */
async function expectReadBack(path: string, columns: string[], rows: Record<string, Cell>[]): Promise<void> {
  const iterable = readCsvLog(path, { strict: true });
  const back: Record<string, unknown>[] = [];
  for await (const row of iterable) back.push(row);
  expect(iterable.issues).toEqual({ torn: null, skipped: [] });
  const want = rows.map((row) => Object.fromEntries(columns.map((name) => [name, expected(row[name])])));
  // A row of only empty cells in a 1-column file is written as "" and must still come back.
  expect(back.length).toBe(want.length);
  back.forEach((row, i) => {
    expect(Object.keys(row).sort()).toEqual([...columns].sort()); // integer-like keys sort first in JS objects
    for (const name of columns)
      expect(
        Object.is(row[name], want[i]?.[name]),
        `${name}: ${String(row[name])} vs ${String(want[i]?.[name])}`,
      ).toBe(true);
  });

  const loaded = await loadCsvLog(path, { strict: true });
  expect(loaded.header).toEqual(columns);
  expect(loaded.rowCount).toBe(rows.length);
  for (const name of columns) {
    const values = want.map((row) => row[name]);
    const numeric = values.every((v) => v === null || typeof v === 'number' || typeof v === 'boolean');
    if (numeric) {
      const asNumbers = values.map((v) => (v === null ? Number.NaN : typeof v === 'boolean' ? Number(v) : v));
      expect([...loaded.numeric(name)].every((v, i) => Object.is(v, asNumbers[i]))).toBe(true);
    } else {
      const cells = loaded.columns[name] as (string | null)[];
      // text columns keep the cell text exactly as written
      const written = rows.map((row) => row[name]);
      cells.forEach((got, i) => {
        const value = written[i];
        if (value === null || value === undefined) expect(got).toBeNull();
        else if (typeof value === 'string') expect(got).toBe(value);
      });
    }
  }
}

/**
 * A row of the column names themselves when every name needs quotes: its line is the header's, with no
 * other spelling, so readers report it as a duplicate header (documented) instead of returning it.
 */
function headerLikeRow(columns: readonly string[], rows: readonly Record<string, Cell>[]): boolean {
  const plain = (name: string) => quoteCsv(name) === name;
  return !columns.some(plain) && rows.some((row) => columns.every((name) => row[name] === name));
}

describe('CSV round trip (property)', () => {
  const dir = tempDir();
  let n = 0;

  it('any rows, including quotes, commas, newlines, unicode, NaN and ±Infinity, read back equal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(columnName, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { maxLength: 12 }),
        fc.constantFrom('buffered', 'line', 'fsync') as fc.Arbitrary<'buffered' | 'line' | 'fsync'>,
        async (columns, cellRows, durability) => {
          const path = join(dir, `p${n++}.csv`);
          const rows = cellRows.map((cells) =>
            Object.fromEntries(columns.map((name, i) => [name, cells[i]])),
          );
          fc.pre(!headerLikeRow(columns, rows));
          const log = openCsvLog(path, { columns, durability });
          for (const row of rows) log.append(row);
          await log.close();

          await expectReadBack(path, columns, rows);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('rows appended with \\r\\n by one writer and \\n by another (either order) read back equal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(columnName, { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), { maxLength: 6 }),
        fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), { maxLength: 6 }),
        fc.boolean(),
        async (columns, first, second, crlfFirst) => {
          const toRows = (cellRows: Cell[][]) =>
            cellRows.map((cells) => Object.fromEntries(columns.map((name, i) => [name, cells[i]])));
          // A file whose header ends with `eol`: the writer then appends with that line end.
          const writeWith = async (file: string, eol: string, rows: Record<string, Cell>[]) => {
            if (eol === '\r\n') writeFileSync(file, `${formatHeader(columns)}\r\n`); // as Python's csv module
            const log = openCsvLog(file, { columns });
            for (const row of rows) log.append(row);
            await log.close();
            return Buffer.byteLength(formatHeader(columns)) + eol.length;
          };
          fc.pre(!headerLikeRow(columns, [...toRows(first), ...toRows(second)]));
          const path = join(dir, `m${n++}.csv`);
          const other = join(dir, `m${n++}.csv`);
          await writeWith(path, crlfFirst ? '\r\n' : '\n', toRows(first));
          const headerBytes = await writeWith(other, crlfFirst ? '\n' : '\r\n', toRows(second));
          appendFileSync(path, readFileSync(other).subarray(headerBytes)); // the other writer's rows
          await expectReadBack(path, columns, [...toRows(first), ...toRows(second)]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('JSONL records with NaN, ±Infinity and -0 read back equal', async () => {
    const value = fc.oneof(number, fc.string(), fc.boolean(), fc.constant(null));
    const record = fc.dictionary(
      fc.string().filter((k) => k !== '__proto__'),
      fc.oneof(value, fc.array(value, { maxLength: 3 })),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(record, { maxLength: 8 }), async (records) => {
        const path = join(dir, `p${n++}.jsonl`);
        const log = openJsonlLog(path);
        for (const r of records) log.append(r);
        await log.close();
        const result = await readJsonl(path);
        expect(result.issues).toEqual({ torn: null, skipped: [] });
        expect(result.records).toEqual(records);
        expect(readFileSync(path, 'utf8').split('\n').length).toBe(records.length + 1);
      }),
      { numRuns: 100 },
    );
  });
});
