import { escapeControls } from '@evidence/step-table';

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
  /** Set for a command printing --json: no progress bar, whatever stderr is. */
  quiet?: boolean;
}

export function processIo(signal: AbortSignal): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), signal };
}

/**
 * Prints one line (or several, joined by `\n`). Every line may hold data (folder and file names, cell
 * values, variables): its control characters are shown as escapes (`\x1b`, `\r`, `\x9b`) by the one
 * function the step table uses, so nothing read from a file can move the cursor, retitle the window
 * or hide text. The command's own output has no control characters to lose.
 */
export function printLine(stream: OutputStream, line = ''): void {
  stream.write(`${escapeLines(line)}\n`);
}

/** Text with the control characters of each line shown as escapes, its line breaks kept. */
export function escapeLines(text: string): string {
  return text.split('\n').map(escapeControls).join('\n');
}

// JSON.stringify writes C0 controls as \u00XX already; these it leaves raw.
const RAW_IN_JSON = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Prints a value as JSON; controls JSON.stringify leaves raw are written as `\u` escapes (same value). */
export function printJson(stream: OutputStream, value: unknown): void {
  stream.write(`${jsonText(value, 2)}\n`);
}

/** One value as one line of JSON (JSON Lines: a stream of results, one per line), escaped as printJson does. */
export function printJsonLine(stream: OutputStream, value: unknown): unknown {
  return stream.write(`${jsonLine(value)}\n`);
}

/** The text of one JSON line, without its newline. */
export function jsonLine(value: unknown): string {
  return jsonText(value);
}

function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    RAW_IN_JSON,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
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
