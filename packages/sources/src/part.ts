/**
 * A run part, what one source gives a run, and how a table becomes one: the x and y from its values,
 * restarts and issues said. What the general readers (readers.ts) and each format's module share.
 */
import { parseNanJson } from '@evidence/csv-log';
import { readInputText } from '@evidence/node-kit';
import { scalarNumber } from './cells.js';
import {
  type DelimitedColumns,
  type ParseDelimitedOptions,
  readDelimitedFile,
  type TakeColumns,
} from './delimited.js';
import type { ColumnsToRead, Restart, RoleWhy, RunMeta, Series, SourceFormat } from './model.js';
import { describeChoice, sniffX, sniffY } from './role-values.js';
import { chooseY } from './roles.js';
import { ColumnBuilder } from './run-table.js';
import { tableSeries } from './series.js';

/** What one source (a file, a monitor folder, a TensorBoard run, an MLflow run) gives a run. */
export interface RunPart {
  format: SourceFormat;
  series: Series[];
  x: string;
  y: string | null;
  meta: RunMeta;
  restarts: Restart[];
  issues: string[];
  /** Columns of its file left unparsed because the read did not want them (see ColumnsToRead). */
  unread?: string[];
  /** With `unread`: its metric names, read or not, in the file's order. */
  names?: string[];
  /** Why its x and y were chosen, when its values decided them (see role-values). */
  why?: RoleWhy;
}

/** A table's columns as a part: the x from the format's candidates (the row number when none). */
export function tablePart(
  format: SourceFormat,
  columns: Map<string, Float64Array>,
  source: string,
  file: string,
  options: { x?: string; wall?: string; wallScale?: number; meta?: RunMeta; issues?: string[] } = {},
): RunPart {
  const issues = options.issues ?? [];
  const why: RoleWhy = {};
  let x = options.x ?? null;
  if (x === null) {
    const choice = sniffX(columns);
    x = choice.name;
    why.x = describeChoice(choice);
  }
  if (x === null || !columns.has(x)) {
    x = 'row';
    const rows = firstColumnLength(columns);
    columns = new Map([['row', Float64Array.from({ length: rows }, (_, i) => i)], ...columns]);
  }
  let wallTimes: Float64Array | undefined;
  const wallColumn = options.wall ? columns.get(options.wall) : undefined;
  if (wallColumn) wallTimes = wallColumn.map((t) => t * (options.wallScale ?? 1));
  const { series, restarts, missingX } = tableSeries(columns, {
    x,
    source,
    ...(wallTimes ? { wallTimes } : {}),
  });
  if (missingX > 0) issues.push(`${file}: ${missingX} row(s) without a value of "${x}" (the x); left out`);
  for (const restart of restarts)
    issues.push(
      `${file}: "${x}" went back to ${restart.step}: the run restarted; ${restart.purged} earlier row(s) at or after it dropped`,
    );
  const y = sniffY(
    series.map((s) => [s.metric, s.values] as const),
    options.wall ? [options.wall] : [],
  );
  why.y = describeChoice(y);
  return {
    format,
    series,
    x,
    y: y.name,
    meta: options.meta ?? {},
    restarts,
    issues,
    why,
  };
}

/** A JSON file (Python's bare NaN/Infinity allowed); an error names the file. */
export async function readJsonFile(file: string): Promise<unknown> {
  const text = await readInputText(file);
  try {
    return parseNanJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new Error(`${file}: not readable JSON (${(error as Error).message})`);
  }
}

function firstColumnLength(columns: Map<string, Float64Array>): number {
  for (const column of columns.values()) return column.length;
  return 0;
}

/** How a table is read: the last-line rule and the shape the content showed. */
export type LastLine = Pick<ParseDelimitedOptions, 'lastLine' | 'lastLineWhy'>;
export type TableOptions = LastLine & Pick<ParseDelimitedOptions, 'delimiter' | 'columns'>;
export const TORN: LastLine = { lastLine: 'torn' };

/**
 * A table read keeping the columns `want` gives from its header (see ColumnsToRead), the others named
 * in `unread`; read again whole when the y its names suggest holds text (the values then decide the y).
 * `take()` (called for each read: its `onRow` starts again) gives the columns to leave out in any case
 * (`skip`) and whether a header must be read whole (`whole`).
 */
export async function readWanted(
  file: string,
  options: TableOptions,
  want: ColumnsToRead | undefined,
  takeOf: () => TakeColumns & { whole?: (header: string[]) => boolean },
): Promise<{ parsed: DelimitedColumns; unread: string[] }> {
  let unread: string[] = [];
  let y: string | null = null;
  const read = (wanted: ColumnsToRead | undefined) => {
    const take = takeOf();
    let kept: ReadonlySet<string> | null | undefined;
    return readDelimitedFile(file, options, {
      ...take,
      skip: (column, index, header) => {
        if (take.skip?.(column, index, header)) return true;
        if (kept === undefined) {
          const names = header.filter((name, i) => name !== '' && !take.skip?.(name, i, header));
          kept = wanted && !take.whole?.(header) ? wanted(names) : null;
          y = chooseY(names);
        }
        if (kept === null || kept.has(column)) return false;
        unread.push(column);
        return true;
      },
    });
  };
  let parsed = await read(want);
  if (unread.length > 0 && y !== null && !parsed.columns.has(y)) {
    unread = [];
    parsed = await read(undefined);
  }
  return { parsed, unread };
}

/** A part's metric names, read or not, in its table's order (RunPart.names). */
export function withUnread(part: RunPart, header: readonly string[], unread: string[]): RunPart {
  if (unread.length === 0) return part;
  part.unread = unread;
  const metrics = new Set([...part.series.map((s) => s.metric), ...unread]);
  part.names = header.filter((name) => metrics.has(name));
  return part;
}

/** Records as columns: numbers and booleans (1/0) kept, nested objects flattened with `sep`, text left out. */
export function recordColumns(
  records: readonly Record<string, unknown>[],
  sep: string,
): Map<string, Float64Array> {
  const columns = new RecordColumns(sep);
  for (const record of records) columns.add(record);
  return columns.finish();
}

/** recordColumns one record at a time. */
export class RecordColumns {
  private readonly builder = new ColumnBuilder();
  constructor(private readonly sep: string) {}

  add(record: Record<string, unknown>): void {
    this.flatten(record, '', this.builder.addRow());
  }

  finish(): Map<string, Float64Array> {
    return this.builder.finish();
  }

  private flatten(value: Record<string, unknown>, prefix: string, row: number): void {
    for (const [key, item] of Object.entries(value)) {
      const name = prefix + key;
      if (typeof item === 'number') this.builder.set(name, row, item);
      else if (typeof item === 'boolean') this.builder.set(name, row, item ? 1 : 0);
      else if (typeof item === 'string') {
        // a value a Python logger wrote as its repr (`"tensor(0.5)"`, `"np.float64(1.5)"`)
        const number = scalarNumber(item.trim());
        if (number !== undefined) this.builder.set(name, row, number);
      } else if (item !== null && typeof item === 'object' && !Array.isArray(item))
        this.flatten(item as Record<string, unknown>, `${name}${this.sep}`, row);
    }
  }
}
