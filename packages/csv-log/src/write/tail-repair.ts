import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { CsvScanner } from '../read/csv-scan.js';

const BLOCK = 64 * 1024;
const LF = 0x0a;
const QUOTE = 0x22;

/**
 * If a crash cut the file's last record short, moves those bytes to `<path>.torn` (appended, so
 * earlier repairs are kept) and truncates the file after its last complete record, so the next row
 * starts on a record of its own and no reader ever mistakes the fragment for a row.
 * `csv`: records are found by the readers' scanner, so a cut inside a quoted cell holding a newline
 * is a torn record too (cutting after its last newline would leave a quote open that swallows every
 * row appended after it). Otherwise (JSON Lines) a record is a line. Returns the bytes moved.
 */
export function repairTornTail(path: string, csv: boolean): number {
  const fd = openSync(path, 'r+');
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size === 0) return 0;
    const size = stats.size;
    const cut = csv && holdsQuote(fd, size) ? completeRecordsEnd(fd, size) : afterLastNewline(fd, size);
    if (cut === size) return 0;
    const torn = Buffer.alloc(size - cut);
    readSync(fd, torn, 0, torn.length, cut);
    const tornFd = openSync(`${path}.torn`, 'a');
    try {
      const record = Buffer.concat([torn, Buffer.from('\n')]);
      let offset = 0;
      while (offset < record.length) offset += writeSync(tornFd, record, offset);
      fsyncSync(tornFd); // the fragment is safe on disk before we cut it from the log
    } finally {
      closeSync(tornFd);
    }
    // Another process may have repaired and appended meanwhile: only cut if the file is as we read it.
    if (fstatSync(fd).size !== size) return 0;
    ftruncateSync(fd, cut);
    process.emitWarning(
      `${path}: its last line was cut short (a crash?); moved those ${torn.length} bytes to ${path}.torn`,
      { code: 'EVIDENCE_LOG_TORN_TAIL' },
    );
    return torn.length;
  } finally {
    closeSync(fd);
  }
}

/** Where the bytes after the last complete CSV record start, as the readers' scanner reads them. */
function completeRecordsEnd(fd: number, size: number): number {
  const scanner = new CsvScanner({ onHeader: () => 0, onRecord() {} });
  return scanner.scanSync(fd, 0, size) - scanner.pendingBytes;
}

/** Whether the file has a quote anywhere: without one, records are lines. */
function holdsQuote(fd: number, size: number): boolean {
  const block = Buffer.allocUnsafe(BLOCK);
  for (let start = 0; start < size; start += BLOCK) {
    const read = readSync(fd, block, 0, Math.min(BLOCK, size - start), start);
    if (block.subarray(0, read).includes(QUOTE)) return true;
  }
  return false;
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
