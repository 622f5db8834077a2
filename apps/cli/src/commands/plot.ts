import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { loadCsvLogDecimated } from '@evidence/csv-log';
import { listSome, openInput } from '@evidence/node-kit';
// Types only: the drawing library (native canvas) is loaded when a command draws, so `--help` starts fast.
import type { StandardChart, StandardChartsResult } from '@evidence/plots';
import type { Command } from 'commander';
import { discoveryOptions, readRuns } from '../discovery.js';
import { describeError, InputError, ReportedFailure, UsageError } from '../errors.js';
import { type CliIo, printJson, printLine } from '../io.js';
import { fromReadIssues, printIssues, printRunIssues } from '../issues.js';
import { listOption } from '../options.js';
import { displayPath, kindOf, resolvePath } from '../paths.js';
import { createProgress } from '../progress.js';
import { chartYs, MAX_PANELS_DRAWN, MAX_RUNS_DRAWN, runsChart } from '../run-chart.js';
import { collectWritten } from '../written-json.js';

interface PlotOptions {
  pattern?: string;
  runColumn?: string;
  groupBy?: string;
  strict?: boolean;
  x?: string;
  y?: string[];
  logY?: boolean;
  title?: string;
  out?: string;
  force?: boolean;
  json?: boolean;
}

/** Why a chart was not drawn where a file evidence did not write already is. */
const NOT_OURS = 'a file evidence did not write is already there; left as it is';

export function plotCommand(command: Command, io: CliIo): void {
  command
    .description(
      'the standard charts of an evidence folder, or the curves of any run file or folder evidence reads',
    )
    .argument('<path>', 'an evidence folder, a CSV, or any run file or folder (SB3, TensorBoard, RLlib, …)')
    .option('--x <column>', "x column (default: the format's own: step, timesteps, time/total_timesteps, …)")
    .option('--y <columns>', "comma-separated y columns (default: the run's reward or return)", listOption)
    .option('--pattern <pattern>', 'for a folder of runs: paths to {group}, {task} and {run}')
    .option('--run-column <name>', 'the column that splits a long-format table into runs')
    .option(
      '--group-by <keys>',
      "configuration keys that name each run's group, e.g. 'lr,clip_range' (default: the algorithm in the path, else every key that differs but the seed)",
    )
    .option('--strict', 'for a folder of runs: exit 1 when any run was skipped')
    .option('--log-y', 'logarithmic y axis')
    .option('--title <text>', 'chart title')
    .option(
      '-o, --out <path>',
      "output file for a CSV (.png, .svg or .pdf), output folder for a folder (default: the folder's report/)",
    )
    .option('--force', 'write over existing files that evidence did not write')
    .option(
      '--json',
      'print what was written and skipped as JSON ({"written": [...], "skipped": [{file, why}]})',
    )
    .addHelpText(
      'after',
      `
Examples:
  $ evidence plot evidence                          # every standard chart the folder allows, into evidence/report/
  $ evidence plot evidence/training_log.csv         # its standard chart, into evidence/report/
  $ evidence plot log.csv --x step --y loss,reward --log-y -o loss.png
  $ evidence plot logs/0.monitor.csv                # episode reward over timesteps, into logs/0.monitor.png
  $ evidence plot runs/ -o runs.png                 # every run found (CleanRL, SB3, RLlib…), one line each`,
    )
    .action(async (pathArg: string, options: PlotOptions) => {
      if (!options.json) return plotAction(io, pathArg, options);
      // --json: the lines it prints gathered into one document, printed even when a chart failed
      const json = collectWritten(io);
      try {
        await plotAction(json.io, pathArg, options);
      } finally {
        printJson(io.stdout, json.take());
      }
    });
}

