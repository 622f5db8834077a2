import { loadCsvLog, tornRecordWords } from '@evidence/csv-log';
import type { RunTable } from './run-table.js';

/** Our own fixed-column logs (training_log.csv, …), through csv-log's fast reader; text columns left out. */
export async function readEvidenceCsv(path: string): Promise<RunTable> {
  const log = await loadCsvLog(path);
  const columns = new Map<string, Float64Array>();
  const issues: string[] = [];
  for (const name of log.header) {
    const column = log.columns[name];
    if (column instanceof Float64Array) columns.set(name, column);
    else if (column) issues.push(`${path}: column "${name}" holds text; left out`);
  }
  const { torn } = log.issues;
  if (torn) {
    // an append-only log of ours: its last line waits for its line end, said as every reader says it
    issues.push(
      `${path}:${torn.line}: ${tornRecordWords({ text: torn.text, width: log.header.length, writing: '' })}`,
    );
  }
  for (const skipped of log.issues.skipped) issues.push(`${path}:${skipped.line}: ${skipped.reason}`);
  return { path, format: 'evidence-csv', columns, meta: {}, issues };
}
