import type { RunFormat } from './formats/ids.js';

/** One run's logged table: numeric columns in file order (NaN where a row has no value). */
export interface RunTable {
  /** The file or folder it was read from. */
  path: string;
  /** Where it came from (`formats/ids.ts`). */
  format: RunFormat;
  /** Every numeric column, all the same length. */
  columns: Map<string, Float64Array>;
  /** E.g. the SB3 monitor header {t_start, env_id}; results.json. */
  meta: Record<string, unknown>;
  /** What was skipped and why, each naming the file and line/byte offset. */
  issues: string[];
}

/** The number of rows of a table (its columns all have this length). */
export function rowCount(table: RunTable): number {
  for (const column of table.columns.values()) return column.length;
  return 0;
}

/**
 * Columns filled one row at a time when the set of names is not known up front (JSONL keys, TensorBoard
 * tags): a name first seen at row n gets NaN for rows 0..n-1.
 */
export class ColumnBuilder {
  private readonly data = new Map<string, Float64Array>();
  private capacity = 256;
  rows = 0;

  /** Starts a new row (every column NaN until set). */
  addRow(): number {
    if (this.rows === this.capacity) {
      this.capacity *= 2;
      for (const [name, column] of this.data) this.data.set(name, grown(column, this.capacity));
    }
    return this.rows++;
  }

  set(name: string, row: number, value: number): void {
    let column = this.data.get(name);
    if (!column) {
      column = new Float64Array(this.capacity).fill(Number.NaN);
      this.data.set(name, column);
    }
    column[row] = value;
  }

  /** The columns, cut to the number of rows, in the order their names were first seen. */
  finish(): Map<string, Float64Array> {
    const out = new Map<string, Float64Array>();
    for (const [name, column] of this.data) out.set(name, column.slice(0, this.rows));
    return out;
  }
}

function grown(column: Float64Array, capacity: number): Float64Array {
  const next = new Float64Array(capacity).fill(Number.NaN);
  next.set(column);
  return next;
}
