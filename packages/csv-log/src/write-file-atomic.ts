import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let counter = 0;

// The temp file lives in the target's folder so the rename never crosses a file system (atomic).
function tempPathFor(path: string): string {
  counter = (counter + 1) % 0x100000000;
  return join(dirname(path), `.${basename(path)}.${process.pid}.${counter.toString(36)}.tmp`);
}

/**
 * Writes `data` to `path` so that readers see either the old file or the whole new one, never a part:
 * a temp file in the same folder, flushed to disk, then renamed into place. Creates the parent folders.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Synchronous {@link writeFileAtomic}. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  try {
    const fd = openSync(temp, 'wx');
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      let offset = 0;
      while (offset < bytes.byteLength) offset += writeSync(fd, bytes, offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
