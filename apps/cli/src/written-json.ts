import type { CliIo } from './io.js';

/** What a drawing command wrote and skipped, as its --json prints it. */
export interface WrittenJson {
  written: string[];
  skipped: { file: string; why: string }[];
  updated?: string;
}

/**
 * For --json on the commands that draw (`plot`, `watch`): the io they print through, whose stdout
 * lines (`wrote   FILE`, `skipped FILE: why`, `updated PAGE (…)`) are gathered into a WrittenJson
 * instead of printed; any other line goes to stderr, so stdout holds JSON alone.
 */
export function collectWritten(io: CliIo): { io: CliIo; take(): WrittenJson } {
  let result: WrittenJson = { written: [], skipped: [] };
  let partial = '';
  const stdout = {
    isTTY: false,
    write(text: string): boolean {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) gather(io, result, line);
      return true;
    },
  };
  return {
    io: { ...io, stdout, quiet: true },
    take() {
      const taken = result;
      result = { written: [], skipped: [] };
      return taken;
    },
  };
}

function gather(io: CliIo, result: WrittenJson, line: string): void {
  const wrote = /^wrote {3}(.*)$/.exec(line);
  const skipped = /^skipped (.*?): (.*)$/.exec(line);
  const updated = /^updated (.*?) \(\d+ files?\)$/.exec(line);
  if (wrote) result.written.push(wrote[1] as string);
  else if (skipped) result.skipped.push({ file: skipped[1] as string, why: skipped[2] as string });
  else if (updated) result.updated = updated[1] as string;
  else io.stderr.write(`${line}\n`);
}
