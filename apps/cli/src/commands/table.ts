import { watch as watchFs } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import {
  type CsvFollowBatch,
  type CsvLogFollower,
  type CsvRow,
  followCsvLog,
  readAsDataWords,
  recordPreview,
  tornRecordWords,
  unclosedHeaderWords,
} from '@evidence/csv-log';
import { pushAll } from '@evidence/node-kit';
import type { LastLineRule } from '@evidence/sources';
import type { StepTable } from '@evidence/step-table';

type StepTableModule = typeof import('@evidence/step-table');

import type { Command } from 'commander';
import { chooseColumns } from '../column-formats.js';
import { readRuns } from '../discovery.js';
import { InputError } from '../errors.js';
import { type CliIo, jsonLine, printLine, writeWithBackpressure } from '../io.js';
import { IssuePrinter, printRunIssues } from '../issues.js';
import { integerOption } from '../options.js';
import { displayPath, kindOf, requireFile, resolvePath } from '../paths.js';

interface TableOptions {
  follow?: boolean;
  interval: number;
  sample: number;
  repeatHeader?: number;
  json?: boolean;
}

export function tableCommand(command: Command, io: CliIo): void {
  command
    .description(
      'the step table of a CSV log (--follow keeps reading as it grows), or of any run file or folder evidence reads',
    )
    .argument(
      '<path>',
      'a CSV log with a header line, or a run file or folder (monitor.csv, progress.csv, TensorBoard run, …)',
    )
    .option('-f, --follow', 'keep reading new rows as they are appended, until Ctrl-C')
    .option(
      '--interval <ms>',
      'with --follow: also poll this often, for file systems without change events',
      integerOption(20),
      500,
    )
    .option('--sample <rows>', "rows read before choosing each column's format", integerOption(1), 50)
    .option(
      '--json',
      'one JSON object per row (JSON Lines), numbers as logged; with --follow, as rows arrive',
    )
    .option(
      '--repeat-header <rows>',
      'print the header again every N rows; 0: once (default: a screenful on a terminal, else once)',
      integerOption(0),
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ evidence table evidence/training_log.csv\n  $ evidence table evidence/training_log.csv --follow\n' +
        '  $ evidence table logs/0.monitor.csv            # one row per episode: r, l, t\n' +
        '  $ evidence table runs/CartPole-v1__ppo__1__1700000000   # a TensorBoard run: one row per value',
    )
    .action(async (csvArg: string, options: TableOptions) => {
      const path = resolvePath(io, csvArg);
      // Started before the trainer: --follow waits for the log to appear.
      const waiting =
        options.follow === true &&
        (await kindOf(path)) === 'missing' &&
        (await kindOf(dirname(path))) === 'dir';
      // what --follow reads may be being written: its last line always waits for its newline
      const kind = waiting || options.follow ? 'own' : await plainCsvKind(path);
      if (waiting) printLine(io.stderr, `waiting for ${displayPath(io, path)} to appear (Ctrl-C to stop)`);
      else if ((await kindOf(path)) === 'missing') await requireFile(io, path);
      else if (kind === null) {
        await printRunTable(io, path, options);
        return;
      } else {
        await requireFile(io, path);
        await requireCsv(io, path);
      }
      const tail = followCsvLog(path);
      const stepTable = await import('@evidence/step-table');
      const issues = new IssuePrinter(io);
      const printer = new TablePrinter(io, path, options, stepTable, issues);
      if (!waiting) await readAvailable(tail, printer);
      if (options.follow) {
        await followUntilAborted(tail, printer, options.interval, io.signal);
      }
      // the discovery's rule for a last line without its end (as `runs` and `export` read it)
      const rule = options.follow ? null : await lastLineOf(path, kind === 'own');
      const settled = rule?.lastLine === 'keep-if-complete' ? rule.lastLineWhy : null;
      const lastRow = settled === null ? null : tail.wholeLastRow();
      if (lastRow) {
        printer.add({
          missing: false,
          restarted: false,
          header: null,
          rows: [lastRow],
          skipped: [],
          more: false,
        });
        issues.print([{ file: path, line: tail.torn?.line ?? 0, reason: readAsDataWords(settled ?? '') }]);
      }
      printer.finish();
      await printer.flush();
      const torn = lastRow ? null : tail.torn;
      const unended =
        torn && !tail.header && rule && unclosedHeaderWords(torn.text, torn.line, settled !== null);
      if (unended) throw new InputError(displayPath(io, path), unended);
      if (torn) {
        const quoted = torn.text.includes('\n'); // a quoted cell that never closes, from the line it opens on
        const state = options.follow
          ? `${quoted ? 'unfinished last record (a quoted cell not closed yet), not shown' : 'unfinished last line (no newline yet), not shown'}: ${recordPreview(torn.text)}`
          : tornRecordWords({
              text: torn.text,
              width: tail.header?.length ?? 0,
              // evidence's own logs are said as csv-log's readers (`report`, `plot --y`) say them
              ...(settled === null ? { writing: kind === 'own' ? '' : (rule?.lastLineWhy ?? '') } : {}),
            });
        issues.print([{ file: path, line: torn.line, reason: state }]);
      }
      issues.finish();
      // nothing to show is bad input (exit 1); under --follow, a log that stayed empty until Ctrl-C is not
      if (!tail.header && !options.follow)
        throw new InputError(displayPath(io, path), 'empty file, no header line');
      if (!tail.header) printLine(io.stderr, `${displayPath(io, path)}: empty file, no header line`);
    });
}

