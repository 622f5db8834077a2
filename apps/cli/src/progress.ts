import { Presets, SingleBar } from 'cli-progress';
import type { CliIo } from './io.js';

export interface Progress {
  update(done: number, total: number, what: string): void;
  stop(): void;
}

/**
 * A progress bar on stderr when it is a terminal; nothing otherwise, because the command's own
 * plain lines (what it wrote, what it skipped) are the progress report for logs and pipes. `quiet`
 * (a command's --json) leaves it out too: a script reading the JSON gets no terminal animation.
 * Stop it before printing anything else; `update` after `stop` starts a new bar.
 */
export function createProgress(io: CliIo, { quiet = false }: { quiet?: boolean } = {}): Progress {
  if (quiet || io.quiet === true || io.stderr.isTTY !== true || io.env.CI === 'true')
    return { update() {}, stop() {} };
  const bar = new SingleBar(
    {
      stream: io.stderr as NodeJS.WritableStream,
      format: ' {bar} {value}/{total} {what}',
      barsize: 24,
      hideCursor: true,
      clearOnComplete: true,
      noTTYOutput: false,
    },
    Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total, what) {
      if (!started) {
        bar.start(total, done, { what });
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(done, { what });
      }
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
