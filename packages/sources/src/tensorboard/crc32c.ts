// Hand-written (slice-by-8 tables) because every TFRecord needs two CRCs of small ranges (8 bytes and a
// ~50-byte event): bench/run.ts's framing case ran at 0.76M records/s with @chainsafe/fast-crc32c (a
// native call or a Buffer view per range) and at 2-5.6M/s with these tables (a shared, loaded machine).
const TABLES = new Int32Array(8 * 256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let bit = 0; bit < 8; bit++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
  TABLES[n] = c;
}
for (let n = 0; n < 256; n++) {
  for (let k = 1; k < 8; k++) {
    const previous = TABLES[(k - 1) * 256 + n] as number;
    TABLES[k * 256 + n] = (previous >>> 8) ^ (TABLES[previous & 0xff] as number);
  }
}

/** CRC-32C (Castagnoli), the checksum of TFRecord framing, of `bytes[start, end)`. */
export function crc32c(bytes: Uint8Array, start = 0, end = bytes.length): number {
  const t = TABLES;
  let crc = -1;
  let i = start;
  for (; i + 8 <= end; i += 8) {
    const one = crc ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    crc =
      t[1792 + (one & 0xff)]! ^
      t[1536 + ((one >>> 8) & 0xff)]! ^
      t[1280 + ((one >>> 16) & 0xff)]! ^
      t[1024 + (one >>> 24)]! ^
      t[768 + bytes[i + 4]!]! ^
      t[512 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!;
  }
  for (; i < end; i++) crc = t[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** TFRecord's masked CRC: rotated right by 15 bits plus a constant, so a CRC of CRCs stays meaningful. */
export function maskCrc(crc: number): number {
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}

export function maskedCrc32c(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return maskCrc(crc32c(bytes, start, end));
}
