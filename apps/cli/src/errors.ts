import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** Bad input (a missing file, a malformed log): exit 1 with one line `evidence: <file>: <what>`. */
export class InputError extends Error {
  readonly file: string | undefined;
  constructor(file: string | undefined, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InputError';
    this.file = file;
  }
}

/** Bad usage (wrong flags or arguments): exit 2 and point at --help. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const NODE_FS_MESSAGES: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'is a directory, expected a file',
  ENOTDIR: 'is not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on device',
  EROFS: 'read-only file system',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
};

/** What describeError knows of the command: its output file (`-o`), and how to show a path. */
export interface ErrorContext {
  out?: string | undefined;
  show?: (path: string) => string;
}

/**
 * The single line a user sees for a failure, without the `evidence: ` prefix.
 * Library errors already name their file (and line, column); we add the file only when they do not.
 * A file-system error names the file the user asked for, never our temporary file beside it (an
 * `fd` write has no path at all): a full disk reads `out.png: no space left on device`, and a missing
 * folder is named as such.
 */
export function describeError(error: unknown, context: ErrorContext = {}): string {
  if (error instanceof InputError) return withFile(error.file, firstLine(error.message));
  if (error instanceof Error) {
    const { code, path, syscall } = error as NodeJS.ErrnoException;
    const words = code === undefined ? undefined : NODE_FS_MESSAGES[code];
    if (words !== undefined && (path !== undefined || context.out !== undefined)) {
      const show = context.show ?? ((p: string) => p);
      const file = path === undefined || isTemporary(path) ? (context.out ?? path!) : path;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        const folder = missingFolder(file);
        if (folder !== null) return `${show(folder.path)}: ${folder.problem}`;
        if (code === 'ENOENT' && syscall === 'mkdtemp') return `${show(dirname(file))}: no such directory`;
      }
      return `${show(file)}: ${words}`;
    }
    return firstLine(error.message) || error.name;
  }
  return String(error);
}

/** Our temporary names: `.<name>.<random hex>.tmp` beside a file, or a `.evidence-*` work folder. */
function isTemporary(path: string): boolean {
  return path.split(/[\\/]/).some((part) => /^\..+\.[0-9a-f]{6,}\.tmp$|^\.evidence-/.test(part));
}

/** The folder that should hold `file` when it is missing (or is a file), else null. */
function missingFolder(file: string): { path: string; problem: string } | null {
  const folder = dirname(file);
  let existing = folder;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  if (existing !== folder) return { path: folder, problem: 'no such directory' };
  try {
    if (!statSync(folder).isDirectory()) return { path: folder, problem: 'is not a directory' };
  } catch {
    return null;
  }
  return null;
}

function withFile(file: string | undefined, message: string): string {
  if (!file || message.startsWith(file) || message.includes(`${file}:`)) return message;
  return `${file}: ${message}`;
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim() !== '') ?? '').trim();
}

/** The command already printed what went wrong (several failures, say): exit with this code, print nothing more. */
export class ReportedFailure extends Error {
  readonly exitCode: number;
  constructor(summary: string, exitCode = 1) {
    super(summary);
    this.name = 'ReportedFailure';
    this.exitCode = exitCode;
  }
}
