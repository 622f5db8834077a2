import { type FSWatcher, readdirSync, statSync, watch as watchFs } from 'node:fs';
import { basename, join } from 'node:path';
import type { Command } from 'commander';
import { describeError, InputError } from '../errors.js';
import { type CliIo, printJsonLine, printLine } from '../io.js';
import { printIssues } from '../issues.js';
import { integerOption } from '../options.js';
import { displayPath, requireDir, resolvePath } from '../paths.js';
import { collectWritten } from '../written-json.js';
import { drawStandardCharts, isEvidenceFolder, plotRuns, reportDirOf } from './plot.js';
import { defaultEvidenceDir } from './report.js';

interface WatchOptions {
  debounce: number;
  report?: boolean;
  poll?: number | true;
  out?: string;
  json?: boolean;
}

// our logs and evaluations, other trainers' CSV/TSV logs and TensorBoard event files
const LOG_FILE = /\.(csv|tsv|jsonl)$|tfevents/i;
/** `--poll` without a value; and the period used when file events cannot be had at all. */
const POLL_MS = 1000;
/** Beside file events, a slow check catches changes whose events never arrive (network, container mounts). */
const BACKUP_POLL_MS = 2000;

export function watchCommand(command: Command, io: CliIo): void {
  command
    .description('re-render the charts whenever the logs change, until Ctrl-C')
    .argument(
      '[dir]',
      "the evidence folder (default: $EVIDENCE_DIR or ./evidence), or another trainer's run folder (its curves into <dir>/report/runs.png)",
    )
    .option('--debounce <ms>', 'wait this long after the last change before drawing', integerOption(0), 300)
    .option('-o, --out <dir>', 'the folder to draw into (default: the report folder, <dir>/report)')
    .option('--report', 'rebuild the whole report (index.html, REPORT.md) instead of only the charts')
    .option(
      '--poll [ms]',
      `check the logs every ms (default ${POLL_MS}) instead of waiting for file events, for network and container mounts; without it, a check every ${BACKUP_POLL_MS} ms backs the events up`,
      integerOption(20),
    )
    .option(
      '--json',
      'one line of JSON per drawing: {"written": [...], "skipped": [{file, why}]} (JSON Lines)',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ evidence watch runs/ppo-42/evidence --debounce 1000\n  $ evidence watch /mnt/nfs/run/evidence --poll 500',
    )
    .action(async (dirArg: string | undefined, options: WatchOptions) => {
      const dir = resolvePath(io, dirArg ?? defaultEvidenceDir(io));
      await requireDir(
        io,
        dir,
        dirArg === undefined ? ' (give the evidence folder, or set EVIDENCE_DIR)' : '',
      );
      const out = options.out ? resolvePath(io, options.out) : await reportDirOf(dir);
      const { standardCharts } = await import('@evidence/plots');
      const charts = standardCharts(dir);
      // --json: each drawing's lines gathered into one JSON line on stdout
      const json = options.json ? collectWritten(io) : null;
      const drawIo = json?.io ?? io;
      const redraw = async (changed: ReadonlySet<string> | null) => {
        try {
          // a folder of another trainer's runs (SB3 logs, a TensorBoard run): their curves, through the discovery
          if (!options.report && !(await isEvidenceFolder(dir))) {
            const { discoverRuns } = await import('@evidence/sources');
            if ((await discoverRuns(dir, { exclude: out })).runs.length === 0) return; // nothing logged yet
            await plotRuns(drawIo, dir, {}, join(out, 'runs.png'));
            return;
          }
          if (options.report) {
            const { buildReport } = await import('@evidence/report');
            const result = await buildReport(dir, { out });
            printLine(
              drawIo.stdout,
              `updated ${displayPath(drawIo, result.page)} (${result.written.length} file${result.written.length === 1 ? '' : 's'})`,
            );
            printIssues(drawIo, result.issues);
          } else {
            const affected = changed
              ? charts.filter((chart) => chart.inputs.some((input) => changed.has(basename(input))))
              : charts;
            if (affected.length === 0) return;
            await drawStandardCharts(drawIo, affected, out);
          }
          // an open index.html re-loads this file and redraws its charts: the page follows the run
          const { writeLiveReportData } = await import('@evidence/report');
          const live = await writeLiveReportData(dir, { ifPageExists: true, out });
          for (const problem of live?.problems ?? []) printLine(drawIo.stderr, `evidence: ${problem}`);
        } catch (error) {
          // A half-written or malformed log must not end the watch: say so, and draw again on the next change.
          printLine(drawIo.stderr, `evidence: ${describeError(error)}`);
        }
        if (json) printJsonLine(io.stdout, json.take());
      };
      const pollMs = options.poll === true ? POLL_MS : options.poll;
      await watchUntilAborted(dir, options.debounce, pollMs, io.signal, redraw, (how) =>
        printLine(io.stderr, `watching ${displayPath(io, dir)} for log changes, ${how} (Ctrl-C to stop)`),
      );
    });
}