/** Draws the standard charts of a folder or log, a run file's curves, or columns of any CSV. */
async function plotAction(io: CliIo, pathArg: string, options: PlotOptions): Promise<void> {
  const path = resolvePath(io, pathArg);
  const kind = await kindOf(path);
  if (kind === 'missing') throw new InputError(displayPath(io, path), 'no such file or directory');
  if (kind === 'dir' && !(await isEvidenceFolder(path))) {
    await plotRuns(io, path, options, options.out ? resolvePath(io, options.out) : `${path}.png`);
    return;
  }
  if (kind === 'dir') {
    if (options.x || options.y || options.logY) {
      throw new UsageError('--x, --y and --log-y choose columns of one CSV; give a CSV file, not a folder');
    }
    const outDir = options.out ? resolvePath(io, options.out) : await reportDirOf(path);
    const { standardCharts } = await import('@evidence/plots');
    const result = await drawStandardCharts(io, standardCharts(path), outDir, {
      force: options.force === true,
    });
    throwIfFailed(result);
    throwIfNothingDrawn(io, result, path);
    return;
  }
  const plain = await isPlainCsv(path);
  if (!plain) {
    const out = options.out
      ? resolvePath(io, options.out)
      : join(dirname(path), `${basename(path, extname(path))}.png`);
    await plotRuns(io, path, options, out);
    return;
  }
  if (options.y) {
    await plotColumns(io, path, { ...options, y: options.y });
    return;
  }
  if (options.x || options.logY) throw new UsageError('--x and --log-y need --y <columns>');
  const { standardCharts } = await import('@evidence/plots');
  const chart = standardCharts(dirname(path)).find(
    (chart) => chart.inputs.length === 1 && chart.inputs[0] === path,
  );
  if (!chart) {
    // any other CSV: its default curve (the reward or return over its step), as for any run file
    const out = options.out
      ? resolvePath(io, options.out)
      : join(dirname(path), `${basename(path, extname(path))}.png`);
    await plotRuns(io, path, options, out);
    return;
  }
  const out = options.out
    ? resolvePath(io, options.out)
    : join(await reportDirOf(dirname(path)), basename(chart.out));
  await refuseForeign(io, out, options.force);
  const result = await drawStandardCharts(io, [chart], dirname(out), { outputFor: () => out, force: true });
  throwIfFailed(result);
  throwIfNothingDrawn(io, result, path);
}

interface RunPlotOptions extends PlotOptions {
  pattern?: string;
  runColumn?: string;
}

/** A folder holding an input of our standard charts is ours; any other folder is a folder of runs. */
export async function isEvidenceFolder(dir: string): Promise<boolean> {
  const { standardCharts } = await import('@evidence/plots');
  return standardCharts(dir).some((chart) => chart.inputs.some((input) => existsSync(input)));
}

/** Bytes of a CSV's head that decide its format (the header and first rows), never its whole length. */
const HEAD_BYTES = 256 * 1024;

/**
 * A CSV our own reader draws (its columns are what --y picks); anything else goes through the discovery.
 * The discovery is shown the file's head only (same name, in a temp folder): a 10M-row log is not read
 * whole to learn its format. A table split into runs by its contents is judged on the whole file.
 */
async function isPlainCsv(path: string): Promise<boolean> {
  if (!/\.(csv|tsv)$/i.test(path)) return false;
  const { discoverRuns } = await import('@evidence/sources');
  const judge = async (file: string) => {
    const found = await discoverRuns(file).catch(() => null);
    const run = found?.runs[0];
    const plain =
      found !== null && found.runs.length === 1 && (run?.format === 'evidence-csv' || run?.format === 'csv');
    return { plain, split: run?.layout === 'long-table' || run?.layout === 'wandb-panel' };
  };
  const head = await headOf(path);
  if (!head) return (await judge(path)).plain;
  try {
    const sample = await judge(head.file);
    return sample.split ? (await judge(path)).plain : sample.plain;
  } finally {
    await rm(head.dir, { recursive: true, force: true });
  }
}

