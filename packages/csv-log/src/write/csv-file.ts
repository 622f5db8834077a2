import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { openTempBesideSync, releaseTemp } from '@evidence/node-kit';
import { parseQuoted } from '../read/csv-scan.js';
import { formatHeader } from './cell-format.js';
import { repairTornTail, sleepSync } from './tail-repair.js';

export interface PreparedCsv {
  /** The line end to append with: the existing file's (Python writes \r\n), else \n. */
  eol: '\n' | '\r\n';
  /** The file exists but is empty: the writer must write the header first. */
  needsHeader: boolean;
}

/**
 * Makes `path` ready for appending rows of `columns`: creates it (and its folders) with the header,
 * or checks an existing file's header after repairing a torn last line. On a different header it
 * throws, or with `rotate` renames the old file aside (`name.1.csv`, `name.2.csv`, …) and starts anew.
 */
export function prepareCsvFile(
  path: string,
  columns: readonly string[],
  onHeaderMismatch: 'error' | 'rotate',
  sync: boolean,
): PreparedCsv {
  mkdirSync(dirname(path), { recursive: true });
  const header = formatHeader(columns);
  for (;;) {
    if (!existsSync(path)) {
      try {
        if (createWithContent(path, `${header}\n`, sync)) return { eol: '\n', needsHeader: false };
      } catch (error) {
        // a failing disk must not stop the run at open: the writer writes the header, failures to onError
        if (!isWriteFailure(error)) throw error;
        return { eol: '\n', needsHeader: true };
      }
    }
    repairTornTail(path, true);
    const existing = readFirstLine(path);
    if (existing === null) {
      const wrote = headerIntoEmpty(path, `${header}\n`, sync);
      if (wrote === 'written') return { eol: '\n', needsHeader: false };
      if (wrote === 'failed') return { eol: '\n', needsHeader: true };
      continue; // another writer wrote a header: check it like any existing one
    }
    const { fields } = existing;
    if (fields.length === columns.length && fields.every((name, i) => name === columns[i]))
      return { eol: existing.eol, needsHeader: false };
    if (onHeaderMismatch === 'error') {
      throw new Error(
        `${path}: the file's header is\n  ${fields.join(',')}\nbut this writer's columns are\n  ${header}\n` +
          "Log to another file, or pass onHeaderMismatch: 'rotate' to move the old file aside (it is never deleted).",
      );
    }
    const aside = moveAside(path);
    process.emitWarning(`${path}: its header differs from the writer's columns; moved it to ${aside}`, {
      code: 'EVIDENCE_CSV_ROTATED',
    });
  }
}

/**
 * Creates the file with its first content in one step (temp file + hard link, which fails if the name
 * exists): processes opening a new log at once never write two headers. False if it exists.
 */
function createWithContent(path: string, content: string, sync: boolean): boolean {
  const { path: temp, fd } = openTempBesideSync(path);
  try {
    try {
      writeSync(fd, content);
      if (sync) fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false; // someone created it first
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    // file systems without hard links: exclusive create, then write (a tiny window, but still no clobber)
    let direct: number;
    try {
      direct = openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      writeSync(direct, content);
    } finally {
      closeSync(direct);
    }
    return true;
  } finally {
    rmSync(temp, { force: true });
    releaseTemp(temp);
  }
}

/** A header lock older than this was left by a writer that died holding it. */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

/**
 * Writes the header into an empty existing file once, however many writers open it at once: under an
 * O_EXCL lock file beside it (`.<name>.header-lock`) the file is checked empty again, then written.
 * 'other': another writer wrote it; 'failed': a failing disk (the writer then writes it itself).
 */
function headerIntoEmpty(path: string, header: string, sync: boolean): 'written' | 'other' | 'failed' {
  const lock = join(dirname(path), `.${basename(path)}.header-lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    let lockFd: number;
    try {
      lockFd = openSync(lock, 'wx');
    } catch (error) {
      if (isWriteFailure(error)) return 'failed';
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - lockAge(lock) > STALE_LOCK_MS) rmSync(lock, { force: true });
      else if (Date.now() > deadline)
        throw new Error(`${path}: ${lock} stays taken; remove it if no writer of this log is running`);
      else sleepSync(5);
      continue;
    }
    closeSync(lockFd);
    try {
      const fd = openSync(path, 'a');
      try {
        if (fstatSync(fd).size > 0) return 'other';
        writeSync(fd, header);
        if (sync) fdatasyncSync(fd);
        return 'written';
      } catch (error) {
        if (isWriteFailure(error)) return 'failed';
        throw error;
      } finally {
        closeSync(fd);
      }
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

/** When the lock file was made; now when it is already gone. */
function lockAge(lock: string): number {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}

const WRITE_FAILURES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EFBIG']);
const isWriteFailure = (error: unknown) => WRITE_FAILURES.has((error as NodeJS.ErrnoException).code ?? '');

/** The header line's fields (BOM removed) and its line end; null when the file is empty or not a file. */
function readFirstLine(path: string): { fields: string[]; eol: '\n' | '\r\n' } | null {
  const fd = openSync(path, 'r');
  try {
    if (!fstatSync(fd).isFile()) return null;
    const block = Buffer.allocUnsafe(64 * 1024);
    let bytes = Buffer.alloc(0);
    for (;;) {
      const read = readSync(fd, block, 0, block.length, bytes.length);
      bytes = Buffer.concat([bytes, block.subarray(0, read)]);
      const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
      // the header record as the readers parse it; at the end of the file, without its line end
      const header = parseQuoted(read === 0 ? `${text}\n` : text, 0);
      if (header === null) continue;
      if (bytes.length === 0) return null;
      return { fields: header.fields, eol: read > 0 && text[header.next - 2] === '\r' ? '\r\n' : '\n' };
    }
  } finally {
    closeSync(fd);
  }
}

/** Renames the file to the first free `stem.N.ext`, never overwriting anything. */
function moveAside(path: string): string {
  const ext = extname(path);
  const stem = path.slice(0, path.length - ext.length);
  for (let n = 1; ; n++) {
    const aside = `${stem}.${n}${ext}`;
    try {
      linkSync(path, aside); // fails if `aside` exists, unlike rename
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    unlinkSync(path);
    return aside;
  }
}
