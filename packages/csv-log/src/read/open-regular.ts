import { constants, type Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

/**
 * Opens a file to read, refusing anything but a regular file with one clear error naming it: a FIFO
 * would block the reader forever, a device never ends. O_NONBLOCK makes the open itself return at
 * once for a FIFO (and changes nothing for a regular file); the check is on the opened descriptor, so
 * the path cannot be swapped between the check and the read.
 */
export async function openRegularFile(path: string): Promise<FileHandle> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const stats = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (stats.isFile()) return handle;
  await handle.close();
  throw new Error(`${path}: ${kindOf(stats)}, not a regular file; only regular files are read`);
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'a special file';
}
