/**
 * Evaluation episodes from a table, one row per episode: a CSV/TSV file such as SB3's `monitor.csv`
 * (`r`, `l`, `t`), read by @evidence/sources. Each row becomes a record of its numeric columns, so
 * `compare` treats it like a JSONL line.
 */
import { discoverRuns, runColumns } from '@evidence/sources';
import type { ReadIssues } from './io.js';
import type { EvalRecord } from './records.js';
import { sourceIssues } from './sources-report.js';

/** Whether `compare` reads this file as a table rather than JSON Lines. */
export function isEpisodeTable(path: string): boolean {
  return /\.(csv|tsv)$/i.test(path);
}

/** The rows of a table as records, with the reader's issues in csv-log's shape (file lines). */
export async function readEpisodeTable(path: string): Promise<{ records: EvalRecord[]; issues: ReadIssues }> {
  const { runs, skipped } = await discoverRuns(path);
  const run = runs[0];
  if (!run) throw new Error(`${path}: ${skipped[0]?.why ?? 'no episodes'}`);
  const table = { path: run.path, issues: run.issues };
  const grid = runColumns(run);
  const names = [...grid.keys()];
  const columns = [...grid.values()];
  const records: EvalRecord[] = Array.from({ length: columns[0]?.length ?? 0 }, (_, row) => {
    const record: EvalRecord = {};
    names.forEach((name, c) => {
      record[name] = (columns[c] as Float64Array)[row];
    });
    return record;
  });
  const issues: ReadIssues = { torn: null, skipped: [] };
  for (const { line, reason } of sourceIssues(table)) issues.skipped.push({ line, reason });
  return { records, issues };
}
