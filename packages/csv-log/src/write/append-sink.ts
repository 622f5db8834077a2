import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { flushOnExit, forgetOnExit } from '@evidence/node-kit';
import type { Durability } from '../types.js';

// `buffered` rows reach the file within FLUSH_INTERVAL_MS (from `append` itself, so a loop that never
// yields still writes, or a timer) or once FLUSH_CHARS wait. A refusing disk's rows wait up to
// MAX_BACKLOG_BYTES; later ones are counted as lost.
const FLUSH_INTERVAL_MS = 100;
const FLUSH_CHARS = 64 * 1024;
const MAX_BACKLOG_BYTES = 32 * 1024 * 1024;
const RETRY_MS = 1000;

/**
 * An O_APPEND file that whole lines are appended to, synchronously (a crash leaves exactly what was
 * flushed; the exit hook flushes without the event loop). Write failures never throw into the caller:
 * the bytes not written are kept from the exact byte the disk stopped at (rows are never spliced),
 * retried at most once a second and on flush/close/exit, each episode reported once (`onError`, else
 * stderr); rows beyond MAX_BACKLOG_BYTES are counted as lost and said.
 */
export class AppendSink {
  readonly path: string;
  private readonly durability: Durability;
  private readonly onError: ((error: Error) => void) | undefined;
  private readonly fd: number;
  private pending = '';
  private pendingRows = 0;
  /** when the oldest pending row was appended */
  private pendingSince = 0;
  private timer: NodeJS.Timeout | null = null;
  // While the disk refuses writes: what is not written yet, in order (the head may be part of a line).
  // `rows`: the rows that end in `bytes`; `inQuote`: whether `bytes` starts inside a quoted CSV cell.
  private backlog: { bytes: Buffer; rows: number; inQuote: boolean }[] = [];
  /** a row's bytes a short write left in the file: taken back if the row is never finished */
  private partialHead: Buffer = Buffer.alloc(0);
  /** CSV (a line end inside quotes ends no row) or JSON Lines */
  private readonly csv: boolean;
  private backlogBytes = 0;
  private lastAttempt = 0;
  private failing = false;
  /** the last fdatasync failed (said once until one succeeds) */
  private unsynced = false;
  private lost = 0;
  private closed = false;

