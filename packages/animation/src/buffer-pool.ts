/** Memory the default pool may use per episode (its buffers are allocated only when needed). */
const DEFAULT_POOL_BYTES = 32 * 1024 * 1024;
const MIN_DEFAULT_POOL = 8;
const MAX_DEFAULT_POOL = 64;

/**
 * Buffers per episode when the caller does not choose: as many as fit in 32 MiB, 8 to 64. The worker
 * pauses for 50–100 ms while it builds the palette (gifenc's quantize); a pool of 8 made a fast loop
 * (2–4 ms a step) wait that long on every captured episode (measured in bench/run.ts). Buffers are
 * allocated only when the encoder is behind, so a loop the worker keeps up with uses few of them.
 */
export function defaultPoolSize(bufferBytes: number): number {
  return Math.min(MAX_DEFAULT_POOL, Math.max(MIN_DEFAULT_POOL, Math.floor(DEFAULT_POOL_BYTES / bufferBytes)));
}

/**
 * At most `capacity` frame buffers per episode. They travel to the worker and come back, so memory
 * stays flat however long the episode; when all are out, `acquire` waits for one to return.
 */
export class BufferPool {
  private readonly free: Uint8Array[] = [];
  private readonly waiters: ((buffer: Uint8Array | null) => void)[] = [];
  private allocated = 0;
  private closed = false;

  constructor(
    readonly byteLength: number,
    readonly capacity: number,
  ) {}

  /** Buffers handed out and not yet back. */
  get outstanding(): number {
    return this.allocated - this.free.length;
  }

  /** Buffers allocated so far (at most `capacity`). */
  get size(): number {
    return this.allocated;
  }

  /** A buffer now, or null when all are out (then call `wait`). */
  tryAcquire(): Uint8Array | null {
    return this.takeFree() ?? this.allocate();
  }

  /** A buffer that has come back, or null. */
  takeFree(): Uint8Array | null {
    return this.free.pop() ?? null;
  }

  /** A new buffer while under capacity, else null. A fresh buffer costs page faults (about 0.4 ms for 1 MB). */
  allocate(): Uint8Array | null {
    if (this.allocated >= this.capacity) return null;
    this.allocated++;
    return new Uint8Array(this.byteLength);
  }

  /** Resolves with the next buffer to come back, or null once the pool is closed. */
  wait(): Promise<Uint8Array | null> {
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async acquire(): Promise<Uint8Array | null> {
    return this.tryAcquire() ?? this.wait();
  }

  release(buffer: Uint8Array): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(buffer);
    else this.free.push(buffer);
  }

  /** Wakes every waiter with null: the episode's encoding stopped. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter(null);
  }
}