/** A copy of a big file's first whole lines (up to HEAD_BYTES) under its own name; null for a small file. */
async function headOf(path: string): Promise<{ dir: string; file: string } | null> {
  const handle = await openInput(path); // a FIFO is refused here, never opened and waited on
  try {
    if ((await handle.stat()).size <= HEAD_BYTES) return null;
    const bytes = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(bytes, 0, HEAD_BYTES, 0);
    const end = bytes.subarray(0, bytesRead).lastIndexOf(10);
    if (end < 0) return null; // one line longer than the head: let the discovery read the file
    const dir = await mkdtemp(join(tmpdir(), 'evidence-plot-head-'));
    const file = join(dir, basename(path));
    await writeFile(file, bytes.subarray(0, end + 1));
    return { dir, file };
  } finally {
    await handle.close();
  }
}

/** Any run file or folder the discovery knows, drawn as curves (one panel per y, a line per run). */
export async function plotRuns(io: CliIo, path: string, options: RunPlotOptions, out: string): Promise<void> {
  const found = await readRuns(io, path, discoveryOptions(options));
  await refuseForeign(io, out, options.force);
  const chartOptions = {
    ...(options.x ? { x: options.x } : {}),
    ...(options.y ? { y: options.y } : {}),
    ...(options.logY ? { logY: true } : {}),
    ...(options.title ? { title: options.title } : {}),
  };
  const chart = await runsChart(found.runs, displayPath(io, path), chartOptions);
  const { renderChart } = await import('@evidence/plots');
  const { OutputFolder } = await import('@evidence/report');
  const folder = await OutputFolder.of(out, { force: options.force === true });
  const written = await folder.render(out, (to) => renderChart(chart, to));
  // the lines not drawn (a torn last line…), as `runs` and `export` say them
  printRunIssues(io, path, found.runs.slice(0, MAX_RUNS_DRAWN), 'drawn');
  if (found.runs.length > MAX_RUNS_DRAWN)
    printLine(
      io.stderr,
      `evidence: drew the first ${MAX_RUNS_DRAWN} of ${found.runs.length} runs; compare many with \`evidence runs\``,
    );
  const ys = chartYs(found.runs, chartOptions);
  if (ys.length > MAX_PANELS_DRAWN)
    printLine(
      io.stderr,
      `evidence: drew the first ${MAX_PANELS_DRAWN} of ${ys.length} y columns (one panel each); ${ys.length - MAX_PANELS_DRAWN} skipped: ${listSome(ys.slice(MAX_PANELS_DRAWN), 8)}`,
    );
  printLine(io.stdout, `wrote   ${displayPath(io, written)}`);
}

async function plotColumns(
  io: CliIo,
  csvPath: string,
  options: PlotOptions & { y: string[] },
): Promise<void> {
  const x = options.x ?? 'step';
  const out = options.out
    ? resolvePath(io, options.out)
    : join(dirname(csvPath), `${basename(csvPath, extname(csvPath))}.png`);
  await refuseForeign(io, out, options.force);
  // one pass keeping each row bucket's first, last, lowest and highest: a 10M-row log in bounded memory
  const csv = await loadCsvLogDecimated(csvPath, { columns: [x, ...options.y], restartColumn: x });
  await mkdir(dirname(out), { recursive: true });
  printIssues(io, fromReadIssues(csvPath, csv.issues));
  for (const column of [x, ...options.y]) {
    if (!csv.has(column)) {
      throw new InputError(
        displayPath(io, csvPath),
        `no column "${column}" (columns: ${listSome(csv.header)})`,
      );
    }
  }
  const { renderColumns } = await import('@evidence/plots');
  const { OutputFolder } = await import('@evidence/report');
  const folder = await OutputFolder.of(out, { force: options.force === true });
  const written = await folder.render(out, (to) =>
    renderColumns(csv, to, {
      x,
      y: options.y,
      ...(options.logY ? { logY: true } : {}),
      ...(options.title ? { title: options.title } : {}),
    }),
  );
  printLine(io.stdout, `wrote   ${displayPath(io, written)}`);
  const { rows, kept, rowsPerBucket } = csv.decimation;
  if (kept < rows)
    printLine(
      io.stderr,
      `${displayPath(io, csvPath)}: drawn from ${kept.toLocaleString('en')} of ${rows.toLocaleString('en')} rows (the first, last, lowest and highest of every ${rowsPerBucket.toLocaleString('en')})`,
    );
}

