import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvTail, completeRecordsEnd, parseCell } from './csv-tail.js';

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const cellArb = fc.string({
  unit: fc.constantFrom('a', 'b', '1', '.', ',', '"', '\n', ' ', 'é', '€'),
  maxLength: 6,
});

describe('CsvTail', () => {
  it('reads the same rows however the file is cut into appends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 4 })
          .chain((width) =>
            fc.tuple(
              fc.array(fc.array(cellArb, { minLength: width, maxLength: width }), { maxLength: 8 }),
              fc.array(fc.nat(), { maxLength: 6 }),
              fc.constant(width),
            ),
          ),
        async ([rows, cuts, width]) => {
          // A row of one empty cell is a blank line, which CSV readers skip; keep the property about real rows.
          const kept = rows.filter((row) => !(row.length === 1 && row[0] === ''));
          const header = Array.from({ length: width }, (_, i) => `c${i}`);
          const bytes = Buffer.from([header, ...kept].map((row) => `${row.map(quote).join(',')}\n`).join(''));
          const file = join(mkdtempSync(join(tmpdir(), 'evidence-tail-')), 'log.csv');
          writeFileSync(file, '');
          const tail = new CsvTail(file);
          const seen: string[][] = [];
          let from = 0;
          // Cut at arbitrary byte offsets, even inside a multi-byte character.
          for (const cut of [
            ...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b),
            bytes.length,
          ]) {
            if (cut < from) continue;
            appendFileSync(file, bytes.subarray(from, cut));
            from = cut;
            const batch = await tail.read();
            expect(batch.issues).toEqual([]);
            seen.push(...batch.rows.map((row) => row.cells));
          }
          expect(tail.header).toEqual(header);
          expect(seen).toEqual(kept);
          expect(tail.torn).toBeNull();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('numbers lines from 1, skips rows with the wrong field count and holds back a torn line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'evidence-tail-')), 'log.csv');
    writeFileSync(file, '\uFEFFstep,loss\r\n1,0.5\r\n\r\n2,0.25,9\n3,"x\ny"\n4,0.1');
    const tail = new CsvTail(file);
    const batch = await tail.read();
    expect(batch.header).toEqual(['step', 'loss']);
    expect(batch.rows).toEqual([
      { line: 2, cells: ['1', '0.5'] },
      { line: 5, cells: ['3', 'x\ny'] },
    ]);
    expect(batch.issues).toEqual([{ file, line: 4, reason: 'expected 2 fields, found 3; row skipped' }]);
    expect(tail.torn).toEqual({ line: 7, text: '4,0.1' });
    appendFileSync(file, '5\n');
    expect((await tail.read()).rows).toEqual([{ line: 7, cells: ['4', '0.15'] }]);
  });

  it('starts again from the header when the file is truncated or replaced', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'evidence-tail-')), 'log.csv');
    writeFileSync(file, 'a,b\n1,2\n3,4\n');
    const tail = new CsvTail(file);
    await tail.read();
    writeFileSync(file, 'x\n9\n');
    const batch = await tail.read();
    expect(batch.restarted).toBe(true);
    expect(batch.header).toEqual(['x']);
    expect(batch.rows).toEqual([{ line: 2, cells: ['9'] }]);
  });
});

describe('completeRecordsEnd', () => {
  it('ends after the last newline outside quotes', () => {
    expect(completeRecordsEnd('a,b\n1,"x\ny')).toBe(4);
    expect(completeRecordsEnd('a,b\n1,"x\ny"\n')).toBe(12);
    expect(completeRecordsEnd('no newline')).toBe(0);
  });
});

describe('parseCell', () => {
  it('reads what the DESIGN says CSV readers accept', () => {
    expect(parseCell('')).toBeNull();
    expect(parseCell('nan')).toBeNaN();
    expect(parseCell('NaN')).toBeNaN();
    expect(parseCell('inf')).toBe(Number.POSITIVE_INFINITY);
    expect(parseCell('-Infinity')).toBe(Number.NEGATIVE_INFINITY);
    expect(parseCell('True')).toBe(true);
    expect(parseCell('false')).toBe(false);
    expect(parseCell('1e-6')).toBe(1e-6);
    expect(parseCell('request_more_data')).toBe('request_more_data');
    expect(parseCell(' ')).toBe(' ');
  });

  it('reads back every double from its shortest text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(
          Object.is(parseCell(String(value)), value) || (value === 0 && parseCell(String(value)) === 0),
        ).toBe(true);
      }),
    );
  });
});
