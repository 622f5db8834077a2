import { emptyIssues } from '../types.js';
import { scanCsv } from './csv-scan.js';
import { RowDecimator, type RowSpan } from './decimate-rows.js';
import type { LoadedCsvLog } from './load-csv.js';
import { acceptRow, notNumeric, pickColumns, skipRecord, type TextOrigin } from './row-check.js';

export interface DecimatedCsvOptions {
  /** Load only these columns (absent ones are simply not loaded). Default: every column. */
  columns?: readonly string[];
  /** Row buckets kept (each: first, last, lowest, highest and first gap of every column). Default 2048. */
  buckets?: number;
  /** A column whose value going back (or repeating) drops the rows logged before at or after it (a resumed run). */
  restartColumn?: string;
  /** Throw on a row with the wrong number of fields instead of skipping it. */
  strict?: boolean;
}

/** What the decimation did: rows read, rows kept, and every span of rows with each column's sum. */
export interface Decimation {
  /** Data rows read (all of them, before the restart rule). */
  rows: number;
  /** Rows kept: rowCount of the log. Equal to `rows` when the log was small enough to keep whole. */
  kept: number;
  /** Consecutive rows per bucket (1: nothing was dropped but restarted rows). */
  rowsPerBucket: number;
  /** The columns read, in the order of each span's sums. */
  columns: string[];
  /** The buckets' spans of rows (indices among the rows read) and each column's sum and count of finite values. */
  spans: RowSpan[];
}

export interface DecimatedCsvLog extends LoadedCsvLog {
  decimation: Decimation;
}

/**
 * Reads a CSV log in one streaming pass keeping, of each bucket of rows, the first, the last and per
 * column the rows of its lowest, highest and first empty or non-finite value ("M4"): a line through them
 * shows every extreme, in memory bounded by `buckets`. A column holding text fails numeric() as in loadCsvLog.
 */
export async function loadCsvLogDecimated(
  path: string,
  options: DecimatedCsvOptions = {},
): Promise<DecimatedCsvLog> {
  const strict = options.strict ?? false;
  const issues = emptyIssues();
  let header: string[] = [];
  let picked: number[] = [];
  let names: string[] = [];
  let restart = -1;
  let previous = Number.NaN;
  let decimator = new RowDecimator(0, options.buckets ?? 2048);
  let row = new Float64Array(0);
  const textAt = new Map<string, TextOrigin>();
  await scanCsv(
    path,
    {
      onHeader(found) {
        header = found;
        const pick = pickColumns(found, options.columns);
        picked = pick.picked;
        names = picked.map((i) => found[i] as string);
        restart = options.restartColumn === undefined ? -1 : names.indexOf(options.restartColumn);
        decimator = new RowDecimator(picked.length, options.buckets ?? 2048);
        row = new Float64Array(picked.length);
        return pick.limit;
      },
      onRecord(record) {
        if (!acceptRow(record.width, header.length, record.line, path, strict, issues)) return;
        for (let c = 0; c < picked.length; c++) {
          const field = picked[c] as number;
          const value = record.isEmpty(field) ? Number.NaN : record.number(field);
          if (value === undefined) {
            const name = names[c] as string;
            if (!textAt.has(name)) textAt.set(name, { line: record.line, text: record.text(field) });
            row[c] = Number.NaN;
          } else row[c] = value;
        }
        if (restart >= 0) {
          const key = row[restart] as number;
          if (!Number.isNaN(key)) {
            if (key <= previous) decimator.purgeFrom(restart, key);
            previous = key;
          }
        }
        decimator.add(row);
      },
      onSkip: (line, reason) => skipRecord(line, reason, path, strict, issues),
    },
    issues,
  );
  const { kept, spans } = decimator.finish();
  const columns: Record<string, Float64Array> = {};
  names.forEach((name, c) => {
    if (!textAt.has(name)) columns[name] = Float64Array.from(kept, (k) => k.values[c] as number);
  });
  return {
    path,
    header,
    rowCount: kept.length,
    columns,
    issues,
    decimation: {
      rows: decimator.rows,
      kept: kept.length,
      rowsPerBucket: decimator.rowsPerBucket,
      columns: names,
      spans,
    },
    has: (name) => names.includes(name),
    numeric(name) {
      const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
      if (column) return column;
      throw notNumeric(path, name, names, textAt.get(name));
    },
  };
}
