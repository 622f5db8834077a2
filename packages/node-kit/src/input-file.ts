import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';

/** A path that is not a regular file (a FIFO, a device, a socket, a folder): refused before any read. */
export class NotRegularFileError extends Error {
  override name = 'NotRegularFileError';
  readonly code = 'ENOTREGULAR';
  constructor(
    readonly path: string,
    readonly kind: string,
  ) {
    super(`${path}: ${kind}, not a regular file; only regular files are read`);
  }
}

/** What a non-regular file is, in words. */
export function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'a special file';
}

/**
 * The one way an input is opened. A FIFO would block the open (and a libuv thread, which even Ctrl-C
 * then waits for) until a writer comes; a device never ends. So the path is checked with stat first
 * (symlinks followed: a link to a log is a log), refused at once when it is not a regular file, then
 * opened with O_NONBLOCK (an open that can never wait) and checked again on the descriptor, so a path
 * swapped between the two is caught too.
 */
export async function openInput(path: string): Promise<FileHandle> {
  const before = await stat(path);
  if (!before.isFile()) throw new NotRegularFileError(path, kindOf(before));
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  let after: Stats;
  try {
    after = await handle.stat();
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (after.isFile()) return handle;
  await handle.close();
  throw new NotRegularFileError(path, kindOf(after));
}

/** A whole input file as bytes, opened by {@link openInput}. */
export async function readInput(path: string): Promise<Buffer> {
  const handle = await openInput(path);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** A whole input file as UTF-8 text, opened by {@link openInput}. */
export async function readInputText(path: string): Promise<string> {
  return (await readInput(path)).toString('utf8');
}