/** Where `plot DIR` and `watch DIR` draw by default: the folder of the report, beside its page. */
export async function reportDirOf(dir: string): Promise<string> {
  const { REPORT_DIR } = await import('@evidence/report');
  return join(dir, REPORT_DIR);
}

/** A chart file named on the command line that another program wrote is bad input, unless `--force`. */
async function refuseForeign(io: CliIo, out: string, force: boolean | undefined): Promise<void> {
  if (force) return;
  const { OutputFolder } = await import('@evidence/report');
  if (!(await OutputFolder.of(out)).mayWrite(out)) {
    throw new InputError(displayPath(io, out), `${NOT_OURS} (choose another -o, or --force to replace it)`);
  }
}

export interface DrawOptions {
  /** the file a chart goes to; default: its name in `outDir` */
  outputFor?: (chart: StandardChart) => string;
  /** draw over files evidence did not write, too */
  force?: boolean;
}

/**
 * Shared by `plot DIR` and `watch`: draws (with @evidence/plots' one loop) every chart whose file is free
 * or was written by evidence (the record in `outDir`, the one `evidence report` keeps), records what it
 * wrote, then prints what it wrote, skipped and failed.
 */
export async function drawStandardCharts(
  io: CliIo,
  charts: readonly StandardChart[],
  outDir: string,
  options: DrawOptions = {},
): Promise<StandardChartsResult> {
  const outputFor = options.outputFor ?? ((chart: StandardChart) => join(outDir, basename(chart.out)));
  await mkdir(outDir, { recursive: true });
  const plots = await import('@evidence/plots');
  const { OutputFolder } = await import('@evidence/report');
  const folder = await OutputFolder.open(outDir, { force: options.force === true });
  const drawable = charts.filter((chart) => folder.mayWrite(outputFor(chart)));
  const progress = createProgress(io);
  let result: StandardChartsResult;
  try {
    result = await plots.drawStandardCharts(drawable, {
      // drawn into the staging folder, renamed into place and recorded as each is done
      outputFor: (chart) => folder.stagePath(outputFor(chart)),
      onProgress: (done, total, what) => progress.update(done, total, what),
      onWritten: async (path) => void (await folder.stage(path)),
    });
  } finally {
    progress.stop();
    await folder.discard();
  }
  for (const entry of [...result.written, ...result.skipped, ...result.failed])
    if ('path' in entry) entry.path = folder.targetOf(entry.path);
    else entry.out = folder.targetOf(entry.out);
  for (const { path } of result.written) printLine(io.stdout, `wrote   ${displayPath(io, path)}`);
  for (const chart of charts) {
    if (!drawable.includes(chart))
      printLine(io.stdout, `skipped ${basename(outputFor(chart))}: ${NOT_OURS} (give -o another folder)`);
  }
  for (const skip of result.skipped) printLine(io.stdout, `skipped ${basename(skip.out)}: ${skip.why}`);
  printIssues(io, result.issues);
  for (const failure of result.failed) printLine(io.stderr, `evidence: ${describeError(failure.error)}`);
  return result;
}

/**
 * `plot DIR` that drew nothing (every chart skipped, each saying why above) did not do what was asked:
 * exit 1 with one line saying so, never 0 with no file written.
 */
function throwIfNothingDrawn(io: CliIo, result: StandardChartsResult, dir: string): void {
  if (result.written.length > 0) return;
  printLine(
    io.stderr,
    `evidence: ${displayPath(io, dir)}: no chart drawn: every chart was skipped (the reasons are above)`,
  );
  throw new ReportedFailure('no chart drawn');
}

/** Every chart that could be drawn was; each failure was printed on its own line; exit 1 if any. */
function throwIfFailed(result: StandardChartsResult): void {
  if (result.failed.length > 0) throw new ReportedFailure(`${result.failed.length} chart(s) failed`);
}
