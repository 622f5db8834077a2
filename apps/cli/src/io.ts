/** Where a command writes and what it knows about its surroundings; `run()` takes one so tests can run in-process. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Aborting it ends long-running commands (`table --follow`, `watch`) cleanly; bin.ts aborts on SIGINT. */
  signal: AbortSignal;
}

export function processIo(signal: AbortSignal): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), signal };
}

export function printLine(stream: OutputStream, line = ''): void {
  stream.write(`${line}\n`);
}

/** Writes and, when the stream's buffer is full (a slow pipe), waits for it to drain so memory stays flat. */
export async function writeWithBackpressure(stream: OutputStream, text: string): Promise<void> {
  if (text === '' || stream.write(text) !== false) return;
  const emitter = stream as { once?: (event: string, listener: () => void) => unknown };
  if (typeof emitter.once === 'function') {
    await new Promise<void>((resolve) => {
      emitter.once?.call(stream, 'drain', resolve);
    });
  }
}
