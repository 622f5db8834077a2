import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';

const BLOCK = 64 * 1024;
const LF = 0x0a;

/**
 * If a crash cut the file's last line short, moves those bytes to `<path>.torn` (appended, so earlier
 * repairs are kept) and truncates the file after its last complete line, so the next row starts on a
 * line of its own and no reader ever mistakes the fragment for a row. Returns the bytes moved.
 */
export function repairTornTail(path: string): number {
  const fd = openSync(path, 'r+');
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size === 0) return 0;
    const size = stats.size;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    if (last[0] === LF) return 0;
    const cut = afterLastNewline(fd, size);
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
    const now = fstatSync(fd).size;
    readSync(fd, last, 0, 1, size - 1);
    if (now !== size || last[0] === LF) return 0;
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