/**
 * Draws everything once, then collects changed log names and calls `redraw` once they have been quiet for
 * `debounceMs`; one redraw at a time. Changes come from file events backed by a slow check of each log's
 * size and time, or from the check alone (`pollMs`, or when the folder cannot be watched). The folder is
 * watched before the first drawing, so a change made while it draws is not missed.
 */
async function watchUntilAborted(
  dir: string,
  debounceMs: number,
  pollMs: number | undefined,
  signal: AbortSignal,
  redraw: (changed: ReadonlySet<string> | null) => Promise<void>,
  onReady: (how: string) => void,
): Promise<void> {
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let seen = snapshot(dir);
  const flush = () => {
    const batch = changed;
    changed = new Set();
    seen = snapshot(dir); // what this redraw covers: the check must not report it again
    running = running.then(() => redraw(batch));
  };
  const onChange = (name: string) => {
    changed.add(name);
    clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };
  let watcher: FSWatcher | null = null;
  let how = pollMs === undefined ? 'by file events' : `checking every ${pollMs} ms`;
  let failure: Promise<Error> = new Promise(() => {});
  if (pollMs === undefined) {
    try {
      watcher = watchFs(dir, (_event, name) => {
        if (name && LOG_FILE.test(name)) onChange(basename(name)); // our own PNG/HTML writes must not trigger a redraw
      });
      const active = watcher;
      failure = new Promise((resolve) => active.on('error', resolve));
    } catch (error) {
      pollMs = POLL_MS;
      how = `checking every ${POLL_MS} ms (no file events here: ${(error as Error).message})`;
    }
  }
  const check = setInterval(() => {
    const now = snapshot(dir);
    for (const [name, state] of now) if (seen.get(name) !== state) onChange(name);
    seen = now;
  }, pollMs ?? BACKUP_POLL_MS);
  running = running.then(() => redraw(null)).then(() => onReady(how));
  const stopped = await Promise.race([
    failure,
    new Promise<null>((resolve) => {
      if (signal.aborted) resolve(null);
      signal.addEventListener('abort', () => resolve(null), { once: true });
    }),
  ]);
  clearInterval(check);
  clearTimeout(timer);
  watcher?.close();
  await running;
  if (stopped) throw new InputError(dir, `stopped watching: ${stopped.message}`);
}

/** Size and modification time of each log in the folder: what the check compares. */
function snapshot(dir: string): Map<string, string> {
  const states = new Map<string, string>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return states; // the folder is gone for now: the next check sees it again
  }
  for (const name of names) {
    if (!LOG_FILE.test(name)) continue;
    try {
      const info = statSync(join(dir, name));
      states.set(name, `${info.size}:${info.mtimeMs}:${info.ino}`);
    } catch {
      // removed between readdir and stat
    }
  }
  return states;
}
