import { emptyIssues, type ReadIssues } from '../types.js';
import { dedupeKey } from './cell-parse.js';
import { scanCsv, scanCsvChunks } from './csv-scan.js';
import { acceptRow, columnIndex, notNumeric, pickColumns, skipRecord, type TextOrigin } from './row-check.js';

export interface LoadedCsvLog {
  path: string;
  header: string[];
  rowCount: number;
  /** numeric columns → Float64Array (empty/nan → NaN, inf → ±Infinity, True/False → 1/0); other columns → (string|null)[] */
  columns: Record<string, Float64Array | (string | null)[]>;
  /** The column as numbers; a clear error naming file and column when absent or not numeric. */
  numeric(name: string): Float64Array;
  has(name: string): boolean;
  issues: ReadIssues;
}

export interface LoadCsvOptions {
  /** Throw on a row with the wrong number of fields instead of skipping it. */
  strict?: boolean;
  /** Keep only the last row of each value of this column (a resumed run logs some steps twice). */
  dedupeBy?: string;
  /** Load only these columns (the others are not kept in memory). Absent ones are simply not loaded. */
  columns?: readonly string[];
}

/** Loads a CSV log into columns: a Float64Array per numeric column (every non-empty cell a number, nan, inf or True/False), else `(string | null)[]`. */
export async function loadCsvLog(path: string, options: LoadCsvOptions = {}): Promise<LoadedCsvLog> {
  const strict = options.strict ?? false;
  const issues = emptyIssues();
  let header: string[] = [];
  let picked: number[] = []; // header index of each loaded column
  let numbers: (Float64Array | null)[] = [];
  let texts: ((string | null)[] | null)[] = [];
  let sawNumber: boolean[] = [];
  const origins = new Map<number, TextOrigin>();
  const rescan = new Set<number>();
  let capacity = 0;
  let count = 0;
  let sized = false;

  const growTo = (size: number) => {
    capacity = size;
    numbers = numbers.map((column) => (column ? grow(column, capacity) : null));
  };

  const chunks = scanCsvChunks(
    path,
    {
      onHeader(names) {
        header = names;
        const pick = pickColumns(names, options.columns, options.dedupeBy);
        picked = pick.picked;
        texts = picked.map(() => null);
        sawNumber = picked.map(() => false);
        // small at first (100,000 columns × 1024 rows would be 800 MB); the first chunk sizes them
        capacity = 16;
        numbers = picked.map(() => new Float64Array(capacity));
        return pick.limit; // cells after the last loaded column are only counted
      },
      onRecord(record) {
        if (!acceptRow(record.width, header.length, record.line, path, strict, issues)) return;
        if (count === capacity) growTo(capacity * 2);
        for (let c = 0; c < picked.length; c++) {
          const field = picked[c] as number;
          const column = numbers[c];
          if (column) {
            if (record.isEmpty(field)) {
              column[count] = Number.NaN;
              continue;
            }
            const value = record.number(field);
            if (value !== undefined) {
              column[count] = value;
              sawNumber[c] = true;
              continue;
            }
            // the column becomes text; earlier cells' exact text is fetched by a second pass (rare)
            numbers[c] = null;
            texts[c] = new Array<string | null>(count).fill(null);
            origins.set(c, { line: record.line, text: record.text(field) });
            if (sawNumber[c]) rescan.add(c);
          }
          (texts[c] as (string | null)[]).push(record.isEmpty(field) ? null : record.text(field));
        }
        count++;
      },
      onSkip: (line, reason) => skipRecord(line, reason, path, strict, issues),
    },
    issues,
  );
  for await (const { position, size } of chunks) {
    // sized once from the first chunk's bytes per row: doubling all the way holds old and new arrays
    // at once (+50 % peak memory)
    if (position === size || count === 0 || sized) continue;
    sized = true;
    const estimate = Math.ceil(((count * size) / position) * 1.05) + 16;
    if (estimate > capacity) growTo(estimate);
  }

  if (rescan.size > 0) await refetchText(path, header, picked, rescan, texts, count);

  let keep: Uint8Array | null = null;
  let rowCount = count;
  if (options.dedupeBy !== undefined && header.length > 0) {
    const file = columnIndex(header, options.dedupeBy, path, 'dedupeBy');
    const c = picked.indexOf(file);
    ({ keep, rowCount } = lastOfEachKey(numbers[c] ?? null, texts[c] ?? null, count));
  }

  const columns: Record<string, Float64Array | (string | null)[]> = {};
  for (let c = 0; c < picked.length; c++) {
    const name = header[picked[c] as number] as string;
    const numeric = numbers[c];
    const text = texts[c] ?? [];
    columns[name] = numeric
      ? compactNumbers(numeric, count, keep, rowCount)
      : keep
        ? text.filter((_, i) => keep[i] === 1)
        : text;
  }
  const textOrigin = new Map<string, TextOrigin>();
  for (const [c, origin] of origins) textOrigin.set(header[picked[c] as number] as string, origin);

  return {
    path,
    header,
    rowCount,
    columns,
    issues,
    has: (name) => Object.hasOwn(columns, name),
    numeric(name) {
      const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
      if (column instanceof Float64Array) return column;
      throw notNumeric(path, name, Object.keys(columns), textOrigin.get(name));
    },
  };
}

function grow(column: Float64Array, capacity: number): Float64Array {
  const next = new Float64Array(capacity);
  next.set(column);
  return next;
}

function lastOfEachKey(numbers: Float64Array | null, texts: (string | null)[] | null, count: number) {
  const last = new Map<string | number, number>();
  const keyAt = (i: number): string | number | null => {
    if (numbers) {
      const value = numbers[i] as number;
      return Number.isNaN(value) ? null : value;
    }
    const text = texts?.[i] ?? null;
    return text === null ? null : dedupeKey(text);
  };
  for (let i = 0; i < count; i++) {
    const key = keyAt(i);
    if (key !== null) last.set(key, i);
  }
  const keep = new Uint8Array(count);
  let rowCount = 0;
  for (let i = 0; i < count; i++) {
    const key = keyAt(i);
    if (key === null || last.get(key) === i) {
      keep[i] = 1;
      rowCount++;
    }
  }
  return { keep, rowCount };
}

function compactNumbers(column: Float64Array, count: number, keep: Uint8Array | null, rowCount: number) {
  // a view when little is unused (no second array at peak), else a tight copy
  if (!keep) return column.length - count <= count / 8 ? column.subarray(0, count) : column.slice(0, count);
  const out = new Float64Array(rowCount);
  for (let i = 0, j = 0; i < count; i++) if (keep[i]) out[j++] = column[i] as number;
  return out;
}

async function refetchText(
  path: string,
  header: string[],
  picked: number[],
  rescan: Set<number>,
  texts: ((string | null)[] | null)[],
  count: number,
): Promise<void> {
  let row = 0;
  let last = 0;
  for (const c of rescan) last = Math.max(last, picked[c] as number);
  await scanCsv(
    path,
    {
      onHeader: () => last + 1,
      onRecord(record) {
        if (record.width !== header.length || row >= count) return;
        for (const c of rescan) {
          const field = picked[c] as number;
          (texts[c] as (string | null)[])[row] = record.isEmpty(field) ? null : record.text(field);
        }
        row++;
      },
    },
    emptyIssues(),
  );
}
