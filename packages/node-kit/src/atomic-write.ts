import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { tempName } from './stale-temps.js';
import { registerTemp, releaseTemp } from './temp-registry.js';

const ATTEMPTS = 16;

/**
 * A hidden name beside `path` (same folder, so the final rename never crosses a file system) with a
 * random part, so nobody can place a file or a symlink there ahead of us, and our pid, so a later run
 * knows a temp file left by a kill from one being written now (see removeStaleTemps).
 */
export function tempNameBeside(path: string): string {
  return join(dirname(path), tempName(basename(path)));
}

function isTaken(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EEXIST';
}

/**
 * Creates a new, empty temp file beside `path` with exclusive creation ('wx': never opens what is
 * already there, symlinks included), trying fresh random names if one is taken.
 */
export async function openTempBeside(path: string): Promise<{ path: string; handle: FileHandle }> {
  for (let attempt = 1; ; attempt++) {
    const temp = tempNameBeside(path);
    try {
      const handle = await open(temp, 'wx');
      registerTemp(temp);
      return { path: temp, handle };
    } catch (error) {
      if (!isTaken(error) || attempt === ATTEMPTS) throw error;
    }
  }
}

/** Synchronous {@link openTempBeside}: the temp file's path and descriptor. */
export function openTempBesideSync(path: string): { path: string; fd: number } {
  for (let attempt = 1; ; attempt++) {
    const temp = tempNameBeside(path);
    try {
      const fd = openSync(temp, 'wx');
      registerTemp(temp);
      return { path: temp, fd };
    } catch (error) {
      if (!isTaken(error) || attempt === ATTEMPTS) throw error;
    }
  }
}

/**
 * Writes `data` to `path` so that readers see either the old file or the whole new one, never a part:
 * a temp file in the same folder, flushed to disk, then renamed into place. Creates the parent folders.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = await openTempBeside(path);
  try {
    try {
      await temp.handle.writeFile(data);
      await temp.handle.sync();
    } finally {
      await temp.handle.close();
    }
    await rename(temp.path, path);
    releaseTemp(temp.path);
  } catch (error) {
    await rm(temp.path, { force: true });
    releaseTemp(temp.path);
    throw namingTarget(error, path, temp.path);
  }
}

/** Synchronous {@link writeFileAtomic}. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = openTempBesideSync(path);
  try {
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      let offset = 0;
      while (offset < bytes.byteLength) offset += writeSync(temp.fd, bytes, offset);
      fsyncSync(temp.fd);
    } finally {
      closeSync(temp.fd);
    }
    renameSync(temp.path, path);
    releaseTemp(temp.path);
  } catch (error) {
    rmSync(temp.path, { force: true });
    releaseTemp(temp.path);
    throw namingTarget(error, path, temp.path);
  }
}

/**
 * A write to a descriptor fails without a path (`ENOSPC: no space left on device, write`), and one on
 * the temp file names a name the user never chose: the error names the file being written instead.
 */
function namingTarget(error: unknown, path: string, temp: string): unknown {
  const failure = error as NodeJS.ErrnoException;
  if (
    failure instanceof Error &&
    failure.code !== undefined &&
    (failure.path === undefined || failure.path === temp)
  ) {
    failure.path = path;
    failure.message = `${path}: ${failure.message}`;
  }
  return error;
}
