/** How every command reads runs: @evidence/sources' one discovery, its one-line summary and its skips. */
import { dirname } from 'node:path';
import { listSome } from '@evidence/node-kit';
import type { DiscoverOptions, Discovery } from '@evidence/sources';
import { InputError, ReportedFailure, UsageError } from './errors.js';
import { type CliIo, printLine } from './io.js';
import { displayPath, kindOf } from './paths.js';

/** Skip lines printed before "… and N more". */
const MAX_SKIPPED_SHOWN = 20;

export interface ReadRunsOptions extends DiscoverOptions {
  /** Any skipped run is an error (exit 1), after every skip was printed. */
  strict?: boolean;
}

/**
 * Runs under `root` (a folder or a file): a bad --pattern is bad usage (exit 2), a file that is no run
 * file one clear line (exit 1). Prints the summary and each skip to stderr; exit 1 when nothing usable
 * remains, or with --strict when anything was skipped.
 */
export async function readRuns(io: CliIo, root: string, options: ReadRunsOptions = {}): Promise<Discovery> {
  const { discoverRuns } = await import('@evidence/sources');
  const where = displayPath(io, root);
  let found: Discovery;
  try {
    found = await discoverRuns(root, options);
  } catch (error) {
    if (error instanceof Error && error.name === 'PatternError') throw new UsageError(error.message);
    if (error instanceof Error && error.name === 'UnknownFileError')
      throw new InputError(undefined, error.message.split(root).join(where));
    throw error;
  }
  const file = (await kindOf(root)) === 'file';
  const only = found.skipped[0];
  // one file that holds nothing usable: one line, its reason
  if (file && found.runs.length === 0 && found.skipped.length === 1 && only && !options.pattern)
    throw new InputError(where, only.why);
  // a file's runs are named relative to its folder: "logs/bin.csv", never "logs/bin.csv/bin.csv"
  printSkips(io, file ? dirname(where) : where, where, found);
  if (found.runs.length === 0) {
    const { RUN_FILES_LOOKED_FOR, unreadNote } = await import('@evidence/sources');
    // what was there and why none of it is a run: the files' own reasons, not only what was looked for
    const note = unreadNote(found.unread);
    throw new InputError(
      where,
      options.pattern
        ? `--pattern ${options.pattern} matches no run (${found.skipped.length} runs and ${found.ignored.length} other files looked at); expected paths such as 'PPO/CartPole-v1/seed1.csv' for '{group}/{task}/{run}.csv'`
        : `no runs found${note ? ` (${note})` : ''}; expected ${RUN_FILES_LOOKED_FOR} under it`,
    );
  }
  await printFound(io, where, found);
  if (options.runColumn !== undefined) requireRunColumn(where, options.runColumn, found);
  if (options.strict && found.skipped.length > 0) {
    printLine(io.stderr, `evidence: --strict: ${found.skipped.length} run(s) skipped`);
    throw new ReportedFailure(`--strict: ${found.skipped.length} run(s) skipped`);
  }
  return found;
}

/** The discovery's found line, then the files it did not read by name and why (the first few; --json lists them all). */
export async function printFound(
  io: CliIo,
  where: string,
  found: Pick<Discovery, 'summary' | 'unread'>,
): Promise<void> {
  printLine(io.stderr, `${where}: ${found.summary}`);
  const { unreadNote } = await import('@evidence/sources');
  const note = unreadNote(found.unread);
  if (note) printLine(io.stderr, `${where}: ${note}`);
}

/**
 * `--run-column NAME` that split no table into runs (no file has that column) was ignored before, and
 * the command went on as if it had not been given: name the column and the ones there are instead.
 */
function requireRunColumn(where: string, name: string, found: Discovery): void {
  if (found.runs.some((run) => run.layout === 'long-table')) return;
  const columns = [...new Set(found.runs.flatMap((run) => [run.x, ...run.series.map((s) => s.metric)]))];
  throw new InputError(
    where,
    `--run-column ${JSON.stringify(name)}: no table read here has that column, so nothing was split into runs; the columns read: ${listSome(columns.map((c) => JSON.stringify(c)))}`,
  );
}

function printSkips(io: CliIo, base: string, where: string, found: Discovery): void {
  const lines = found.skipped.map(
    (s) => `${s.path === '.' ? where : base === '.' ? s.path : `${base}/${s.path}`}: skipped: ${s.why}`,
  );
  for (const line of lines.slice(0, MAX_SKIPPED_SHOWN)) printLine(io.stderr, line);
  if (lines.length > MAX_SKIPPED_SHOWN)
    printLine(io.stderr, `… and ${lines.length - MAX_SKIPPED_SHOWN} more skipped`);
}

/** The CLI's options of the discovery, from commander's parsed options. */
export function discoveryOptions(options: {
  pattern?: string;
  runColumn?: string;
  groupBy?: string;
  strict?: boolean;
}): ReadRunsOptions {
  const groupBy = options.groupBy
    ?.split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (options.groupBy !== undefined && groupBy?.length === 0)
    throw new UsageError('--group-by: expected configuration keys, e.g. --group-by lr,clip_range');
  return {
    ...(options.pattern === undefined ? {} : { pattern: options.pattern }),
    ...(options.runColumn === undefined ? {} : { runColumn: options.runColumn }),
    ...(groupBy && groupBy.length > 0 ? { groupBy } : {}),
    ...(options.strict ? { strict: true } : {}),
  };
}
