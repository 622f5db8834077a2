// The only module that touches sibling packages and the file system's data formats. Logs come in as a
// path or as an already-loaded log (anything shaped like @evidence/csv-log's LoadedCsvLog).
import { loadCsvLogDecimated, readJsonl } from '@evidence/csv-log';

export { EvidencePaths, writeFileAtomic } from '@evidence/csv-log';
export { readEvidenceEnv } from '@evidence/env-config';

/** What a renderer needs of a loaded CSV log; @evidence/csv-log's LoadedCsvLog has this shape. */
export interface CsvLogLike {
  path: string;
  header: readonly string[];
  rowCount: number;
  has(name: string): boolean;
  numeric(name: string): Float64Array;
}

export type CsvInput = string | CsvLogLike;

/** One evaluation episode (a JSONL line): `cumulative_reward`, outcome booleans, `steps`, other keys. */
export type EvalRecord = Record<string, unknown>;
export type EvalInput = string | readonly EvalRecord[];

/** Columns of a log by name; absent optional columns are null. */
export interface Columns {
  path: string;
  /** every column of the log, wanted or not */
  header: readonly string[];
  rowCount: number;
  get(name: string): Float64Array | null;
}

/**
 * Loads the numeric columns `names` of a CSV log (path or loaded log). Columns missing from the
 * header come back as null, so a renderer can draw what is there. When `dedupeBy` is given and its
 * values go backwards (a resumed run logs a step twice), only the last row of each value is kept.
 */
export async function loadColumns(
  csv: CsvInput,
  names: readonly string[],
  dedupeBy?: string,
): Promise<Columns> {
  // A path is read for the wanted columns only, in one pass keeping each row bucket's first, last, lowest
  // and highest values (what a line chart shows): memory and drawing no longer grow with the log. The
  // key's restarts are resolved while reading (a resumed run's earlier rows at or after the step dropped).
  const log =
    typeof csv === 'string'
      ? await loadCsvLogDecimated(csv, { columns: names, ...(dedupeBy ? { restartColumn: dedupeBy } : {}) })
      : csv;
  const { path, header } = log;
  let rowCount = log.rowCount;
  const found = new Map<string, Float64Array>();
  for (const n of names) if (log.has(n)) found.set(n, log.numeric(n));
  const key = dedupeBy ? found.get(dedupeBy) : undefined;
  if (key && !isNonDecreasing(key)) {
    const keep = lastOfEach(key);
    for (const [n, column] of found)
      found.set(
        n,
        Float64Array.from(keep, (i) => column[i] as number),
      );
    rowCount = keep.length;
  }
  return { path, header, rowCount, get: (name) => found.get(name) ?? null };
}

function isNonDecreasing(a: Float64Array): boolean {
  for (let i = 1; i < a.length; i++) if ((a[i] as number) < (a[i - 1] as number)) return false;
  return true;
}

/** Row indices keeping the last row of each key value, in the order those last rows appear. */
function lastOfEach(key: Float64Array): number[] {
  const last = new Map<number, number>();
  for (let i = 0; i < key.length; i++) last.set(key[i] as number, i);
  const keep: number[] = [];
  for (let i = 0; i < key.length; i++) if (last.get(key[i] as number) === i) keep.push(i);
  return keep;
}

/**
 * Reads evaluation episodes from a JSONL file (NaN/Infinity tokens allowed, a torn last line
 * ignored), or passes records through.
 */
export async function loadEvalRecords(
  input: EvalInput,
): Promise<{ path: string | null; records: EvalRecord[] }> {
  if (typeof input !== 'string') return { path: null, records: [...input] };
  const { records } = await readJsonl<EvalRecord>(input);
  return {
    path: input,
    records: records.filter((r) => r !== null && typeof r === 'object' && !Array.isArray(r)),
  };
}
