/**
 * The optional CSV mirror of every table row, with all columns (also those hidden from the console).
 * Kept behind this one small module: it is the only place that knows @evidence/csv-log.
 */
import { type Cell, type CsvLogWriter, type Durability, openCsvLog } from '@evidence/csv-log';

export interface CsvMirrorOptions {
  path: string;
  /** Default `line`: each row reaches the OS as it is logged. */
  durability?: Durability;
}

export interface CsvMirror {
  readonly path: string;
  append(cells: Record<string, unknown>): void;
  close(): Promise<void>;
}

/** Opens the mirror; reports write errors once through `onError` (a log failure never stops training). */
export function openCsvMirror(
  options: CsvMirrorOptions,
  columns: readonly string[],
  onError: (error: Error) => void,
): CsvMirror {
  let reported = false;
  const report = (error: Error) => {
    if (reported) return;
    reported = true;
    onError(error);
  };
  const writer: CsvLogWriter = openCsvLog(options.path, {
    columns,
    durability: options.durability ?? 'line',
    onError: report,
  });
  return {
    path: writer.path,
    append(cells) {
      const row: Record<string, Cell> = {};
      for (const key of columns) row[key] = toCell(cells[key]);
      try {
        writer.append(row);
      } catch (error) {
        report(error instanceof Error ? error : new Error(String(error)));
      }
    },
    close: () => writer.close(),
  };
}

function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return value;
  switch (typeof value) {
    case 'number':
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    default:
      if (value instanceof Date) return value;
      if (Array.isArray(value) && value.length === 2) return `${String(value[0])}/${String(value[1])}`;
      return String(value);
  }
}
