import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs';
import { ByteBuffer } from './byte-buffer.js';
import { flushOnExit, forgetOnExit } from './exit-hooks.js';
import type { Durability } from './types.js';

const FLUSH_INTERVAL_MS = 100;
const FLUSH_BYTES = 64 * 1024;
// While the disk refuses writes, rows wait in memory up to this much, then new ones are dropped.
const MAX_BACKLOG_BYTES = 32 * 1024 * 1024;
const RETRY_MS = 1000;

/**
 * An O_APPEND file that whole lines are appended to under one durability mode. Lines are formatted
 * straight into `pending` (bytes) and handed over with `commit()`. Writes are synchronous: a row is in
 * the kernel when the commit (line/fsync) or the flush (buffered) returns, so what a crash leaves is
 * exactly what was flushed, and the exit hooks can flush without the event loop.
 *
 * Write failures (ENOSPC, EIO, …) never throw into the caller: unwritten bytes are kept and retried
 * (at most once a second, and on flush/close/exit), and the failure is reported once per outage to
 * `onError` or else to stderr.
 */
export class AppendSink {
  readonly path: string;
  /** Where the next lines are formatted; `commit()` hands them over. */
  readonly pending = new ByteBuffer(FLUSH_BYTES + 4096);
  private readonly durability: Durability;
  private readonly onError: ((error: Error) => void) | undefined;
  private readonly fd: number;
  private timer: NodeJS.Timeout | null = null;
  // While the disk refuses writes: what is not yet written, in order (the head may be a partial line).
  private backlog: Buffer[] = [];
  private backlogBytes = 0;
  private lastAttempt = 0;
  private failing = false;
  private dropped = 0;
  private closed = false;

  /** `exitHooks: false` in the format worker, where the main thread's hooks wait for it instead. */
  constructor(path: string, durability: Durability, onError?: (error: Error) => void, exitHooks = true) {
    this.path = path;
    this.durability = durability;
    this.onError = onError;
    this.fd = openSync(path, 'a');
    if (exitHooks) flushOnExit(this);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Bytes the disk refused wait here for a retry. */
  get hasBacklog(): boolean {
    return this.backlog.length > 0;
  }

  /** Appends text made of whole lines. */
  write(text: string): void {
    if (this.closed) throw new Error(`${this.path}: the log is closed`);
    this.pending.writeText(text);
    this.commit();
  }

  /** The whole lines formatted into `pending` since the last commit are appended. */
  commit(): void {
    if (this.durability !== 'buffered')
      this.flush(false); // line, fsync: one write() per commit
    else if (this.pending.length >= FLUSH_BYTES) this.flush(true);
    else if (this.timer === null) {
      this.timer = setTimeout(() => this.flush(false), FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** Hands everything buffered to the operating system now (and retries what failed before). */
  flushSync(): void {
    this.flush(true);
  }

  private flush(retryNow: boolean): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.length > 0) this.writeOut(retryNow);
    else if (retryNow && this.backlog.length > 0) this.drain();
  }

  closeSync(): void {
    if (this.closed) return;
    this.flushSync();
    this.closed = true;
    forgetOnExit(this);
    if (this.backlog.length > 0 || this.dropped > 0) {
      this.report(
        new Error(
          `${this.path}: closed with ${this.backlogBytes} bytes that could not be written` +
            (this.dropped > 0 ? ` and ${this.dropped} dropped rows` : '') +
            ' (the disk kept refusing them)',
        ),
      );
    }
    try {
      closeSync(this.fd);
    } catch (error) {
      this.report(new Error(`${this.path}: close failed (${(error as Error).message})`, { cause: error }));
    }
  }

  /** Writes `pending` out and empties it; what the disk refuses goes to the backlog (a copy). */
  private writeOut(retryNow: boolean): void {
    const { bytes, length } = this.pending;
    this.pending.length = 0;
    if (this.backlog.length > 0) {
      this.queue(Buffer.from(bytes.subarray(0, length)));
      // Retry at most every RETRY_MS (or when asked): a failing syscall per row would slow training.
      if (retryNow || Date.now() - this.lastAttempt >= RETRY_MS) this.drain();
      return;
    }
    try {
      const written = writeSync(this.fd, bytes, 0, length);
      if (written < length) {
        this.keep(Buffer.from(bytes.subarray(written, length))); // a short write: finish the line first
        this.drain();
        return;
      }
      if (this.durability === 'fsync') fdatasyncSync(this.fd);
    } catch (error) {
      this.keep(Buffer.from(bytes.subarray(0, length)));
      this.lastAttempt = Date.now();
      this.writeFailed(error as Error);
    }
  }

  private keep(bytes: Buffer): void {
    this.backlog.push(bytes);
    this.backlogBytes += bytes.length;
  }

  private queue(bytes: Buffer): void {
    if (this.backlogBytes >= MAX_BACKLOG_BYTES) {
      if (this.dropped === 0) {
        this.report(
          new Error(
            `${this.path}: over ${MAX_BACKLOG_BYTES} bytes wait for the disk; new rows are dropped now`,
          ),
        );
      }
      this.dropped += countLines(bytes);
      return;
    }
    this.keep(bytes);
  }

  private drain(): void {
    this.lastAttempt = Date.now();
    let next = 0;
    try {
      for (; next < this.backlog.length; next++) {
        const bytes = this.backlog[next] as Buffer;
        let offset = 0;
        try {
          while (offset < bytes.length) offset += writeSync(this.fd, bytes, offset);
        } catch (error) {
          if (offset > 0) this.backlog[next] = bytes.subarray(offset);
          this.backlogBytes -= offset;
          throw error;
        }
        this.backlogBytes -= bytes.length;
      }
      if (this.durability === 'fsync') fdatasyncSync(this.fd);
      this.backlog = [];
      this.backlogBytes = 0;
      this.failing = false;
    } catch (error) {
      this.backlog = this.backlog.slice(next);
      this.writeFailed(error as Error);
    }
  }

  // Once per outage: a full disk would otherwise print on every row.
  private writeFailed(cause: Error): void {
    if (this.failing) return;
    this.failing = true;
    this.report(
      new Error(
        `${this.path}: cannot write (${cause.message}); unwritten rows are kept in memory and retried`,
        { cause },
      ),
    );
  }

  /** To `onError`, or loudly to stderr: a logging failure never throws into the training loop. */
  report(error: Error): void {
    if (this.onError) {
      try {
        this.onError(error);
        return;
      } catch {
        // a throwing onError must not reach the training loop either: fall through to stderr
      }
    }
    process.stderr.write(`\n[@evidence/csv-log] LOGGING FAILURE: ${error.message}\n\n`);
  }
}

function countLines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count++;
  return count;
}
