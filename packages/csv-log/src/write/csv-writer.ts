import { performance } from 'node:perf_hooks';
import type { Cell, Durability } from '../types.js';
import { AppendSink } from './append-sink.js';
import { formatCell, formatHeader, quoteCsv } from './cell-format.js';
import { prepareCsvFile } from './csv-file.js';

export interface CsvLogOptions {
  columns: readonly string[];
  /** Default `buffered`. */
  durability?: Durability;
  /** An existing file with another header: throw (default) or move it aside and start a new one. */
  onHeaderMismatch?: 'error' | 'rotate';
  /** Throw on a row key that is not a column, instead of warning once per key. */
  strict?: boolean;
  /** Receives write failures (disk full, …) instead of stderr. They never throw from `append`. */
  onError?: (error: Error) => void;
}

export interface CsvLogWriter {
  readonly path: string;
  readonly columns: readonly string[];
  /** Appends one row; missing columns are empty cells. Throws only for a caller's bug. */
  append(row: Record<string, Cell>): void;
  /** Hands buffered rows to the operating system. */
  flush(): Promise<void>;
  /** Flushes and closes. Further appends throw. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

const WALL_TIME = 'wall_time_s';

/** Opens (synchronously) an append-only CSV log with fixed columns: folders and header made once, an existing header checked, a torn last record repaired. */
export function openCsvLog(path: string, options: CsvLogOptions): CsvLogWriter {
  const columns = checkColumns(path, options.columns);
  const durability = options.durability ?? 'buffered';
  const prepared = prepareCsvFile(path, columns, options.onHeaderMismatch ?? 'error', durability === 'fsync');
  const sink = new AppendSink(path, durability, options.onError);
  if (prepared.needsHeader) sink.write(formatHeader(columns) + prepared.eol, 0);
  return new CsvLog(path, columns, sink, prepared.eol, options.strict ?? false);
}

class CsvLog implements CsvLogWriter {
  private readonly known: ReadonlySet<string>;
  private readonly wallTimeIndex: number;
  /** columns named like an Object property (`constructor`): read as own keys only */
  private readonly inherited: readonly boolean[];
  /** a row with the header's text would read as the header again */
  private readonly headerLine: string;
  private readonly warned = new Set<string>();
  private readonly openedAt = performance.now();
  private closing: Promise<void> | null = null;

  constructor(
    readonly path: string,
    readonly columns: readonly string[],
    private readonly sink: AppendSink,
    private readonly eol: string,
    private readonly strict: boolean,
  ) {
    this.known = new Set(columns);
    this.wallTimeIndex = columns.indexOf(WALL_TIME);
    this.inherited = columns.map((name) => name in Object.prototype);
    this.headerLine = formatHeader(columns);
  }

  append(row: Record<string, Cell>): void {
    if (this.closing !== null || this.sink.isClosed) throw new Error(`${this.path}: append after close`);
    for (const key in row) if (!this.known.has(key)) this.unknownKey(key);
    const columns = this.columns;
    let line = '';
    for (let i = 0; i < columns.length; i++) {
      const name = columns[i] as string;
      // a row without a `constructor` key must not log Object's own function in that column
      let value = this.inherited[i] && !Object.hasOwn(row, name) ? undefined : row[name];
      // seconds since the log was opened, in milliseconds, as the reference trainer writes it
      if (value === undefined && i === this.wallTimeIndex)
        value = Math.round(performance.now() - this.openedAt) / 1000;
      let text: string;
      try {
        text = formatCell(value, name);
      } catch (error) {
        throw new TypeError(`${this.path}: ${(error as Error).message}`);
      }
      line = i === 0 ? text : `${line},${text}`;
    }
    // A single empty cell would be a blank line, which readers skip: write it as "".
    if (line === '' && columns.length === 1) line = '""';
    // A row of the column names themselves: quoted unlike the header, so readers keep it as a row.
    else if (line.length === this.headerLine.length && line === this.headerLine)
      line = quotedOtherwise(columns);
    this.sink.write(line + this.eol);
  }

  private unknownKey(key: string): void {
    const message = `${this.path}: "${key}" is not a column (columns: ${this.columns.join(', ')})`;
    if (this.strict) throw new Error(message);
    if (this.warned.has(key)) return;
    this.warned.add(key);
    process.emitWarning(`${message}; its values are not logged`, { code: 'EVIDENCE_CSV_UNKNOWN_COLUMN' });
  }

  async flush(): Promise<void> {
    this.sink.flushSync();
  }

  close(): Promise<void> {
    // closes at once; a second close() gets the same promise
    this.closing ??= (async () => this.sink.closeSync())();
    return this.closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/** The header's cells with the first one not quoted by the header quoted: same values, other text. */
function quotedOtherwise(columns: readonly string[]): string {
  const plain = columns.findIndex((name) => quoteCsv(name) === name);
  if (plain === -1) return formatHeader(columns); // every name needs quotes: no other spelling; readers say so
  return columns.map((name, i) => (i === plain ? `"${name}"` : quoteCsv(name))).join(',');
}

function checkColumns(path: string, columns: readonly string[]): readonly string[] {
  if (!Array.isArray(columns) || columns.length === 0)
    throw new Error(`${path}: columns must be a non-empty list`);
  const seen = new Set<string>();
  for (const name of columns) {
    if (typeof name !== 'string' || name === '')
      throw new Error(`${path}: every column name must be non-empty text`);
    if (name === '__proto__') throw new Error(`${path}: "__proto__" cannot be a column name`);
    if (seen.has(name)) throw new Error(`${path}: column "${name}" is listed twice`);
    seen.add(name);
  }
  return Object.freeze([...columns]);
}
