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
};

/**
 * The single line a user sees for a failure, without the `evidence: ` prefix.
 * Library errors already name their file (and line, column); we add the file only when they do not.
 */
export function describeError(error: unknown): string {
  if (error instanceof InputError) return withFile(error.file, firstLine(error.message));
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const path = (error as NodeJS.ErrnoException).path;
    if (code && path && NODE_FS_MESSAGES[code]) return `${path}: ${NODE_FS_MESSAGES[code]}`;
    return firstLine(error.message) || error.name;
  }
  return String(error);
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
