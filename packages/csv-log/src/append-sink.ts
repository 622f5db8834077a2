import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs';
import { flushOnExit, forgetOnExit } from './exit-hooks.js';
import type { Durability } from './types.js';

const FLUSH_INTERVAL_MS = 100;
// Characters, not bytes: a UTF-16 unit is at most 3 UTF-8 bytes, so this flushes by 64 KiB.
const FLUSH_CHARS = Math.floor((64 * 1024) / 3);
// While the disk refuses writes, rows wait in memory up to this much, then new ones are dropped.
const MAX_BACKLOG_CHARS = 32 * 1024 * 1024;
const RETRY_MS = 1000;

/**
 * An O_APPEND file that text is appended to under one durability mode. Writes are synchronous: a row
 * is in the kernel when `write` (line/fsync) or the flush (buffered) returns, so what a crash leaves is
 * exactly what was flushed, and the exit hooks can flush without the event loop.
 *
 * Write failures (ENOSPC, EIO, …) never throw into the caller: unwritten bytes are kept and retried
 * (at most once a second, and on flush/close/exit), and the failure is reported once per outage to
 * `onError` or else to stderr.
 */
export class AppendSink {
  readonly path: string;
  private readonly durability: Durability;
  private readonly onError: ((error: Error) => void) | undefined;
  private readonly fd: number;
  private buffer = '';
  private timer: NodeJS.Timeout | null = null;
  // While the disk refuses writes: what is not yet written, in order (the head may be a partial line).
  private backlog: (string | Buffer)[] = [];
  private backlogChars = 0;
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

  /** Appends text made of whole lines. */
  write(text: string): void {
    if (this.closed) throw new Error(`${this.path}: the log is closed`);
    if (this.durability !== 'buffered') {
      this.writeOut(text, false);
      return;
    }
    this.buffer += text;
    if (this.buffer.length >= FLUSH_CHARS) this.flushSync();
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
    const text = this.buffer;
    this.buffer = '';
    if (text !== '') this.writeOut(text, retryNow);
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
          `${this.path}: closed with about ${this.backlogChars} characters that could not be written` +
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

  private writeOut(text: string, retryNow: boolean): void {
    if (this.backlog.length > 0) {
      this.queue(text);
      // Retry at most every RETRY_MS (or when asked): a failing syscall per row would slow training.
      if (retryNow || Date.now() - this.lastAttempt >= RETRY_MS) this.drain();
      return;
    }
    try {
      const written = writeSync(this.fd, text);
      if (written < Buffer.byteLength(text)) {
        this.backlog.push(Buffer.from(text).subarray(written)); // a short write: finish the line first
        this.backlogChars += text.length;
        this.drain();
        return;
      }
      if (this.durability === 'fsync') fdatasyncSync(this.fd);
    } catch (error) {
      this.backlog.push(text);
      this.backlogChars += text.length;
      this.lastAttempt = Date.now();
      this.writeFailed(error as Error);
    }
  }

  private queue(text: string): void {
    if (this.backlogChars >= MAX_BACKLOG_CHARS) {
      if (this.dropped === 0) {
        this.report(
          new Error(
            `${this.path}: over ${MAX_BACKLOG_CHARS} characters wait for the disk; new rows are dropped now`,
          ),
        );
      }
      this.dropped += countLines(text);
      return;
    }
    this.backlog.push(text);
    this.backlogChars += text.length;
  }

  private drain(): void {
    this.lastAttempt = Date.now();
    let next = 0;
    try {
      for (; next < this.backlog.length; next++) {
        const item = this.backlog[next] as string | Buffer;
        const bytes = typeof item === 'string' ? Buffer.from(item) : item;
        let offset = 0;
        try {
          while (offset < bytes.length) offset += writeSync(this.fd, bytes, offset);
        } catch (error) {
          if (offset > 0) this.backlog[next] = bytes.subarray(offset);
          throw error;
        }
        this.backlogChars -= typeof item === 'string' ? item.length : 0;
      }
      if (this.durability === 'fsync') fdatasyncSync(this.fd);
      this.backlog = [];
      this.backlogChars = 0;
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

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
