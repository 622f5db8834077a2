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

  /** A buffer now, or null when all are out (then call `wait`). */
  tryAcquire(): Uint8Array | null {
    const buffer = this.free.pop();
    if (buffer) return buffer;
    if (this.allocated < this.capacity) {
      this.allocated++;
      return new Uint8Array(this.byteLength);
    }
    return null;
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
