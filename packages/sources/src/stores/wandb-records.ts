/**
 * W&B's run file (`run-<id>.wandb`): the LevelDB log format behind a 7-byte header (`:W&B`, magic 0xBEE1,
 * a version byte), as wandb/sdk/internal/datastore.py and wandb-core's core/pkg/leveldb write it: 32 KiB
 * blocks of chunks, each `crc32 (uint32 LE) | length (uint16 LE) | type (1 FULL, 2 FIRST, 3 MIDDLE,
 * 4 LAST) | data`, the CRC (zlib's CRC-32, not LevelDB's masked CRC-32C) over the type byte and the data;
 * fewer than 7 bytes left in a block are zero padding. Hand-written: no npm library reads this variant.
 */

export const BLOCK = 32 * 1024;
const HEADER = 7;
const FULL = 1;
const FIRST = 2;
const MIDDLE = 3;
const LAST = 4;

/** The file's records (each the bytes of one protobuf `Record`) and what could not be read. */
export interface WandbScan {
  version: number;
  records: Uint8Array[];
  /** Where and why bytes were skipped ("<file>: byte <n>: …"). */
  issues: string[];
}

/** Whether bytes start with W&B's datastore header. */
export function hasWandbHeader(head: Uint8Array): boolean {
  return (
    head.length >= HEADER &&
    head[0] === 0x3a && // :
    head[1] === 0x57 && // W
    head[2] === 0x26 && // &
    head[3] === 0x42 && // B
    head[4] === 0xe1 &&
    head[5] === 0xbe
  );
}

/**
 * Every whole record of the file. A chunk that fails its CRC, has an unknown type or a length past its
 * block is skipped with the rest of its block (what LevelDB's and wandb-core's readers do to recover), and a
 * record left without its last chunk is dropped; a file cut in the middle of a record (a run still
 * writing, or killed) ends with a torn record. Each is said in `issues`, naming the byte.
 */
export function scanWandbRecords(bytes: Uint8Array, file: string): WandbScan {
  if (!hasWandbHeader(bytes)) throw new Error(`${file}: not a W&B run file (no ":W&B" header)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: Uint8Array[] = [];
  const issues: string[] = [];
  let parts: Uint8Array[] | null = null;
  let partsAt = 0;
  const dropPartial = (why: string) => {
    if (parts) issues.push(`${file}: byte ${partsAt}: a record's first chunks ${why}; record dropped`);
    parts = null;
  };
  let position = HEADER;
  while (position < bytes.length) {
    const left = BLOCK - (position % BLOCK);
    if (left < HEADER) {
      position += left; // the block's zero trailer
      continue;
    }
    if (bytes.length - position < HEADER) {
      issues.push(
        `${file}: byte ${position}: torn tail (${bytes.length - position} bytes, a chunk header needs 7); not read`,
      );
      parts = null;
      break;
    }
    const checksum = view.getUint32(position, true);
    const length = view.getUint16(position + 4, true);
    const type = bytes[position + 6] as number;
    if (checksum === 0 && length === 0 && type === 0) {
      // zeroed space (a preallocated or half-flushed block): nothing was written here
      dropPartial('are followed by zeroed bytes');
      position += left;
      continue;
    }
    const end = position + HEADER + length;
    if (HEADER + length > left || type < FULL || type > LAST) {
      issues.push(
        `${file}: byte ${position}: chunk header is corrupt (type ${type}, length ${length}); skipped ${left} bytes to the next block`,
      );
      dropPartial('were followed by a corrupt chunk');
      position += left;
      continue;
    }
    if (end > bytes.length) {
      issues.push(
        `${file}: byte ${position}: torn tail (a chunk of ${length} bytes, ${bytes.length - position - HEADER} written); not read`,
      );
      parts = null;
      break;
    }
    const data = bytes.subarray(position + HEADER, end);
    if (crc32(bytes, position + 6, end) !== checksum) {
      issues.push(
        `${file}: byte ${position}: chunk fails its CRC (${length} bytes); skipped ${left} bytes to the next block`,
      );
      dropPartial('were followed by a chunk that fails its CRC');
      position += left;
      continue;
    }
    if (type === FULL || type === FIRST) {
      dropPartial('have no last chunk');
      if (type === FULL) records.push(data);
      else {
        parts = [data];
        partsAt = position;
      }
    } else if (parts === null) {
      issues.push(
        `${file}: byte ${position}: a record's ${type === MIDDLE ? 'middle' : 'last'} chunk without its first; skipped`,
      );
    } else {
      (parts as Uint8Array[]).push(data);
      if (type === LAST) {
        records.push(concat(parts));
        parts = null;
      }
    }
    position = end;
  }
  if (parts) issues.push(`${file}: byte ${partsAt}: torn tail (a record without its last chunk); not read`);
  return { version: bytes[6] as number, records, issues };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// zlib's CRC-32 (IEEE); hand-written because node:zlib's crc32 needs Node 20.15+, and it is ten lines
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of bytes[start, end). */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
