/**
 * A JSON array of records in long format (a tidy data frame saved with pandas' `to_json(orient="records")`:
 * `{"Iteration": 0, "Value": 1.2, "Agent": "DQN"}` for every agent, run and iteration): runs told apart
 * by content, not by a column's name. A text column of few values, each in one block of rows, names the
 * runs' group; within a block, the x going back to where the block began starts the next run (repeats of
 * one configuration saved one after another, no seed column).
 */
import { cellNumber } from './cells.js';
import { recordColumns } from './part.js';
import { sniffX } from './role-values.js';

export interface LongBlock {
  /** The text values that name the block (`DQN`), joined by a space when several columns do. */
  group: string;
  /** Its runs, in order: each the records of one pass of the x from its start. */
  runs: Record<string, unknown>[][];
}

/** More distinct values than this in a text column name rows (a time, a note), not groups. */
const MAX_GROUPS = 64;

/** The text columns whose values are few and each in one block of rows, in first-seen order. */
function blockColumns(records: readonly Record<string, unknown>[]): string[] {
  const keys = Object.keys(records[0] ?? {});
  return keys.filter((key) => {
    const seen = new Set<string>();
    let previous: unknown;
    for (const record of records) {
      const value = record[key];
      // a number or a missing value written as text (`"0.5"`, `"NaN"`, `"None"`) is no name: cells' rule
      if (typeof value !== 'string' || cellNumber(value) !== undefined) return false;
      if (value !== previous) {
        // a value met again after another: interleaved rows (a phase column), not blocks
        if (seen.has(value) || seen.size >= MAX_GROUPS) return false;
        seen.add(value);
      }
      previous = value;
    }
    return seen.size >= 2 && seen.size * 3 <= records.length;
  });
}

/**
 * A column of whole numbers that counts up and only ever falls back to its first value: a counter
 * restarted by each run (`it` 0, 1, … 0, 1, …), whatever its name.
 */
function restartedCounter(columns: ReadonlyMap<string, Float64Array>): string | null {
  for (const [name, values] of columns) {
    const first = values[0] as number;
    let ok = values.length > 2 && Number.isInteger(first) && first >= 0;
    let restarts = 0;
    for (let i = 1; ok && i < values.length; i++) {
      const [value, previous] = [values[i] as number, values[i - 1] as number];
      if (value === first && previous > first) restarts++;
      else ok = Number.isInteger(value) && value > previous;
    }
    if (ok && restarts > 0) return name;
  }
  return null;
}

/** The records in one run's pieces: a new one wherever the x falls back to the block's first x or below. */
function passes(records: Record<string, unknown>[]): Record<string, unknown>[][] {
  const columns = recordColumns(records, '.');
  const x = sniffX(columns).name ?? restartedCounter(columns);
  if (x === null) return [records];
  const runs: Record<string, unknown>[][] = [[]];
  let first = Number.NaN;
  let previous = Number.NaN;
  for (const record of records) {
    const value = Number(record[x]);
    if (value < previous && value <= first) runs.push([]);
    if ((runs.at(-1) as Record<string, unknown>[]).length === 0) first = value;
    (runs.at(-1) as Record<string, unknown>[]).push(record);
    previous = value;
  }
  return runs;
}

/** The blocks and runs of a long-format array of records, or null when no text column makes blocks. */
export function longRecords(records: Record<string, unknown>[]): LongBlock[] | null {
  if (records.length === 0) return null;
  const columns = blockColumns(records);
  if (columns.length === 0) return null;
  const blocks: { group: string; records: Record<string, unknown>[] }[] = [];
  for (const record of records) {
    const group = columns.map((column) => record[column]).join(' ');
    if (blocks.at(-1)?.group !== group) blocks.push({ group, records: [] });
    (blocks.at(-1) as { records: Record<string, unknown>[] }).records.push(record);
  }
  return blocks.map(({ group, records: rows }) => ({ group, runs: passes(rows) }));
}
