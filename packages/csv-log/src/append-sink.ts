import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs';
import { flushOnExit, forgetOnExit } from './exit-hooks.js';
import type { Durability } from './types.js';

const FLUSH_INTERVAL_MS = 100;
// Characters, not bytes: a UTF-16 unit is at most 3 UTF-8 bytes, so this flushes by 64 KiB.
const FLUSH_CHARS = Math.floor((64 * 1024) / 3);
// While the disk refuses writes, rows wait in memory up to this much, then new ones are dropped.
const MAX_PENDING_BYTES = 32 * 1024 * 1024;

/**
 * An O_APPEND file that text is appended to under one durability mode. Writes are synchronous: a row
 * is in the kernel when `write` (line/fsync) or the flush (buffered) returns, so what a crash leaves is
 * exactly what was flushed, and the exit hooks can flush without the event loop.
 *
 * Write failures (ENOSPC, EIO, …) never throw into the caller: unwritten bytes are kept and retried
 * at the next flush, and the failure is reported once per outage to `onError` or else to stderr.
 */
export class AppendSink {
  readonly path: string;
  private readonly durability: Durability;
  private readonly onError: ((error: Error) => void) | undefined;
  private fd: number;
  private buffer = '';
  private unwritten: Buffer | null = null; // bytes a failed write left behind, written first next time
  private timer: NodeJS.Timeout | null = null;
  private failing = false;
  private droppedWrites = 0;
  private closed = false;

  constructor(path: string, durability: Durability, onError?: (error: Error) => void) {
    this.path = path;
    this.durability = durability;
    this.onError = onError;
    this.fd = openSync(path, 'a');
    flushOnExit(this);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Appends text made of whole lines. */
  write(text: string): void {
    if (this.closed) throw new Error(`${this.path}: the log is closed`);
    if (this.durability !== 'buffered') {
      this.writeOut(text);
      return;
    }
    this.buffer += text;
    if (this.buffer.length >= FLUSH_CHARS) this.flushSync();
    else if (this.timer === null) {
      this.timer = setTimeout(() => this.flushSync(), FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** Hands everything buffered to the operating system now. */
  flushSync(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.buffer !== '') {
      const text = this.buffer;
      this.buffer = '';
      this.writeOut(text);
    } else if (this.unwritten !== null) {
      this.drain();
    }
  }

  closeSync(): void {
    if (this.closed) return;
    this.flushSync();
    this.closed = true;
    forgetOnExit(this);
    if (this.unwritten !== null || this.droppedWrites > 0) {
      const lost = this.unwritten?.length ?? 0;
      this.report(
        new Error(
          `${this.path}: closed with ${lost} bytes that could not be written` +
            (this.droppedWrites > 0 ? ` and ${this.droppedWrites} dropped writes` : '') +
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

  private writeOut(text: string): void {
    if (this.unwritten !== null) {
      if (this.unwritten.length > MAX_PENDING_BYTES) {
        this.droppedWrites++;
        return;
      }
      this.unwritten = Buffer.concat([this.unwritten, Buffer.from(text)]);
      this.drain();
      return;
    }
    try {
      const written = writeSync(this.fd, text);
      if (written < Buffer.byteLength(text)) {
        this.unwritten = Buffer.from(text).subarray(written);
        this.drain();
        return;
      }
      if (this.durability === 'fsync') fdatasyncSync(this.fd);
      this.failing = false;
    } catch (error) {
      this.unwritten = Buffer.from(text);
      this.writeFailed(error as Error);
    }
  }

  private drain(): void {
    const bytes = this.unwritten;
    if (bytes === null) return;
    let offset = 0;
    try {
      while (offset < bytes.length) offset += writeSync(this.fd, bytes, offset);
      if (this.durability === 'fsync') fdatasyncSync(this.fd);
      this.unwritten = null;
      this.failing = false;
    } catch (error) {
      this.unwritten = offset === 0 ? bytes : bytes.subarray(offset);
      this.writeFailed(error as Error);
    }
  }

  // Once per outage: a full disk would otherwise print on every row.
  private writeFailed(cause: Error): void {
    if (this.failing) return;
    this.failing = true;
    this.report(
      new Error(
        `${this.path}: cannot write (${cause.message}); unwritten rows are kept in memory and retried at the next flush`,
        { cause },
      ),
    );
  }

  private report(error: Error): void {
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
