/**
 * The content hash by which evidence knows its own files (see owned-files.ts). A file is hashed once
 * per process for as long as its size, time and inode stay the same: a report checks each file more
 * than once.
 */
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, openSync, readSync, type Stats } from 'node:fs';

export type FileState = { kind: 'missing' } | { kind: 'other' } | { kind: 'file'; hash: string };

const cache = new Map<string, { key: string; hash: string }>();

const keyOf = (info: Stats): string => `${info.size}:${info.mtimeMs}:${info.ino}:${info.ctimeMs}`;

/** SHA-256 of bytes, as the record writes it. */
export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 of a file, read a megabyte at a time: a report writes files of 100 MB and more. */
function sha256OfFile(path: string): string {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1 << 20);
  const fd = openSync(path, 'r');
  try {
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/**
 * What is at `path`: nothing, a regular file and its hash, or something else (a folder, a symlink, a
 * FIFO: never opened, never evidence's).
 */
export function fileState(path: string): FileState {
  let info: Stats;
  try {
    info = lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'other' };
  }
  if (!info.isFile()) return { kind: 'other' };
  const key = keyOf(info);
  const known = cache.get(path);
  if (known?.key === key) return { kind: 'file', hash: known.hash };
  try {
    const hash = sha256OfFile(path);
    cache.set(path, { key, hash });
    return { kind: 'file', hash };
  } catch {
    return { kind: 'other' }; // unreadable: not provably ours
  }
}

/** The hash of the regular file at `path`, or null (missing, or no regular file). */
export function hashOf(path: string): string | null {
  const state = fileState(path);
  return state.kind === 'file' ? state.hash : null;
}

/**
 * An older version's record stamps each file with its size and modification time: honoured (until the
 * file is written again and gets its hash) so an upgrade does not turn every report into a refusal.
 */
export function legacyStampMatches(path: string, stamps: object, name: string): boolean {
  const stamp = Object.hasOwn(stamps, name) ? (stamps as { [k: string]: unknown })[name] : undefined;
  if (!Array.isArray(stamp) || stamp.length !== 2) return false;
  try {
    const info = lstatSync(path);
    return info.isFile() && info.size === stamp[0] && info.mtimeMs === stamp[1];
  } catch {
    return false;
  }
}
