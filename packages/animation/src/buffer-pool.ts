/** Memory the default pool may use per episode. */
const DEFAULT_POOL_BYTES = 32 * 1024 * 1024;
const MIN_DEFAULT_POOL = 8;
const MAX_DEFAULT_POOL = 64;

/**
 * Buffers per episode when the caller does not choose: as many frames of the first frame's size
 * (its own channel count, so 4/3 as many RGB frames as RGBA) as fit in 32 MiB, 8 to 64. The worker
 * pauses for 50–150 ms while it builds the palette and encodes the first frames (longer in a
 * process's first episode, before V8 has optimized its code); a pool of 8 made a fast loop (2–4 ms a
 * step) wait that long on every captured episode (measured in bench/run.ts).
 */
export function defaultPoolSize(bufferBytes: number): number {
  return Math.min(MAX_DEFAULT_POOL, Math.max(MIN_DEFAULT_POOL, Math.floor(DEFAULT_POOL_BYTES / bufferBytes)));
}

/**
 * At most `capacity` frame buffers per episode. They travel to the worker and come back, so memory
 * stays flat however long the episode; when all are out, `wait` gives the next one to return.
 */
export class BufferPool {
  private readonly free: Uint8Array[] = [];
  private readonly waiters: ((buffer: Uint8Array | null) => void)[] = [];
  private allocated = 0;
  /** buffers made by `allocate`, on this thread */
  private madeHere = 0;
  /** buffers expected from elsewhere (see `expect`), not yet here */
  private pending = 0;
  private closed = false;

  constructor(
    /** bytes of a new buffer; grows when a larger frame comes (see `fit`) */
    public byteLength: number,
    readonly capacity: number,
  ) {}

  /**
   * Expects `count` buffers made elsewhere (by the encoder, ahead of need), delivered through `adopt`;
   * they count against the capacity. Returns how many are expected.
   */
  expect(count: number): number {
    this.pending = Math.max(0, Math.min(count, this.capacity - this.allocated));
    return this.pending;
  }

  /** A buffer made elsewhere: taken in if still expected, else dropped (`allocate` made it here instead). */
  adopt(buffer: Uint8Array): void {
    if (this.pending === 0) return;
    this.pending--;
    this.allocated++;
    this.release(buffer);
  }

  /**
   * `buffer` if it holds `bytes`, else a new buffer of that size in its place (a frame with more
   * channels than the episode's first): the count stays the same, and later buffers are that large.
   */
  fit(buffer: Uint8Array, bytes: number): Uint8Array {
    if (buffer.byteLength >= bytes) return buffer;
    this.byteLength = Math.max(this.byteLength, bytes);
    return new Uint8Array(this.byteLength);
  }

  /** Buffers handed out and not yet back. */
  get outstanding(): number {
    return this.allocated - this.free.length;
  }

  /** Buffers back and not yet handed out again. */
  get ready(): number {
    return this.free.length;
  }

  /** Buffers allocated so far (at most `capacity`), those made elsewhere included. */
  get size(): number {
    return this.allocated;
  }

  /** Buffers allocated by `allocate`, on this thread. */
  get allocatedHere(): number {
    return this.madeHere;
  }

  /** The buffer that came back last (the likeliest still in cache), or null. */
  takeFree(): Uint8Array | null {
    return this.free.pop() ?? null;
  }

  /** A new buffer while under capacity, else null. A fresh buffer costs page faults (about 0.4 ms a MB). */
  allocate(): Uint8Array | null {
    if (this.allocated + this.pending >= this.capacity) {
      // all taken or expected: an expected buffer not yet here is made here instead, never waited for
      if (this.pending === 0) return null;
      this.pending--;
    }
    this.allocated++;
    this.madeHere++;
    return new Uint8Array(this.byteLength);
  }

  /** Resolves with the next buffer to come back, or null once the pool is closed. */
  wait(): Promise<Uint8Array | null> {
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => this.waiters.push(resolve));
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
