import { performance } from 'node:perf_hooks';
import { AppendSink } from './append-sink.js';
import { formatHeader } from './cell-format.js';
import { prepareCsvFile } from './csv-file.js';
import { OffThreadRows } from './off-thread-rows.js';
import { compileRowFormatter, type RowFormatter } from './row-format.js';
import type { Cell, Durability } from './types.js';
import { formatWorkerAvailable } from './worker-location.js';

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
  /**
   * `buffered` only: format rows on a worker thread, so `append` costs the calling thread only the
   * row's checks and a copy of its values (see the README). `'auto'` (the default): on the calling
   * thread until the log receives more than about 40,000 rows a second, then on a worker; `true`: on a
   * worker from the start; `false`: never.
   */
  offThread?: boolean | 'auto';
}

export interface CsvLogWriter {
  readonly path: string;
  readonly columns: readonly string[];
  /** Appends one row; missing columns are empty cells. Throws only for a caller's bug (bad value, unknown key in strict mode, closed log). */
  append(row: Record<string, Cell>): void;
  /** Hands buffered rows to the operating system. */
  flush(): Promise<void>;
  /** Flushes and closes. Further appends throw. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
  /** Whether rows are formatted on a worker thread now (asked for, or switched to by `'auto'`). */
  readonly offThread: boolean;
}

const WALL_TIME = 'wall_time_s';
/** 'auto' moves formatting to a worker when this many rows arrive within AUTO_WINDOW_MS (~40,000 rows/s). */
const AUTO_ROWS = 4096;
const AUTO_WINDOW_MS = 100;

/**
 * Opens (synchronously) an append-only CSV log with fixed columns: creates parent folders and the
 * header once, checks the header of an existing file, and repairs a last line torn by a crash.
 */
export function openCsvLog(path: string, options: CsvLogOptions): CsvLogWriter {
  const columns = checkColumns(path, options.columns);
  const durability = options.durability ?? 'buffered';
  const prepared = prepareCsvFile(path, columns, options.onHeaderMismatch ?? 'error', durability === 'fsync');
  const offThread = options.offThread ?? 'auto';
  if (offThread === true && durability !== 'buffered')
    throw new Error(`${path}: offThread applies to durability 'buffered' only (not '${durability}')`);
  const sink = new AppendSink(path, durability, options.onError);
  if (prepared.needsHeader) sink.write(formatHeader(columns) + prepared.eol);
  const strict = options.strict ?? false;
  const log = new CsvLog(
    path,
    columns,
    sink,
    prepared.eol,
    strict,
    offThread === 'auto' && durability === 'buffered',
  );
  if (offThread === true) log.moveOffThread();
  return log;
}

class CsvLog implements CsvLogWriter {
  readonly path: string;
  readonly columns: readonly string[];
  private readonly sink: AppendSink;
  private readonly strict: boolean;
  private readonly warned = new Set<string>();
  private readonly formatRow: RowFormatter;
  private readonly eol: string;
  private readonly wallTimeIndex: number;
  private worker: OffThreadRows | null = null;
  private closing: Promise<void> | null = null;
  // 'auto': rows counted since burstStart; checked every AUTO_ROWS
  private readonly auto: boolean;
  private burstRows = 0;
  private burstStart = performance.now();
  private readonly openedAt = performance.now();
  // Seconds since the log was opened, in milliseconds, as the reference trainer writes it.
  private readonly wallTime = () => Math.round(performance.now() - this.openedAt) / 1000;

  constructor(
    path: string,
    columns: readonly string[],
    sink: AppendSink,
    eol: string,
    strict: boolean,
    auto: boolean,
  ) {
    this.path = path;
    this.columns = columns;
    this.sink = sink;
    this.strict = strict;
    this.eol = eol;
    this.wallTimeIndex = columns.indexOf(WALL_TIME);
    this.formatRow = compileRowFormatter(columns, this.wallTimeIndex, eol);
    this.auto = auto && formatWorkerAvailable();
  }

  get offThread(): boolean {
    return this.worker !== null;
  }

  /** From now on rows are formatted by a worker; the rows before are handed to the OS first, so order holds. */
  moveOffThread(): void {
    this.sink.flushSync();
    this.worker = new OffThreadRows(this.path, this.columns, this.wallTimeIndex, this.eol, this.sink);
  }

  append(row: Record<string, Cell>): void {
    if (this.closing !== null || this.sink.isClosed) throw new Error(`${this.path}: append after close`);
    if (this.worker !== null) {
      try {
        this.worker.append(row, this.wallTime, this.unknownKey);
      } catch (error) {
        throw withPath(this.path, error);
      }
      return;
    }
    const out = this.sink.pending;
    const start = out.length;
    try {
      this.formatRow(row, this.wallTime, this.unknownKey, out);
    } catch (error) {
      out.length = start; // nothing of a refused row is written
      throw withPath(this.path, error);
    }
    this.sink.commit();
    if (this.auto && ++this.burstRows === AUTO_ROWS) this.checkRate();
  }

  // 'auto': a log this busy costs the calling thread ~1.5 µs a row here, ~0.3 µs with a worker. Not
  // while the disk refuses writes: rows kept for a retry here must not be overtaken by the worker's.
  private checkRate(): void {
    const now = performance.now();
    if (now - this.burstStart < AUTO_WINDOW_MS && !this.sink.hasBacklog) this.moveOffThread();
    this.burstRows = 0;
    this.burstStart = now;
  }

  private readonly unknownKey = (key: string): void => {
    const message = `${this.path}: "${key}" is not a column (columns: ${this.columns.join(', ')})`;
    if (this.strict) throw new Error(message);
    if (this.warned.has(key)) return;
    this.warned.add(key);
    process.emitWarning(`${message}; its values are not logged`, { code: 'EVIDENCE_CSV_UNKNOWN_COLUMN' });
  };

  async flush(): Promise<void> {
    if (this.worker !== null) return this.closing ?? this.worker.flush();
    this.sink.flushSync();
  }

  close(): Promise<void> {
    // the async function runs closeSync at once, as before; a second close() gets the same promise
    this.closing ??= this.worker !== null ? this.worker.close() : (async () => this.sink.closeSync())();
    return this.closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

function withPath(path: string, error: unknown): unknown {
  if (error instanceof TypeError) return new TypeError(`${path}: ${error.message}`);
  return error; // strict mode's unknown key: its message names the file already
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
