import { createWriteStream, fstatSync, writeSync } from 'node:fs';
import { removeLiveTempFiles } from '@evidence/node-kit';
import { describeError } from './errors.js';

/**
 * Where the command's output goes on the main thread. Redirected to a file, Node's own stdout writes
 * synchronously and ignores a short write: on a full disk `evidence table big.csv > out` lost all but the
 * first bytes and exited 0. A file stream writes the rest of a short write and reports ENOSPC instead.
 * A terminal or a pipe keeps process.stdout (its errors, EPIPE included, are reported as they come).
 */
export function outputSink(): NodeJS.WritableStream {
  let isFile = false;
  try {
    isFile = fstatSync(1).isFile();
  } catch {
    // no stdout at all (closed): process.stdout reports it
  }
  if (!isFile) return process.stdout;
  const sink = createWriteStream('', { fd: 1, autoClose: false });
  sink.on('error', failedOutput);
  return sink;
}

/**
 * The output could not be written. A reader that went away (`evidence table big.csv | head`) is not an
 * error; anything else (a full disk, a quota) is one line naming standard output and exit 1, never a
 * Node stack trace and never exit 0 with the output cut short.
 */
export function failedOutput(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  try {
    writeSync(2, `evidence: ${describeError(error, { out: 'standard output' })}\n`);
  } catch {
    // stderr is gone too: the exit code still says it failed
  }
  removeLiveTempFiles();
  process.exit(1);
}
