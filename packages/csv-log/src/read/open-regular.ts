import type { FileHandle } from 'node:fs/promises';
import { openInput } from '@evidence/node-kit';

/**
 * Opens a file to read, refusing anything but a regular file with one clear error naming it, before
 * any open that could block (a FIFO would block the reader forever, a device never ends): node-kit's
 * one way to open an input.
 */
export function openRegularFile(path: string): Promise<FileHandle> {
  return openInput(path);
}
