import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { InputError } from './errors.js';
import type { CliIo } from './io.js';

export function resolvePath(io: CliIo, path: string): string {
  return resolve(io.cwd, path);
}

/** Paths as the user typed them: relative to the working folder when inside it, absolute otherwise. */
export function displayPath(io: CliIo, path: string): string {
  const rel = relative(io.cwd, path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

export async function kindOf(path: string): Promise<'file' | 'dir' | 'missing'> {
  try {
    const info = await stat(path);
    return info.isDirectory() ? 'dir' : 'file';
  } catch (error) {
    // a file in a folder we may not enter is not missing: say "permission denied"
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

export async function requireDir(io: CliIo, path: string, hint = ''): Promise<void> {
  const kind = await kindOf(path);
  if (kind === 'missing') throw new InputError(displayPath(io, path), `no such directory${hint}`);
  if (kind === 'file') throw new InputError(displayPath(io, path), 'is a file, expected a directory');
}

export async function requireFile(io: CliIo, path: string): Promise<void> {
  const kind = await kindOf(path);
  if (kind === 'missing') throw new InputError(displayPath(io, path), 'no such file');
  if (kind === 'dir') throw new InputError(displayPath(io, path), 'is a directory, expected a file');
  // Reading a FIFO or a device would block forever or never end.
  if (!(await stat(path)).isFile())
    throw new InputError(
      displayPath(io, path),
      'is not a regular file (a named pipe or a device); only files are read',
    );
}
