import { maskedCrc32c } from './crc32c.js';

const HEADER = 12; // uint64 length + masked CRC of the length
const FOOTER = 4; // masked CRC of the data

/** Where `bytes` sit in the file, for reading a file in chunks (see readRecordsInChunks). */
export interface FramingCursor {
  /** File offset of bytes[0]. */
  base: number;
  /** The file's size: a record may end beyond the bytes at hand, never beyond the file. */
  fileSize: number;
  /** File offset of a header that failed its CRC, while the next valid one is searched for. */
  skippingFrom: number | null;
  /** When the header passed its CRC but its length does not fit in the file: that length, and the bytes left. */
  tooLong?: { length: number; left: number } | undefined;
}

/**
 * Calls `onRecord` with where the data of each TFRecord in `bytes` starts and ends (a range, not a view:
 * a Buffer view per record costs more than the CRCs): little-endian uint64 length, masked CRC-32C of
 * those 8 bytes, the data, masked CRC-32C of the data. Both CRCs are checked. A record whose data fails
 * its CRC is skipped; a length that fails its CRC cannot be trusted, so reading resumes at the next offset
 * holding a valid record header. So does a length longer than the bytes left in the file (a corrupt
 * length whose CRC passes by chance, or a hostile 2^60): it is never waited for, so a bad header neither
 * holds the whole file in memory nor hides the records after it. A record cut short at the end of the
 * file (a writer still running, or killed) is reported as a torn tail. Each issue names the file and the
 * byte offset.
 *
 * Without `cursor`, `bytes` is the whole file. With one, `bytes` is a part of it and the return value is
 * how many bytes were used: the rest (a record that goes on past `bytes`) is to be passed again, with
 * more bytes after it.
 */
export function forEachRecord(
  bytes: Buffer,
  file: string,
  issues: string[],
  onRecord: (start: number, end: number, offset: number) => void,
  cursor: FramingCursor = { base: 0, fileSize: bytes.length, skippingFrom: null },
): number {
  const size = bytes.length;
  const base = cursor.base;
  const final = base + size >= cursor.fileSize;
  let position = 0;
  while (position < size) {
    if (cursor.skippingFrom !== null) {
      const next = nextValidHeader(bytes, position, cursor.fileSize - base);
      if (next === -1 && !final) return Math.max(position, size - HEADER + 1); // a header may straddle
      const skipped = (next === -1 ? size : next) + base - cursor.skippingFrom;
      issues.push(skipIssue(file, cursor, skipped, next === -1 ? null : base + next));
      cursor.skippingFrom = null;
      cursor.tooLong = undefined;
      if (next === -1) return size;
      position = next;
      continue;
    }
    if (size - position < HEADER) {
      if (!final) return position;
      issues.push(
        `${file}: byte ${base + position}: torn tail (${size - position} bytes, a record header needs ${HEADER}); not read`,
      );
      return size;
    }
    if (!headerIsValid(bytes, position)) {
      cursor.skippingFrom = base + position;
      position++;
      continue;
    }
    const length = recordLength(bytes, position);
    const left = cursor.fileSize - (base + position);
    if (HEADER + length + FOOTER > left) {
      cursor.skippingFrom = base + position;
      cursor.tooLong = { length, left };
      position++;
      continue;
    }
    const end = position + HEADER + length + FOOTER;
    if (end > size) return position; // it fits in the file: it goes on in the next chunk
    if (maskedCrc32c(bytes, position + HEADER, end - FOOTER) !== bytes.readUInt32LE(end - FOOTER))
      issues.push(`${file}: byte ${base + position}: record data fails its CRC (${length} bytes); skipped`);
    else onRecord(position + HEADER, end - FOOTER, base + position);
    position = end;
  }
  if (cursor.skippingFrom !== null && final) {
    issues.push(skipIssue(file, cursor, base + size - cursor.skippingFrom, null));
    cursor.skippingFrom = null;
    cursor.tooLong = undefined;
  }
  return size;
}

/** What was skipped from `cursor.skippingFrom`: `skipped` bytes, up to the record at `next` (null: the end). */
function skipIssue(file: string, cursor: FramingCursor, skipped: number, next: number | null): string {
  const at = `${file}: byte ${cursor.skippingFrom}`;
  const tooLong = cursor.tooLong;
  // A length past the end with no valid record after it: a record still being written, or cut by a kill.
  if (tooLong !== undefined && next === null)
    return `${at}: torn tail (a record of ${tooLong.length} bytes, ${tooLong.left - HEADER} bytes left); not read`;
  const why =
    tooLong === undefined
      ? 'record length fails its CRC'
      : `record length ${tooLong.length} does not fit in the ${tooLong.left} bytes left in the file`;
  return `${at}: ${why}; skipped ${skipped} bytes${next === null ? ' to the end of the file' : ` to the next valid record at byte ${next}`}`;
}

/**
 * Reads a file's records a chunk at a time, so memory holds one chunk (or one record, when larger) rather
 * than the whole file; `read(position, length)` returns the file's bytes there (fewer at its end). The
 * records, offsets and issues are those of forEachRecord on the whole file. Bytes appended while reading
 * are left for the next read.
 */
export async function readRecordsInChunks(
  read: (position: number, length: number) => Promise<Buffer>,
  fileSize: number,
  chunkSize: number,
  file: string,
  issues: string[],
  onRecord: (bytes: Buffer, start: number, end: number, offset: number) => void,
): Promise<void> {
  const cursor: FramingCursor = { base: 0, fileSize, skippingFrom: null };
  let pending: Buffer = Buffer.alloc(0);
  let readTo = 0;
  do {
    const chunk = await read(readTo, Math.min(chunkSize, cursor.fileSize - readTo));
    readTo += chunk.length;
    if (chunk.length === 0) cursor.fileSize = readTo; // the file was cut short while we read it
    const bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    const used = forEachRecord(
      bytes,
      file,
      issues,
      (start, end, offset) => onRecord(bytes, start, end, offset),
      cursor,
    );
    pending = bytes.subarray(used);
    cursor.base += used;
  } while (readTo < cursor.fileSize || pending.length > 0);
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

/** The first offset from `from` whose 12 bytes are a valid record header, or -1. */
function nextValidHeader(bytes: Buffer, from: number, restOfFile: number): number {
  for (let position = from; position + HEADER <= bytes.length; position++) {
    // Cheap filter first: a real length fits in the rest of the file.
    if (bytes.readUInt32LE(position + 4) !== 0 || bytes.readUInt32LE(position) > restOfFile - position)
      continue;
    if (headerIsValid(bytes, position)) return position;
  }
  return -1;
}
