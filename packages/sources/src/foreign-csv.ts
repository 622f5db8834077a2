import { readFile } from 'node:fs/promises';
import { numericColumns, parseDelimited } from './delimited.js';
import type { RunTable } from './run-table.js';

/**
 * Any CSV or TSV another tool wrote (quoted fields, `#` comment lines, `,` tab `;` or `|`): its numeric
 * columns. Text columns are left out and named in `issues`.
 */
export async function readForeignCsv(path: string): Promise<RunTable> {
  const parsed = parseDelimited(path, await readFile(path, 'utf8'), { lastLine: 'keep-if-complete' });
  const columns = numericColumns(path, parsed);
  const meta: Record<string, unknown> = {};
  if (parsed.delimiter !== ',') meta.delimiter = parsed.delimiter;
  if (parsed.leadingComments.length > 0) meta.comments = parsed.leadingComments;
  return { path, format: 'csv', columns, meta, issues: parsed.issues };
}
