import fastCrc32c from '@chainsafe/fast-crc32c';

/** CRC-32C (Castagnoli), the checksum of TFRecord framing: native where @node-rs/crc32 installs, a table in JS otherwise. */
export function crc32c(bytes: Uint8Array): number {
  return fastCrc32c.calculate(bytes);
}

/** TFRecord's masked CRC: rotated right by 15 bits plus a constant, so a CRC of CRCs stays meaningful. */
export function maskCrc(crc: number): number {
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}

export function maskedCrc32c(bytes: Uint8Array): number {
  return maskCrc(crc32c(bytes));
}
