import { rmSync } from 'node:fs';
import { MessageChannel, type MessagePort, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import { openTempBesideSync, startWorker } from '@evidence/node-kit';
import { BufferPool } from './buffer-pool.js';
import type { FromWorker, ToWorker } from './encoder-protocol.js';

export type EncodeOutcome =
  | { ok: true; path: string; frames: number; bytes: number }
  | { ok: false; message: string };

export interface SessionOptions {
  /** the GIF is streamed to an exclusively created, randomly named temp file beside this path */
  besidePath: string;
  width: number;
  height: number;
  fps: number;
  paletteFrames: number;
  poolSize: number;
  /** channels of the episode's first frame: buffers hold width × height × channels bytes */
  channels: 1 | 3 | 4;
}

/** One episode being encoded: its buffer pool, and the outcome once ended. */
export class EncodingSession {
  readonly pool: BufferPool;
  private settle!: (outcome: EncodeOutcome) => void;
  readonly outcome: Promise<EncodeOutcome>;
  failure: string | null = null;
  /** the temp file the worker streams into; '' until it is created */
  tempPath = '';

  constructor(
    readonly id: number,
    readonly options: SessionOptions,
    private readonly post: (message: ToWorker, transfer?: ArrayBuffer[]) => void,
    private readonly hold: () => () => void,
    private readonly drainReleases: () => void,
  ) {
    this.pool = new BufferPool(options.width * options.height * options.channels, options.poolSize);
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

  /**
   * A buffer now, null when all are really out. Buffers the worker has handed back are read first,
   * every time (a loop that never yields to the event loop would otherwise never see them), and the
   * one back last is reused: it is still in cache, where a buffer from the bottom of the pool is not
   * (cycling through all 46 buffers of a 600×400 episode cost about 0.02 ms more a frame to fill).
   */
  tryAcquire(): Uint8Array | null {
    this.drainReleases();
    return this.pool.takeFree() ?? this.pool.allocate();
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
  private synced: (() => void) | null = null;
  private releasePort: MessagePort | null = null;
  /** On a normal exit with episodes unfinished, their temp files go too (a kill leaves them, hidden). */
  private readonly removeTempFiles = () => {
    for (const session of this.sessions.values()) {
      if (session.tempPath) rmSync(session.tempPath, { force: true });
    }
  };

  open(options: SessionOptions): EncodingSession {
    const worker = this.ensureWorker();
    const session = new EncodingSession(
      this.nextId++,
      options,
      (message, transfer) => worker.postMessage(message, transfer ?? []),
      () => this.hold(),
      () => this.drainReleases(),
    );
    this.sessions.set(session.id, session);
    session.outcome.then(() => this.forget(session.id));
    // Created here, exclusively and under a random name, so a file or symlink planted beside the GIF
    // is never opened; the worker writes through the descriptor and closes it.
    let temp: { path: string; fd: number };
    try {
      temp = openTempBesideSync(options.besidePath);
    } catch (error) {
      session.finish({ ok: false, message: (error as Error).message });
      return session;
    }
    session.tempPath = temp.path;
    const { width, height, fps, paletteFrames, poolSize } = options;
    worker.postMessage({
      type: 'begin',
      id: session.id,
      fd: temp.fd,
      tempPath: temp.path,
      width,
      height,
      fps,
      paletteFrames,
      // The training thread allocates the buffers for the palette frames (it needs them at once), the
      // worker the rest, while it waits for those frames: a new buffer's page faults (about 0.4 ms a
      // MB) then fall on the worker's core, not on the training loop's, as the buffers fill up while
      // the worker builds the palette (measured in bench/run.ts).
      prefault: session.pool.expect(poolSize - paletteFrames),
      bufferBytes: session.pool.byteLength,
    } satisfies ToWorker);
    return session;
  }

  get active(): number {
    return this.sessions.size;
  }

  /** Lets the worker handle every message sent so far (aborts delete temp files), then stops it. */
  async terminate(): Promise<void> {
    const worker = this.worker;
    if (worker) {
      const release = this.hold();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000); // a stuck worker must not block close() for ever
        this.synced = () => {
          clearTimeout(timer);
          resolve();
        };
        worker.postMessage({ type: 'sync', id: 0 } satisfies ToWorker);
      });
      this.synced = null;
      release();
    }
    this.worker = null;
    this.failAll('the recorder was closed');
    if (worker) await worker.terminate();
  }

  /** Takes in, synchronously, the buffers the worker has already sent back. */
  private drainReleases(): void {
    const port = this.releasePort;
    if (!port) return;
    for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
      this.receive(received.message as FromWorker);
    }
  }

  private forget(id: number): void {
    this.sessions.delete(id);
  }

  /**
   * Keeps the process alive while someone waits on the worker (a buffer, a file being finished),
   * and only then: an episode begun and never ended must not keep a finished program running.
   */
  private hold(): () => void {
    if (this.holds++ === 0) {
      this.worker?.ref();
      this.releasePort?.ref();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0) {
        this.worker?.unref();
        this.releasePort?.unref();
      }
    };
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const channel = new MessageChannel();
    const worker = startWorker(import.meta.url, 'encode-worker', {
      workerData: { releasePort: channel.port2 },
      transferList: [channel.port2],
      // the worker closes temp files this thread opened: not "its own", so Node must not track them
      trackUnmanagedFds: false,
    });
    const releasePort = channel.port1;
    releasePort.on('message', (message: FromWorker) => this.receive(message));
    this.releasePort = releasePort;
    if (this.holds === 0) {
      worker.unref();
      releasePort.unref();
    }
    process.on('exit', this.removeTempFiles);
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (error) => this.failAll(`the encoding worker crashed: ${error.message}`));
    worker.on('exit', (code) => {
      this.removeTempFiles(); // a worker that died cannot finish them
      process.off('exit', this.removeTempFiles);
      releasePort.close();
      if (this.releasePort === releasePort) this.releasePort = null;
      if (this.worker === worker) this.worker = null;
      this.failAll(`the encoding worker exited (code ${code})`);
    });
    this.worker = worker;
    return worker;
  }

  private receive(message: FromWorker): void {
    if (message.type === 'synced') {
      this.synced?.();
      return;
    }
    const session = this.sessions.get(message.id);
    if (!session) return;
    switch (message.type) {
      case 'release':
        for (const buffer of message.buffers) {
          if (message.made) session.pool.adopt(new Uint8Array(buffer));
          else session.pool.release(new Uint8Array(buffer));
        }
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
