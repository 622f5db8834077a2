import { watch as watchFs } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { describeError, InputError } from '../errors.js';
import { type CliIo, printLine } from '../io.js';
import { printIssues } from '../issues.js';
import { integerOption } from '../options.js';
import { displayPath, requireDir, resolvePath } from '../paths.js';
import { drawStandardCharts } from './plot.js';
import { defaultEvidenceDir } from './report.js';

interface WatchOptions {
  debounce: number;
  report?: boolean;
}

const LOG_FILE = /\.(csv|jsonl)$/i;

export function watchCommand(command: Command, io: CliIo): void {
  command
    .description('re-render the charts whenever the logs change, until Ctrl-C')
    .argument('[dir]', 'the evidence folder (default: $EVIDENCE_DIR or ./evidence)')
    .option('--debounce <ms>', 'wait this long after the last change before drawing', integerOption(0), 300)
    .option('--report', 'rebuild the whole report (index.html, REPORT.md) instead of only the charts')
    .addHelpText('after', '\nExample:\n  $ evidence watch runs/ppo-42/evidence --debounce 1000')
    .action(async (dirArg: string | undefined, options: WatchOptions) => {
      const dir = resolvePath(io, dirArg ?? defaultEvidenceDir(io));
      await requireDir(
        io,
        dir,
        dirArg === undefined ? ' (give the evidence folder, or set EVIDENCE_DIR)' : '',
      );
      const { standardCharts } = await import('@evidence/plots');
      const charts = standardCharts(dir);
      const redraw = async (changed: ReadonlySet<string> | null) => {
        try {
          if (options.report) {
            const { buildReport } = await import('@evidence/report');
            const result = await buildReport(dir);
            printLine(io.stdout, `updated ${displayPath(io, result.page)} (${result.written.length} files)`);
            printIssues(io, result.issues);
            return;
          }
          const affected = changed
            ? charts.filter((chart) => chart.inputs.some((input) => changed.has(basename(input))))
            : charts;
          if (affected.length === 0) return;
          await drawStandardCharts(io, affected, dir);
        } catch (error) {
          // A half-written or malformed log must not end the watch: say so, and draw again on the next change.
          printLine(io.stderr, `evidence: ${describeError(error)}`);
        }
      };
      await watchUntilAborted(dir, options.debounce, io.signal, redraw, () =>
        printLine(io.stderr, `watching ${displayPath(io, dir)} for log changes (Ctrl-C to stop)`),
      );
    });
}

/**
 * Draws everything once, then collects changed log names and calls `redraw` once they have been quiet for
 * `debounceMs`; one redraw at a time. The folder is watched before the first drawing, so a change made
 * while it draws is not missed.
 */
async function watchUntilAborted(
  dir: string,
  debounceMs: number,
  signal: AbortSignal,
  redraw: (changed: ReadonlySet<string> | null) => Promise<void>,
  onReady: () => void,
): Promise<void> {
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = changed;
    changed = new Set();
    running = running.then(() => redraw(batch));
  };
  const watcher = watchFs(dir, (_event, name) => {
    if (!name || !LOG_FILE.test(name)) return; // our own PNG/HTML writes must not trigger a redraw
    changed.add(basename(name));
    clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  });
  running = running.then(() => redraw(null)).then(onReady);
  const failure = await new Promise<Error | null>((resolve) => {
    if (signal.aborted) resolve(null);
    watcher.on('error', (error) => resolve(error));
    signal.addEventListener('abort', () => resolve(null), { once: true });
  });
  clearTimeout(timer);
  watcher.close();
  await running;
  if (failure) throw new InputError(dir, `stopped watching: ${failure.message}`);
}
