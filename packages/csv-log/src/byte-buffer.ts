/**
 * A growable run of bytes that rows are formatted into, and from which they are written to the file
 * without ever becoming strings. `bytes` may be replaced by a larger Buffer when `reserve` grows it;
 * code that caches `bytes` reads it again after anything that reserves.
 */
export class ByteBuffer {
  bytes: Buffer;
  length = 0;

  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafe(capacity);
  }

  /** Makes room for `count` more bytes. */
  reserve(count: number): void {
    const needed = this.length + count;
    if (needed <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  /** Appends text as UTF-8. */
  writeText(text: string): void {
    this.reserve(text.length * 3); // a UTF-16 unit is at most 3 UTF-8 bytes
    this.length += this.bytes.write(text, this.length, 'utf8');
  }

  /** The bytes written so far (a view, valid until the next write). */
  view(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}
