import { type CsvRow, emptyIssues, type ReadIssues } from '../types.js';
import { dedupeKey, parseRow } from './cell-parse.js';
import { scanCsv, scanCsvChunks } from './csv-scan.js';
import { acceptRow, columnIndex, skipRecord } from './row-check.js';

export type { CsvRow } from '../types.js';

export interface ReadCsvOptions {
  /** Throw on a row with the wrong number of fields instead of skipping it. */
  strict?: boolean;
  /** Keep only the last row of each value of this column (a resumed run logs some steps twice). */
  dedupeBy?: string;
}

/**
 * Rows of a CSV log, one object per row, streamed in bounded memory. Cells: '' → null,
 * true/false → boolean, numbers and nan/inf → number, other text → string.
 * `issues` (torn last line, skipped rows) is complete once iteration ends.
 */
export function readCsvLog(
  path: string,
  options: ReadCsvOptions = {},
): AsyncIterable<CsvRow> & { issues: ReadIssues } {
  const issues = emptyIssues();
  return {
    issues,
    [Symbol.asyncIterator]() {
      issues.torn = null;
      issues.skipped.length = 0;
      return iterateRows(path, options, issues)[Symbol.asyncIterator]();
    },
  };
}

async function* iterateRows(
  path: string,
  options: ReadCsvOptions,
  issues: ReadIssues,
): AsyncGenerator<CsvRow> {
  const strict = options.strict ?? false;
  // Keeping the last row of a key needs to know the future: a first pass finds, for every key, the
  // ordinal of its last row; the second pass yields only those. Two passes keep memory bounded.
  const lastOrdinal =
    options.dedupeBy === undefined ? null : await lastRowOfEachKey(path, options.dedupeBy, strict);
  let header: string[] = [];
  let rows: string[][] = [];
  let ordinal = 0;
  const chunks = scanCsvChunks(
    path,
    {
      onHeader(found) {
        header = found;
        return undefined;
      },
      onRecord(record) {
        if (acceptRow(record.width, header.length, record.line, path, strict, issues))
          rows.push(record.texts());
      },
      onSkip: (line, reason) => skipRecord(line, reason, path, strict, issues),
    },
    issues,
  );
  function* batch(): Generator<CsvRow> {
    const fields = rows;
    rows = [];
    for (const row of fields)
      if (lastOrdinal === null || lastOrdinal(row, ordinal++)) yield parseRow(header, row);
  }
  // leaving the loop early ends the scan and closes the file
  for await (const _ of chunks) yield* batch();
  yield* batch(); // the rows read before a record too long to read
}

async function lastRowOfEachKey(path: string, column: string, strict: boolean) {
  const last = new Map<string | number, number>();
  let keyIndex = -1;
  let width = 0;
  let ordinal = 0;
  await scanCsv(
    path,
    {
      onHeader(header) {
        width = header.length;
        if (header.length > 0) keyIndex = columnIndex(header, column, path, 'dedupeBy');
        return keyIndex + 1;
      },
      onRecord(record) {
        if (!acceptRow(record.width, width, record.line, path, strict, emptyIssues())) return;
        const key = dedupeKey(record.text(keyIndex));
        if (key !== null) last.set(key, ordinal);
        ordinal++;
      },
    },
    emptyIssues(),
  );
  return (fields: string[], at: number): boolean => {
    const key = dedupeKey(fields[keyIndex] as string);
    return key === null || last.get(key) === at;
  };
}
