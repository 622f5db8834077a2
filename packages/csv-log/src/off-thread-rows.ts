import { MessageChannel, type MessagePort, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import type { AppendSink } from './append-sink.js';
import { ByteBuffer } from './byte-buffer.js';
import { type Flushable, flushOnExit, forgetOnExit } from './exit-hooks.js';
import type { FormatWorkerData, FromFormatWorker, ToFormatWorker } from './format-protocol.js';
import { compileRowEncoder, formatBatch, newRowBatch, type RowBatch, type RowEncoder } from './row-batch.js';
import type { Cell } from './types.js';
import { startFormatWorker } from './worker-location.js';

const FLUSH_INTERVAL_MS = 100;
/** Rows per batch: ~0.3 MB of slots for a 9-column log, one write() of ~0.5 MB of text. */
export const BATCH_ROWS = 4096;
/** Batches in all (one filling, the rest in flight or free): bounds memory at ~1.2 MB for 9 columns. */
const POOL_SIZE = 4;
/** How long the exit hook waits for the worker to write the batches it was sent. */
const EXIT_WAIT_MS = 5000;

/**
 * `buffered` rows formatted on a worker thread. `append` only checks the row and stores it into a
 * preallocated batch (numbers unformatted); every 100 ms or BATCH_ROWS rows the batch's buffers are
 * transferred to the worker, which formats them with the same code (row-batch.ts) and appends them
 * on its own O_APPEND descriptor, in order, then hands the buffers back.
 *
 * Bounded and never losing, never blocking: when every batch is in flight (rows come faster than one
 * thread formats them), the full batch is formatted here and its text queued to the worker behind the
 * others, so order holds and both threads format. At exit (hooks run synchronously and cannot await)
 * this thread waits with Atomics.wait until the worker has written everything it was sent, then
 * formats and writes its own unsent rows itself.
 */
export class OffThreadRows implements Flushable {
  private readonly width: number;
  private readonly eol: string;
  private readonly sink: AppendSink; // this thread's descriptor: the header, exit and fallback writes
  private readonly encode: RowEncoder;
  private readonly worker: Worker;
  private readonly replies: MessagePort;
  private readonly finished: Int32Array;
  private batch: RowBatch;
  private readonly free: RowBatch[] = [];
  private sent = 0; // counted messages posted; the worker counts those done in `finished`
  private timer: NodeJS.Timeout | null = null;
  private workerFailed = false;
  private nextAck = 0;
  private readonly waiting = new Map<number, () => void>();
  private closedBy: (() => void) | null = null;
  /** Where a batch is formatted on this thread when every batch is in flight (then sent as bytes). */
  private readonly formatted = new ByteBuffer(64 * 1024);

  constructor(
    path: string,
    columns: readonly string[],
    wallTimeIndex: number,
    eol: string,
    sink: AppendSink,
  ) {
    this.width = columns.length;
    this.eol = eol;
    this.sink = sink;
    this.encode = compileRowEncoder(columns, wallTimeIndex);
    this.batch = newRowBatch(BATCH_ROWS, this.width);
    for (let i = 1; i < POOL_SIZE; i++) this.free.push(newRowBatch(BATCH_ROWS, this.width));
    const progress = new SharedArrayBuffer(8);
    this.finished = new Int32Array(progress);
    const { port1, port2 } = new MessageChannel();
    this.replies = port1;
    this.replies.on('message', (message: FromFormatWorker) => this.receive(message));
    this.replies.unref();
    const workerData: FormatWorkerData = { path, width: this.width, eol, progress, replies: port2 };
    this.worker = startFormatWorker({ workerData, transferList: [port2] });
    this.worker.unref(); // like the flush timer: a log never keeps the process alive
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => {
      if (this.closedBy === null) this.fail(new Error('the format worker exited'));
    });
    flushOnExit(this);
  }

  /** Checks and stores one row (throws as the row formatter does); the row is counted only if it all passed. */
  append(row: Record<string, Cell>, wallTime: () => number, unknown: (key: string) => void): void {
    const batch = this.batch;
    const texts = batch.texts.length;
    try {
      this.encode(row, wallTime, unknown, batch);
    } catch (error) {
      batch.texts.length = texts; // drop what the failed row had stored
      throw error;
    }
    if (++batch.rows === BATCH_ROWS) this.ship();
    else if (this.timer === null) {
      this.timer = setTimeout(() => this.ship(), FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** Resolves once the worker has written (or kept, on a failing disk) every row appended before. */
  async flush(): Promise<void> {
    this.ship();
    if (this.sent === 0 || this.workerFailed) {
      this.sink.flushSync();
      return;
    }
    const ack = this.nextAck++;
    const drained = new Promise<void>((resolve) => this.waiting.set(ack, resolve));
    this.replies.ref(); // keep the process alive until the answer arrives
    this.post({ type: 'drain', ack });
    await drained;
  }

  async close(): Promise<void> {
    this.ship();
    if (!this.workerFailed && this.sent > 0) {
      const closed = new Promise<void>((resolve) => (this.closedBy = resolve));
      this.replies.ref();
      this.post({ type: 'close' });
      await closed;
    }
    this.closedBy = () => {};
    await this.worker.terminate();
    this.replies.close();
    forgetOnExit(this); // only now: an exit while the worker was closing still waits for it
    this.sink.closeSync();
  }

  /** The exit hook: waits for the worker, then writes this thread's unsent rows itself. */
  flushSync(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.workerFailed && this.sent > 0) {
      this.post({ type: 'drain', ack: -1 }); // the worker retries what a failing disk refused
      const deadline = Date.now() + EXIT_WAIT_MS;
      for (
        let done = Atomics.load(this.finished, 0);
        done < this.sent;
        done = Atomics.load(this.finished, 0)
      ) {
        const left = deadline - Date.now();
        if (left <= 0) {
          this.sink.report(
            new Error(
              `${this.sink.path}: the format worker did not write ${this.sent - done} batches within ${EXIT_WAIT_MS} ms at exit; their rows may be missing`,
            ),
          );
          break;
        }
        Atomics.wait(this.finished, 0, done, left);
      }
      this.takeReplies(); // report the worker's write failures now: the event loop may never run again
    }
    if (this.batch.rows > 0) {
      formatBatch(this.batch, this.width, this.eol, this.sink.pending);
      this.reset(this.batch);
    }
    this.sink.flushSync();
  }

  /** Sends the current batch to the worker, or formats it here when no free batch can replace it. */
  private ship(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.batch;
    if (batch.rows === 0) return;
    if (!this.workerRunning()) {
      // Until the worker runs (it takes ~50 ms to start) and after it failed: written from here, so no
      // row ever waits on a worker that might never come.
      formatBatch(batch, this.width, this.eol, this.sink.pending);
      this.sink.flushSync();
      this.reset(batch);
      return;
    }
    const next = this.free.pop() ?? this.takeFree();
    if (next === undefined) {
      const formatted = this.formatted;
      formatted.length = 0;
      formatBatch(batch, this.width, this.eol, formatted);
      const bytes = new Uint8Array(formatted.length);
      bytes.set(formatted.view());
      this.post({ type: 'bytes', bytes: bytes.buffer }, [bytes.buffer]);
      this.reset(batch);
      return;
    }
    const numbers = batch.numbers.buffer as ArrayBuffer;
    const tags = batch.tags.buffer as ArrayBuffer;
    this.post({ type: 'batch', numbers, tags, texts: batch.texts, rows: batch.rows }, [numbers, tags]);
    this.batch = next;
  }

  private workerRunning(): boolean {
    return !this.workerFailed && Atomics.load(this.finished, 1) === 1;
  }

  /** Reads the worker's replies synchronously (the event loop does not run inside a training loop). */
  private takeFree(): RowBatch | undefined {
    this.takeReplies();
    return this.free.pop();
  }

  private takeReplies(): void {
    for (let reply = receiveMessageOnPort(this.replies); reply; reply = receiveMessageOnPort(this.replies))
      this.receive(reply.message as FromFormatWorker);
  }

  private receive(message: FromFormatWorker): void {
    switch (message.type) {
      case 'free':
        this.free.push({
          numbers: new Float64Array(message.numbers),
          tags: new Uint8Array(message.tags),
          texts: [],
          rows: 0,
        });
        break;
      case 'error':
        this.sink.report(new Error(message.message));
        break;
      case 'drained':
        this.waiting.get(message.ack)?.();
        this.waiting.delete(message.ack);
        if (this.waiting.size === 0 && this.closedBy === null) this.replies.unref();
        break;
      case 'closed':
        this.closedBy?.();
        break;
    }
  }

  private post(message: ToFormatWorker, transfer: ArrayBuffer[] = []): void {
    this.sent++;
    this.worker.postMessage(message, transfer);
  }

  private reset(batch: RowBatch): void {
    batch.rows = 0;
    batch.texts = [];
  }

  /** The worker died (a bug, or the process is ending): rows in flight are gone; say so, carry on here. */
  private fail(error: Error): void {
    if (this.workerFailed) return;
    this.workerFailed = true;
    const inFlight = this.sent - Atomics.load(this.finished, 0);
    this.sink.report(
      new Error(
        `${this.sink.path}: the format worker stopped (${error.message})` +
          (inFlight > 0 ? `; up to ${inFlight} batches of rows it had not written are lost` : '') +
          '; rows are formatted on the calling thread from now on',
        { cause: error },
      ),
    );
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
    this.closedBy?.();
  }
}
