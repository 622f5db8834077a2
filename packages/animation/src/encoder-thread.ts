import { rmSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { BufferPool } from './buffer-pool';
import type { FromWorker, ToWorker } from './encoder-protocol';
import { startEncodeWorker } from './worker-location';

export type EncodeOutcome =
  | { ok: true; path: string; frames: number; bytes: number }
  | { ok: false; message: string };

export interface SessionOptions {
  tempPath: string;
  width: number;
  height: number;
  fps: number;
  paletteFrames: number;
  poolSize: number;
}

/** One episode being encoded: its buffer pool, and the outcome once ended. */
export class EncodingSession {
  readonly pool: BufferPool;
  private settle!: (outcome: EncodeOutcome) => void;
  readonly outcome: Promise<EncodeOutcome>;
  failure: string | null = null;

  constructor(
    readonly id: number,
    readonly options: SessionOptions,
    private readonly post: (message: ToWorker, transfer?: ArrayBuffer[]) => void,
    private readonly hold: () => () => void,
  ) {
    this.pool = new BufferPool(options.width * options.height * 4, options.poolSize);
    this.outcome = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  /** Hands a filled buffer to the worker (transferred: this side can no longer read it). */
  send(buffer: Uint8Array, channels: 1 | 3 | 4): void {
    if (this.failure !== null) {
      this.pool.release(buffer);
      return;
    }
    const transferable = buffer.buffer as ArrayBuffer;
    this.post({ type: 'frame', id: this.id, buffer: transferable, channels }, [transferable]);
  }

  /** The next buffer back from the worker (null if encoding stopped); the process stays alive meanwhile. */
  async waitForBuffer(): Promise<Uint8Array | null> {
    const release = this.hold();
    try {
      return await this.pool.wait();
    } finally {
      release();
    }
  }

  /** Finishes the file; the process stays alive until it is renamed into place. */
  async end(finalPath: string): Promise<EncodeOutcome> {
    if (this.failure === null) this.post({ type: 'end', id: this.id, finalPath });
    const release = this.hold();
    try {
      return await this.outcome;
    } finally {
      release();
    }
  }

  abort(): void {
    if (this.failure === null) this.post({ type: 'abort', id: this.id });
    this.finish({ ok: false, message: 'aborted' });
  }

  /** @internal */
  finish(outcome: EncodeOutcome): void {
    if (!outcome.ok && this.failure === null) this.failure = outcome.message;
    this.pool.close();
    this.settle(outcome);
  }
}

/**
 * The encoding worker, started on first use and shared by a recorder's episodes, restarted if it
 * ever dies. It keeps the process alive only while something waits on it.
 */
export class EncoderThread {
  private worker: Worker | null = null;
  private readonly sessions = new Map<number, EncodingSession>();
  private nextId = 1;
  private holds = 0;
  /** On a normal exit with episodes unfinished, their temp files go too (a kill leaves them, hidden). */
  private readonly removeTempFiles = () => {
    for (const session of this.sessions.values()) rmSync(session.options.tempPath, { force: true });
  };

  open(options: SessionOptions): EncodingSession {
    const worker = this.ensureWorker();
    const session = new EncodingSession(
      this.nextId++,
      options,
      (message, transfer) => worker.postMessage(message, transfer ?? []),
      () => this.hold(),
    );
    this.sessions.set(session.id, session);
    const { width, height, fps, paletteFrames, tempPath } = options;
    worker.postMessage({
      type: 'begin',
      id: session.id,
      tempPath,
      width,
      height,
      fps,
      paletteFrames,
    } satisfies ToWorker);
    session.outcome.then(() => this.forget(session.id));
    return session;
  }

  get active(): number {
    return this.sessions.size;
  }

  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll('the recorder was closed');
    if (worker) await worker.terminate();
  }

  private forget(id: number): void {
    this.sessions.delete(id);
  }

  /**
   * Keeps the process alive while someone waits on the worker (a buffer, a file being finished),
   * and only then: an episode begun and never ended must not keep a finished program running.
   */
  private hold(): () => void {
    if (this.holds++ === 0) this.worker?.ref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0) this.worker?.unref();
    };
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startEncodeWorker();
    if (this.holds === 0) worker.unref();
    process.on('exit', this.removeTempFiles);
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (error) => this.failAll(`the encoding worker crashed: ${error.message}`));
    worker.on('exit', (code) => {
      process.off('exit', this.removeTempFiles);
      if (this.worker === worker) this.worker = null;
      this.failAll(`the encoding worker exited (code ${code})`);
    });
    this.worker = worker;
    return worker;
  }

  private receive(message: FromWorker): void {
    const session = this.sessions.get(message.id);
    if (!session) return;
    switch (message.type) {
      case 'release':
        for (const buffer of message.buffers) session.pool.release(new Uint8Array(buffer));
        return;
      case 'done':
        session.finish({ ok: true, path: message.path, frames: message.frames, bytes: message.bytes });
        return;
      case 'failed':
        session.finish({ ok: false, message: message.message });
        return;
    }
  }

  private failAll(message: string): void {
    for (const session of [...this.sessions.values()]) session.finish({ ok: false, message });
  }
}
