/**
 * The words every reader says of a torn last record and of a header that never ends (issue 40): the
 * cell count said is the count written, and the line and column said are where the open quote was
 * written, whatever the cells hold (commas, escaped quotes, line ends inside closed quoted cells).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tornRecordWords, unclosedHeaderWords } from '../src/read/torn-words.js';

/** A cell as a writer writes it: bare when it can be, else quoted with its quotes doubled. */
const cellText = fc.string({ unit: fc.constantFrom('a', 'b', '1', ',', '"', '\n', ' ', 'é'), maxLength: 6 });
const written = (cell: string): string => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

describe('tornRecordWords', () => {
  it('a record of whole cells, its last quoted, says how many cells it has and how many the header has', () => {
    fc.assert(
      fc.property(
        fc.array(cellText, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 8 }),
        (cells, width) => {
          fc.pre(cells.length !== width);
          const text = [
            ...cells.slice(0, -1).map(written),
            `"${(cells.at(-1) as string).replaceAll('"', '""')}"`,
          ].join(',');
          const count = `${cells.length} ${cells.length === 1 ? 'cell' : 'cells'}`;
          expect(tornRecordWords({ text, width })).toContain(
            `last line has no line end and ${count} where the header has ${width} (torn); not read: `,
          );
        },
      ),
    );
  });

  it('a file that may be being written is said so, with why, whatever the record holds', () => {
    fc.assert(
      fc.property(
        fc.array(cellText, { minLength: 1, maxLength: 4 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (cells, why) => {
          const text = cells.map(written).join(',');
          fc.pre(!text.includes('\n'));
          expect(tornRecordWords({ text, width: cells.length, writing: why })).toBe(
            `last line has no line end (torn by a crash or still being written: ${why}); not read: ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}`,
          );
        },
      ),
    );
  });
});

describe('unclosedHeaderWords', () => {
  it('names the line and column where the header quote that never closes was written', () => {
    fc.assert(
      fc.property(
        fc.array(cellText, { minLength: 0, maxLength: 4 }),
        cellText,
        fc.array(fc.string({ unit: fc.constantFrom('1', ',', '.', '\n'), maxLength: 8 }), { maxLength: 3 }),
        fc.integer({ min: 1, max: 50 }),
        (before, open, rows, line) => {
          const head = before.map((cell) => `${written(cell)},`).join('');
          // the open cell: its quotes doubled, never closed; rows after it hold no quote
          const text = `${head}"${open.replaceAll('"', '""')}\n${rows.join('\n')}`;
          const lines = head.split('\n');
          const column = (lines.at(-1) as string).length + 1;
          expect(unclosedHeaderWords(text, line, true)).toBe(
            `header line ${line + lines.length - 1}, column ${column}: a quoted cell opens there and never closes (expected a closing " before the end of the file), so the header never ends; the file is not read`,
          );
        },
      ),
    );
  });

  it('is null for a header whose quotes close, and for one line of a file that may be being written', () => {
    fc.assert(
      fc.property(fc.array(cellText, { minLength: 1, maxLength: 5 }), (cells) => {
        const header = cells.map(written).join(',');
        expect(unclosedHeaderWords(header, 1, true)).toBeNull();
        expect(unclosedHeaderWords(`"${header.replaceAll('\n', '')}`, 1, false)).toBeNull();
      }),
    );
  });
});
