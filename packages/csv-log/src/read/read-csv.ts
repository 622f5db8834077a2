import { type CsvRow, emptyIssues, type ReadIssues } from '../types.js';
import { dedupeKey, parseRow } from './cell-parse.js';
import { scanCsv } from './csv-scan.js';
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
  const batches = scanToQueue(path, strict, issues);
  let header: string[] = [];
  let ordinal = 0;
  for await (const item of batches) {
    if ('header' in item) {
      header = item.header;
      continue;
    }
    for (const fields of item.rows) {
      if (lastOrdinal !== null && !lastOrdinal.keep(fields, ordinal++)) continue;
      yield parseRow(header, fields);
    }
  }
}

type QueueItem = { header: string[] } | { rows: string[][] };

// Turns the push-style scanner into a pull-style stream of checked rows, one batch ahead at most.
async function* scanToQueue(path: string, strict: boolean, issues: ReadIssues): AsyncGenerator<QueueItem> {
  const queue: QueueItem[] = [];
  let wake: (() => void) | null = null;
  let resume: (() => void) | null = null;
  let done = false;
  let stopped = false;
  let failure: unknown = null;
  let width = 0;
  let rows: string[][] = [];
  const push = (item: QueueItem) => {
    queue.push(item);
    wake?.();
  };
  scanCsv(
    path,
    {
      onHeader(header) {
        width = header.length;
        push({ header });
        return undefined;
      },
      onRecord(record) {
        if (acceptRow(record.width, width, record.line, path, strict, issues)) rows.push(record.texts());
      },
      onSkip: (line, reason) => skipRecord(line, reason, path, strict, issues),
      async onChunk() {
        if (rows.length > 0) {
          push({ rows });
          rows = [];
          if (queue.length > 1) await new Promise<void>((r) => (resume = r));
        }
        if (stopped) throw STOP; // the consumer left the loop early: end the scan, close the file
      },
    },
    issues,
  ).then(
    () => {
      if (rows.length > 0) push({ rows }); // rows read after a broken quote, at the end
      done = true;
      wake?.();
    },
    (error: unknown) => {
      failure = error;
      done = true;
      wake?.();
    },
  );
  const release = () => {
    const next = resume as (() => void) | null;
    resume = null;
    next?.();
  };
  try {
    for (;;) {
      const item = queue.shift();
      if (item !== undefined) {
        release();
        yield item;
        continue;
      }
      if (failure !== null && failure !== STOP) throw failure;
      if (done) return;
      await new Promise<void>((r) => (wake = r));
      wake = null;
    }
  } finally {
    stopped = true;
    release();
  }
}

const STOP = Symbol('stop');

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
  return {
    keep(fields: string[], at: number): boolean {
      const key = dedupeKey(fields[keyIndex] as string);
      return key === null || last.get(key) === at;
    },
  };
}