  constructor(path: string, durability: Durability, onError?: (error: Error) => void, csv = true) {
    this.path = path;
    this.csv = csv;
    this.durability = durability;
    this.onError = onError;
    this.fd = openSync(path, 'a+'); // read too: close may check the row a short write cut
    flushOnExit(this);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Appends `rows` whole lines (in `line`/`fsync` mode: one write() call). */
  write(lines: string, rows = 1): void {
    if (this.closed) throw new Error(`${this.path}: the log is closed`);
    if (this.durability !== 'buffered') {
      this.writeOut(lines, rows, false);
      return;
    }
    const now = Date.now();
    if (this.pending === '') this.pendingSince = now;
    this.pending += lines;
    this.pendingRows += rows;
    if (this.pending.length >= FLUSH_CHARS) this.flushSync();
    else if (now - this.pendingSince >= FLUSH_INTERVAL_MS) this.flushSync(false);
    else if (this.timer === null) {
      this.timer = setTimeout(() => this.flushSync(false), FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** Hands everything buffered to the operating system, and (`retryNow`) retries what the disk refused. */
  flushSync(retryNow = true): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const lines = this.pending;
    const rows = this.pendingRows;
    this.pending = '';
    this.pendingRows = 0;
    if (lines !== '') this.writeOut(lines, rows, retryNow);
    else if (retryNow && this.backlog.length > 0) this.drain();
  }

  closeSync(): void {
    if (this.closed) return;
    this.flushSync();
    this.closed = true;
    forgetOnExit(this);
    if (this.backlog.length > 0 || this.lost > 0) {
      const rows = this.backlog.reduce((sum, part) => sum + part.rows, 0);
      const cut = this.backlog.length > 0 ? this.takeBackPartialRow() : '';
      this.report(
        new Error(
          `${this.path}: closed with ${rows} rows the disk kept refusing; they are lost` +
            (this.lost > 0 ? `, as are ${this.lost} rows dropped while it was full` : '') +
            cut,
        ),
      );
    }
    try {
      closeSync(this.fd);
    } catch (error) {
      this.report(new Error(`${this.path}: close failed (${describeFailure(error)})`, { cause: error }));
    }
  }

  /** At close with rows never written: cuts a short write's partial row off again, if the file still ends with it. */
  private takeBackPartialRow(): string {
    const head = this.partialHead;
    if (head.length === 0) return '';
    try {
      const size = fstatSync(this.fd).size;
      const tail = Buffer.alloc(head.length);
      if (size >= head.length) readSync(this.fd, tail, 0, head.length, size - head.length);
      if (!tail.equals(head))
        return `; the first ${head.length} bytes of a row are left at the end of the file (another writer appended after them)`;
      ftruncateSync(this.fd, size - head.length);
      this.partialHead = Buffer.alloc(0);
      return `; the ${head.length} bytes of the row it cut short were removed, so the file ends on a whole row`;
    } catch (error) {
      return `; the first ${head.length} bytes of a row are left at the end of the file (${describeFailure(error)})`;
    }
  }

  /**
   * Counts the rows a write of `bytes[0, written)` completed (a `\n` outside quotes for CSV, `""` flipping
   * twice; every `\n` for JSON Lines), and keeps the start of a row it cut.
   */
  private wrote(bytes: Buffer, written: number, inQuote: boolean): { rows: number; inQuote: boolean } {
    let rows = 0;
    let lastEnd = 0;
    for (let i = 0; i < written; i++) {
      if (bytes[i] === 0x22 && this.csv) inQuote = !inQuote;
      else if (bytes[i] === 0x0a && !inQuote) {
        rows++;
        lastEnd = i + 1;
      }
    }
    const since = bytes.subarray(lastEnd, written);
    this.partialHead = lastEnd > 0 ? Buffer.from(since) : Buffer.concat([this.partialHead, since]);
    return { rows, inQuote };
  }

  private writeOut(lines: string, rows: number, retryNow: boolean): void {
    const bytes = Buffer.from(lines);
    if (this.backlog.length > 0) {
      if (this.backlogBytes + bytes.length > MAX_BACKLOG_BYTES) this.lost += rows;
      else this.keep(bytes, rows, false);
      // at most every RETRY_MS: a failing system call per row would slow training
      if (retryNow || Date.now() - this.lastAttempt >= RETRY_MS) this.drain();
      return;
    }
    let written = 0;
    try {
      written = writeSync(this.fd, bytes);
    } catch (error) {
      this.keep(bytes, rows, false);
      this.lastAttempt = Date.now();
      this.failed(error);
      return;
    }
    if (written === bytes.length) {
      this.partialHead = Buffer.alloc(0);
      this.sync();
      return;
    }
    // a short write: only the rows not wholly written wait, and the rest of the cut line goes first
    const done = this.wrote(bytes, written, false);
    this.keep(bytes.subarray(written), rows - done.rows, done.inQuote);
    this.drain();
  }

  private keep(bytes: Buffer, rows: number, inQuote: boolean): void {
    this.backlog.push({ bytes, rows, inQuote });
    this.backlogBytes += bytes.length;
  }

  private drain(): void {
    this.lastAttempt = Date.now();
    while (this.backlog.length > 0) {
      const part = this.backlog[0] as { bytes: Buffer; rows: number; inQuote: boolean };
      const bytes = part.bytes;
      let offset = 0;
      try {
        while (offset < bytes.length) offset += writeSync(this.fd, bytes, offset);
      } catch (error) {
        const done = this.wrote(bytes, offset, part.inQuote);
        part.bytes = bytes.subarray(offset);
        part.rows -= done.rows;
        part.inQuote = done.inQuote;
        this.backlogBytes -= offset;
        this.failed(error);
        return;
      }
      this.partialHead = Buffer.alloc(0);
      this.backlog.shift();
      this.backlogBytes -= bytes.length;
    }
    this.sync();
    if (!this.failing) return;
    this.failing = false;
    if (this.lost === 0) return;
    this.report(
      new Error(
        `${this.path}: writing again; ${this.lost} rows appended while the disk refused writes did not fit in memory and are lost`,
      ),
    );
    this.lost = 0;
  }

  /**
   * In `fsync` mode, the rows written made durable. A failing fdatasync leaves them written (in the
   * file, not yet on the disk): writing them again would repeat them, so it is said, once an episode.
   */
  private sync(): void {
    if (this.durability !== 'fsync') return;
    try {
      fdatasyncSync(this.fd);
      this.unsynced = false;
    } catch (cause) {
      if (this.unsynced) return;
      this.unsynced = true;
      this.report(
        new Error(
          `${this.path}: rows written but not made durable (fdatasync: ${describeFailure(cause)}); a crash of the machine now may lose them`,
          { cause },
        ),
      );
    }
  }

  // once per episode, not per row
  private failed(cause: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.report(
      new Error(
        `${this.path}: ${describeFailure(cause)}; rows are kept in memory (up to ${MAX_BACKLOG_BYTES / 2 ** 20} MiB) and written, in order, once it accepts them again`,
        { cause },
      ),
    );
  }

  /** To `onError`, else loudly to stderr: never thrown into the training loop. */
  report(error: Error): void {
    if (this.onError) {
      try {
        this.onError(error);
        return;
      } catch {}
    }
    process.stderr.write(`\n[@evidence/csv-log] LOGGING FAILURE: ${error.message}\n\n`);
  }
}

/** "no space left on device (ENOSPC)" from Node's "ENOSPC: no space left on device, write". */
export function describeFailure(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === undefined) return String(message ?? error);
  const text = message.startsWith(`${code}: `)
    ? message.slice(code.length + 2).replace(/, \w+$/, '')
    : message;
  return `${text} (${code})`;
}