/**
 * A CSV our streaming reader reads: `own` (evidence's append-only logs), `csv` (any other plain CSV); null
 * for anything else, which goes through the discovery.
 */
async function plainCsvKind(path: string): Promise<'own' | 'csv' | null> {
  if ((await kindOf(path)) !== 'file') return null;
  const { discoverRuns } = await import('@evidence/sources');
  const found = await discoverRuns(path).catch(() => null);
  // no run file at all (a PNG, notes): the CSV reader says what it is in its own words
  if (found === null && !/\.(csv|tsv)$/i.test(path)) return 'csv';
  if (!/\.(csv|tsv)$/i.test(path)) return null;
  // a CSV the discovery cannot read at all still gets the streaming reader's own messages
  if (found === null || found.runs.length === 0) return 'csv';
  const run = found.runs[0];
  if (found.runs.length !== 1) return null;
  return run?.format === 'evidence-csv' ? 'own' : run?.format === 'csv' ? 'csv' : null;
}

/**
 * The discovery's rule for the last line of `path` without its end: read when whole in a file nobody
 * appends to, torn in one modified in the last seconds (a writer may be half-way through) or in one of
 * evidence's own logs (`own`).
 */
async function lastLineOf(path: string, own: boolean): Promise<LastLineRule> {
  const { lastLineRule } = await import('@evidence/sources');
  return lastLineRule(await stat(path), Date.now(), own);
}

/** One run of any known format as a step table: its x column and every metric, row by row. */
async function printRunTable(io: CliIo, path: string, options: TableOptions): Promise<void> {
  if ((await kindOf(path)) === 'missing')
    throw new InputError(displayPath(io, path), 'no such file or directory');
  const found = await readRuns(io, path);
  if (found.runs.length > 1) {
    const names = found.runs.map((run) => run.id);
    throw new InputError(
      displayPath(io, path),
      `holds ${names.length} runs (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}); give one of them`,
    );
  }
  const run = found.runs[0] as (typeof found.runs)[number];
  const { runColumns } = await import('@evidence/sources');
  const columns = runColumns(run);
  const header = [...columns.keys()];
  const values = [...columns.values()];
  const rows = Array.from({ length: values[0]?.length ?? 0 }, (_, row) => {
    const record: Record<string, number | null> = {};
    header.forEach((name, c) => {
      const value = (values[c] as Float64Array)[row] as number;
      record[name] = Number.isNaN(value) ? null : value;
    });
    return record;
  });
  const stepTable = await import('@evidence/step-table');
  const issues = new IssuePrinter(io);
  const printer = new TablePrinter(io, path, options, stepTable, issues);
  printer.add({ missing: false, restarted: false, header, rows, skipped: [], more: false });
  printer.finish();
  await printer.flush();
  // the lines not read (a torn last line…), named and worded as `table` of the file says them
  printRunIssues(io, path, [run], 'shown');
  issues.finish();
}

