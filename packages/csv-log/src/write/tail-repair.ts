import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { CsvScanner, RecordTooLongError } from '../read/csv-scan.js';

const BLOCK = 64 * 1024;
const COUNT_BLOCK = 1024 * 1024;
const LF = 0x0a;
const QUOTE = 0x22;

/** A torn tail untouched this long is a crash's leftover; a younger one may be a write in progress. */
export const QUIET_MS = 1000;
/** How long a joining writer waits for another process to finish the row it is writing. */
const WAIT_MS = 5000;
const TORN_NAMES = 1000;

/**
 * If a crash cut the file's last record short, moves those bytes to a new `<path>.torn` (`.torn.2`, …,
 * created exclusively: nothing planted is written through) and truncates the file after its last
 * complete record, so the next row starts on a record of its own. Only a tail still for QUIET_MS is
 * repaired (a younger one may be another writer's row in progress; one changing for WAIT_MS is left to
 * its writer), and only while the file stays exactly as judged (size, mtime), checked again once the
 * fragment is safe aside. `csv`: records as the readers' scanner finds them (a cut inside a quoted cell
 * is torn too); else (JSON Lines) a record is a line. Returns the bytes moved.
 */
export function repairTornTail(path: string, csv: boolean): number {
  const fd = openSync(path, 'r+');
  try {
    const tail = quietTornTail(fd, csv);
    if (tail === null) return 0;
    const torn = Buffer.alloc(tail.size - tail.cut);
    readSync(fd, torn, 0, torn.length, tail.cut);
    if (changedSince(fd, tail)) return 0; // its writer's row, not ours to move
    const aside = writeAside(path, Buffer.concat([torn, Buffer.from('\n')]));
    if (changedSince(fd, tail)) {
      rmSync(aside, { force: true });
      return 0;
    }
    ftruncateSync(fd, tail.cut);
    process.emitWarning(
      `${path}: its last line was cut short (a crash?); moved those ${torn.length} bytes to ${aside}`,
      { code: 'EVIDENCE_LOG_TORN_TAIL' },
    );
    return torn.length;
  } finally {
    closeSync(fd);
  }
}

/** The file as it was when its tail was judged quiet: its size, modification time and records' end. */
interface QuietTail {
  size: number;
  mtimeMs: number;
  cut: number;
}

/**
 * Watches the file's end until it holds only complete records (null), a torn tail still for QUIET_MS,
 * or WAIT_MS pass (null). Stillness is judged from a stat taken after the scan, the clock read just
 * before it: a write made during a slow scan never counts as quiet time.
 */
function quietTornTail(fd: number, csv: boolean): QuietTail | null {
  const deadline = Date.now() + WAIT_MS;
  let size = -1;
  let mtimeMs = Number.NaN;
  let cut = 0;
  for (;;) {
    const now = Date.now();
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size === 0) return null;
    if (stats.size !== size || stats.mtimeMs !== mtimeMs) {
      size = stats.size;
      mtimeMs = stats.mtimeMs;
      cut = csv ? csvRecordsEnd(fd, size) : afterLastNewline(fd, size);
      if (cut === size) return null;
      if (Date.now() >= deadline) return null;
      continue; // the file may have changed while it was scanned
    }
    const still = now - mtimeMs;
    if (still >= QUIET_MS) return { size, mtimeMs, cut };
    if (now >= deadline) return null; // another process keeps writing
    sleepSync(Math.min(QUIET_MS - still + 1, 50));
  }
}

function changedSince(fd: number, tail: QuietTail): boolean {
  const stats = fstatSync(fd);
  return stats.size !== tail.size || stats.mtimeMs !== tail.mtimeMs;
}

/** Writes `bytes` to the first free name of `<path>.torn`, `<path>.torn.2`, …, created exclusively. */
function writeAside(path: string, bytes: Buffer): string {
  for (let n = 1; n <= TORN_NAMES; n++) {
    const name = n === 1 ? `${path}.torn` : `${path}.torn.${n}`;
    let fd: number;
    try {
      fd = openSync(name, 'wx'); // O_CREAT | O_EXCL: fails on any existing name, a link included
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    try {
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
      fsyncSync(fd); // the fragment is safe on disk before we cut it from the log
    } finally {
      closeSync(fd);
    }
    return name;
  }
  throw new Error(
    `${path}: ${TORN_NAMES} files ${path}.torn… exist already; move them away to repair its torn last line`,
  );
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
export function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/**
 * Where the complete CSV records end, found without parsing in the usual case (every open asks): a
 * file without quotes is lines; one ending with a line end and an even number of quotes is whole.
 */
function csvRecordsEnd(fd: number, size: number): number {
  const last = afterLastNewline(fd, size);
  const quotes = countQuotes(fd, size);
  if (quotes === 0) return last;
  if (last === size && quotes % 2 === 0) return size;
  try {
    return new CsvScanner({ onHeader: () => 0, onRecord() {} }).recordsEndSync(fd, 0, size);
  } catch (error) {
    // a quoted cell open past RECORD_MAX_BYTES: everything from its record on is the torn fragment
    if (error instanceof RecordTooLongError) return error.offset;
    throw error;
  }
}

function countQuotes(fd: number, size: number): number {
  const block = Buffer.allocUnsafe(COUNT_BLOCK);
  let quotes = 0;
  for (let start = 0; start < size; start += COUNT_BLOCK) {
    const read = readSync(fd, block, 0, Math.min(COUNT_BLOCK, size - start), start);
    for (let at = block.indexOf(QUOTE); at !== -1 && at < read; at = block.indexOf(QUOTE, at + 1)) quotes++;
  }
  return quotes;
}

function afterLastNewline(fd: number, size: number): number {
  const block = Buffer.allocUnsafe(BLOCK);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - BLOCK);
    readSync(fd, block, 0, end - start, start);
    const at = block.subarray(0, end - start).lastIndexOf(LF);
    if (at !== -1) return start + at + 1;
    end = start;
  }
  return 0;
}
