import { readJsonl } from '@evidence/csv-log';
import { ColumnBuilder, type RunTable } from './run-table.js';

/**
 * A JSON Lines file as a table: one row per line, nested objects flattened to dotted keys
 * (`{"episode": {"r": 1}}` → column `episode.r`), numbers and booleans (1/0) kept, in first-seen order.
 */
export async function readJsonlTable(path: string): Promise<RunTable> {
  const { records, issues } = await readJsonl(path);
  const builder = new ColumnBuilder();
  for (const record of records) flatten(record, '', builder, builder.addRow());
  const out: string[] = [];
  if (issues.torn) out.push(`${path}:${issues.torn.line}: last line has no line end (torn); not read`);
  for (const skipped of issues.skipped) out.push(`${path}:${skipped.line}: ${skipped.reason}`);
  return { path, format: 'jsonl', columns: builder.finish(), meta: {}, issues: out };
}

function flatten(value: Record<string, unknown>, prefix: string, builder: ColumnBuilder, row: number): void {
  for (const [key, item] of Object.entries(value)) {
    const name = prefix + key;
    if (typeof item === 'number') builder.set(name, row, item);
    else if (typeof item === 'boolean') builder.set(name, row, item ? 1 : 0);
    else if (item !== null && typeof item === 'object' && !Array.isArray(item))
      flatten(item as Record<string, unknown>, `${name}.`, builder, row);
  }
}

/** The value at a dotted key (`episode.r`) of a parsed JSON record, or undefined. */
export function valueAtKey(record: unknown, key: string): unknown {
  if (record !== null && typeof record === 'object' && key in record)
    return (record as Record<string, unknown>)[key];
  let value: unknown = record;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