/**
 * The first bytes of a log tell a CSV from what it is not: one line saying so (exit 1) beats a screen of
 * "expected 1 fields" for a PNG or a JSONL file.
 */
async function requireCsv(io: CliIo, path: string): Promise<void> {
  const file = await open(path, 'r');
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    text = '\u0000';
  }
  if (text.includes('\u0000')) throw new InputError(displayPath(io, path), 'not a CSV file (binary data)');
  if (/^\s*[{[]/.test(text.replace(/^\uFEFF/, ''))) {
    throw new InputError(displayPath(io, path), 'not a CSV file (its first line is JSON)');
  }
}

/**
 * Under --follow, how long the first rows are held back waiting for the sample to fill: a trainer that
 * logs slowly still shows its first rows after this, with formats chosen from the rows there are.
 */
const FOLLOW_SETTLE_MS = 10_000;

/**
 * Holds back the first rows until it has seen enough of them (`--sample`) to choose each column's
 * format, once: a table started before the trainer (waiting for its log) prints its header once and
 * keeps its formats. Following a slow log, it starts with the rows there are after FOLLOW_SETTLE_MS.
 */
class TablePrinter {
  readonly #io: CliIo;
  readonly #options: TableOptions;
  readonly #path: string;
  readonly #issues: IssuePrinter;
  #table: StepTable | null = null;
  #header: string[] | null = null;
  #buffered: CsvRow[] = [];
  /** when the first held-back row arrived (ms since the epoch), under --follow */
  #heldSince: number | null = null;
  /** lines not yet written: one write per batch, not per row */
  #out = '';

  readonly #stepTable: StepTableModule;

  constructor(
    io: CliIo,
    path: string,
    options: TableOptions,
    stepTable: StepTableModule,
    issues: IssuePrinter,
  ) {
    this.#stepTable = stepTable;
    this.#issues = issues;
    this.#io = io;
    this.#path = path;
    this.#options = options;
  }

  add(batch: CsvFollowBatch): void {
    if (batch.restarted) {
      this.finish();
      printLine(
        this.#io.stderr,
        `${displayPath(this.#io, this.#path)}: file was replaced or truncated; reading it again`,
      );
      this.#table = null;
    }
    if (batch.header) this.#header = batch.header;
    this.#issues.print(
      batch.skipped.map((skip) => ({ file: this.#path, line: skip.line, reason: skip.reason })),
    );
    if (this.#options.json) {
      for (const row of batch.rows) this.#out += `${jsonRow(row)}\n`;
      return;
    }
    if (this.#table) {
      for (const row of batch.rows) this.#print(row);
      return;
    }
    pushAll(this.#buffered, batch.rows);
    if (this.#buffered.length >= this.#options.sample || this.#settled(batch)) this.#start();
  }

  /** Following, rows have waited FOLLOW_SETTLE_MS for the sample to fill: show them anyway. */
  #settled(batch: CsvFollowBatch): boolean {
    if (this.#options.follow !== true || batch.more || this.#buffered.length === 0) return false;
    this.#heldSince ??= Date.now();
    return Date.now() - this.#heldSince >= FOLLOW_SETTLE_MS;
  }

  /** Writes the pending lines, waiting for a slow pipe, so a million-row log never piles up in memory. */
  async flush(): Promise<void> {
    const text = this.#out;
    this.#out = '';
    await writeWithBackpressure(this.#io.stdout, text);
  }

  /** Prints what is still held back (fewer rows than the sample). */
  finish(): void {
    if (!this.#table && this.#header && !this.#options.json) this.#start();
  }

  #start(): void {
    const header = this.#header;
    if (!header) return;
    requireNamedColumns(displayPath(this.#io, this.#path), header);
    const sample = this.#buffered
      .slice(0, this.#options.sample)
      .map((row) => header.map((key) => row[key] ?? null));
    // From fewer rows than the sample (a followed log that has just begun), a column of whole numbers
    // may yet hold fractions: '' prints integers as 'd' does, and a later 0.5 as 0.5 (where 'd' warns).
    const provisional = sample.length < this.#options.sample;
    const { colorByDefault, displayWidth, escapeControls, StepTable } = this.#stepTable;
    const columns = chooseColumns(header, sample, (text) => displayWidth(escapeControls(text))).map(
      (column) => (provisional && column.format === 'd' ? { ...column, format: '' } : column),
    );
    this.#table = new StepTable({
      columns,
      color: colorByDefault(this.#io.stdout.isTTY, this.#io.env),
      stream: this.#io.stdout,
      // A screenful on a terminal (StepTable's default); a file or pipe gets the header once.
      ...(this.#options.repeatHeader !== undefined || this.#io.stdout.isTTY !== true
        ? { repeatHeaderEvery: this.#options.repeatHeader ?? 0 }
        : {}),
    });
    this.#line(this.#table.header());
    const rows = this.#buffered;
    this.#buffered = [];
    this.#heldSince = null;
    for (const row of rows) this.#print(row);
  }

  #print(row: CsvRow): void {
    if (this.#table) this.#line(this.#table.row(row));
  }

  #line(text: string): void {
    if (text !== '') this.#out += text.endsWith('\n') ? text : `${text}\n`;
  }
}

/**
 * A row as one line of JSON: numbers as logged; NaN and the infinities, which JSON has not, as the
 * strings "nan", "inf" and "-inf" (as Python prints them) rather than null, so none is lost.
 */
function jsonRow(row: CsvRow): string {
  const shown: Record<string, number | string | boolean | null> = {};
  for (const [key, value] of Object.entries(row))
    shown[key] =
      typeof value === 'number' && !Number.isFinite(value)
        ? Number.isNaN(value)
          ? 'nan'
          : value > 0
            ? 'inf'
            : '-inf'
        : value;
  return jsonLine(shown);
}

/**
 * A table shows each column under its name: a header with an unnamed column, or a name twice (the second
 * would hide the first), is bad input said in the user's terms, not the table library's own check.
 */
function requireNamedColumns(file: string, header: readonly string[]): void {
  const first = new Map<string, number>();
  for (const [i, name] of header.entries()) {
    if (name.trim() === '')
      throw new InputError(
        `${file}:1`,
        `column ${i + 1} of the header line has no name; every column needs one to be shown`,
      );
    const before = first.get(name);
    if (before !== undefined)
      throw new InputError(
        `${file}:1`,
        `column ${i + 1} of the header line is named ${JSON.stringify(name)}, like column ${before + 1}; every column needs a name of its own to be shown`,
      );
    first.set(name, i);
  }
}

/** Everything appended so far, a few megabytes at a time. */
async function readAvailable(tail: CsvLogFollower, printer: TablePrinter): Promise<void> {
  let batch: CsvFollowBatch;
  do {
    batch = await tail.read();
    printer.add(batch);
    await printer.flush();
  } while (batch.more);
}

/** Reads again whenever the folder reports a change to the file, or every `intervalMs`, until aborted. */
async function followUntilAborted(
  tail: CsvLogFollower,
  printer: TablePrinter,
  intervalMs: number,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) return;
  let wake: (() => void) | null = null;
  const watcher = watchFs(dirname(tail.path), (_event, name) => {
    if (name === null || name === basename(tail.path)) wake?.();
  });
  watcher.on('error', () => {}); // polling carries on if the watch breaks (folder removed, say)
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort);
  try {
    while (!signal.aborted) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      await readAvailable(tail, printer); // a file briefly absent (rotated) reads as nothing yet
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    watcher.close();
  }
}
