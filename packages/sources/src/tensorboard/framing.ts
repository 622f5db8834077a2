import { maskedCrc32c } from './crc32c.js';

const HEADER = 12; // uint64 length + masked CRC of the length
const FOOTER = 4; // masked CRC of the data

/**
 * Calls `onRecord` with where the data of each TFRecord in `bytes` (a whole event file) starts and ends
 * (a range, not a view: a Buffer view per record costs more than the CRCs): little-endian uint64
 * length, masked CRC-32C of those 8 bytes, the data, masked CRC-32C of the data. Both CRCs are checked.
 * A record whose data fails its CRC is skipped; a length that fails its CRC cannot be trusted, so reading
 * resumes at the next offset holding a valid record header. A record cut short at the end (a writer still
 * running, or killed) is reported as a torn tail. Each issue names the file and the byte offset.
 */
export function forEachRecord(
  bytes: Buffer,
  file: string,
  issues: string[],
  onRecord: (start: number, end: number, offset: number) => void,
): void {
  const size = bytes.length;
  let position = 0;
  while (position < size) {
    if (size - position < HEADER) {
      issues.push(
        `${file}: byte ${position}: torn tail (${size - position} bytes, a record header needs ${HEADER}); not read`,
      );
      return;
    }
    if (!headerIsValid(bytes, position)) {
      const next = nextValidHeader(bytes, position + 1);
      issues.push(
        `${file}: byte ${position}: record length fails its CRC; skipped ${next - position} bytes` +
          (next < size ? ` to the next valid record at byte ${next}` : ' to the end of the file'),
      );
      position = next;
      continue;
    }
    const length = recordLength(bytes, position);
    const end = position + HEADER + length + FOOTER;
    if (end > size) {
      issues.push(
        `${file}: byte ${position}: torn tail (a record of ${length} bytes, ${size - position - HEADER} bytes left); not read`,
      );
      return;
    }
    if (maskedCrc32c(bytes, position + HEADER, end - FOOTER) !== bytes.readUInt32LE(end - FOOTER))
      issues.push(`${file}: byte ${position}: record data fails its CRC (${length} bytes); skipped`);
    else onRecord(position + HEADER, end - FOOTER, position);
    position = end;
  }
}

/** One record as TFRecord frames it (for writers and tests). */
export function frameRecord(data: Uint8Array): Buffer {
  const out = Buffer.alloc(HEADER + data.length + FOOTER);
  out.writeUInt32LE(data.length >>> 0, 0);
  out.writeUInt32LE(Math.floor(data.length / 2 ** 32), 4);
  out.writeUInt32LE(maskedCrc32c(out.subarray(0, 8)), 8);
  out.set(data, HEADER);
  out.writeUInt32LE(maskedCrc32c(data), HEADER + data.length);
  return out;
}

function recordLength(bytes: Buffer, position: number): number {
  return bytes.readUInt32LE(position) + bytes.readUInt32LE(position + 4) * 2 ** 32;
}

function headerIsValid(bytes: Buffer, position: number): boolean {
  return maskedCrc32c(bytes, position, position + 8) === bytes.readUInt32LE(position + 8);
}

/** The first offset from `from` whose 12 bytes are a valid record header, or the file's size. */
function nextValidHeader(bytes: Buffer, from: number): number {
  for (let position = from; position + HEADER <= bytes.length; position++) {
    // Cheap filter first: a real length fits in the rest of the file.
    if (bytes.readUInt32LE(position + 4) !== 0 || bytes.readUInt32LE(position) > bytes.length) continue;
    if (headerIsValid(bytes, position)) return position;
  }
  return bytes.length;
}
