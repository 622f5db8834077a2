import { mkdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { loadCsvLog } from '@evidence/csv-log';
// Types only: the drawing library (native canvas) is loaded when a command draws, so `--help` starts fast.
import type { StandardChart, StandardChartsResult } from '@evidence/plots';
import type { Command } from 'commander';
import { describeError, InputError, ReportedFailure, UsageError } from '../errors.js';
import { type CliIo, printLine } from '../io.js';
import { fromReadIssues, printIssues } from '../issues.js';
import { listOption } from '../options.js';
import { displayPath, kindOf, resolvePath } from '../paths.js';
import { createProgress } from '../progress.js';

interface PlotOptions {
  x?: string;
  y?: string[];
  logY?: boolean;
  title?: string;
  out?: string;
  force?: boolean;
}

/** Why a chart was not drawn where a file evidence did not write already is. */
const NOT_OURS = 'a file evidence did not write is already there; left as it is';

export function plotCommand(command: Command, io: CliIo): void {
  command
    .description('the standard charts of an evidence folder, or chosen columns of any CSV')
    .argument('<path>', 'an evidence folder, or a CSV file')
    .option('--x <column>', 'x column of a CSV (default: step)')
    .option('--y <columns>', 'comma-separated y columns of a CSV', listOption)
    .option('--log-y', 'logarithmic y axis')
    .option('--title <text>', 'chart title')
    .option(
      '-o, --out <path>',
      "output file for a CSV (.png, .svg or .pdf), output folder for a folder (default: the folder's report/)",
    )
    .option('--force', 'write over existing files that evidence did not write')
    .addHelpText(
      'after',
      `
Examples:
  $ evidence plot evidence                          # every standard chart the folder allows, into evidence/report/
  $ evidence plot evidence/training_log.csv         # its standard chart, into evidence/report/
  $ evidence plot log.csv --x step --y loss,reward --log-y -o loss.png`,
    )
    .action(async (pathArg: string, options: PlotOptions) => {
      const path = resolvePath(io, pathArg);
      const kind = await kindOf(path);
      if (kind === 'missing') throw new InputError(displayPath(io, path), 'no such file or directory');
      if (kind === 'dir') {
        if (options.x || options.y || options.logY) {
          throw new UsageError(
            '--x, --y and --log-y choose columns of one CSV; give a CSV file, not a folder',
          );
        }
        const outDir = options.out ? resolvePath(io, options.out) : await reportDirOf(path);
        const { standardCharts } = await import('@evidence/plots');
        const result = await drawStandardCharts(io, standardCharts(path), outDir, {
          force: options.force === true,
        });
        throwIfFailed(result);
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
        throw new UsageError(
          `no standard chart for ${basename(path)}; choose columns with --y <columns> [--x <column>]`,
        );
      }
      const out = options.out
        ? resolvePath(io, options.out)
        : join(await reportDirOf(dirname(path)), basename(chart.out));
      await refuseForeign(io, out, options.force);
      throwIfFailed(
        await drawStandardCharts(io, [chart], dirname(out), { outputFor: () => out, force: true }),
      );
    });
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
  const csv = await loadCsvLog(csvPath);
  await mkdir(dirname(out), { recursive: true });
  printIssues(io, fromReadIssues(csvPath, csv.issues));
  for (const column of [x, ...options.y]) {
    if (!csv.has(column)) {
      throw new InputError(
        displayPath(io, csvPath),
        `no column "${column}" (columns: ${csv.header.join(', ')})`,
      );
    }
  }
  const { renderColumns } = await import('@evidence/plots');
  const { OwnedFiles } = await import('@evidence/report');
  const owned = await OwnedFiles.of(out);
  await owned.claim(out); // listed before it exists: a kill or a full disk leaves it ours to redo
  const written = await renderColumns(csv, out, {
    x,
    y: options.y,
    ...(options.logY ? { logY: true } : {}),
    ...(options.title ? { title: options.title } : {}),
  });
  owned.add(written);
  await owned.save();
  printLine(io.stdout, `wrote   ${displayPath(io, written)}`);
}

/** Where `plot DIR` and `watch DIR` draw by default: the folder of the report, beside its page. */
export async function reportDirOf(dir: string): Promise<string> {
  const { REPORT_DIR } = await import('@evidence/report');
  return join(dir, REPORT_DIR);
}

/** A chart file named on the command line that another program wrote is bad input, unless `--force`. */
async function refuseForeign(io: CliIo, out: string, force: boolean | undefined): Promise<void> {
  if (force) return;
  const { OwnedFiles } = await import('@evidence/report');
  if (!(await OwnedFiles.of(out)).mayWrite(out)) {
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
  const { OwnedFiles } = await import('@evidence/report');
  const owned = await OwnedFiles.read(outDir);
  const drawable = options.force ? charts : charts.filter((chart) => owned.mayWrite(outputFor(chart)));
  // listed before they exist: a kill or a full disk leaves them ours to redo
  for (const chart of drawable) owned.add(outputFor(chart));
  await owned.save();
  const progress = createProgress(io);
  let result: StandardChartsResult;
  try {
    result = await plots.drawStandardCharts(drawable, {
      outputFor,
      onProgress: (done, total, what) => progress.update(done, total, what),
    });
  } finally {
    progress.stop();
  }
  for (const { path } of result.written) owned.add(path);
  await owned.save();
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

/** Every chart that could be drawn was; each failure was printed on its own line; exit 1 if any. */
function throwIfFailed(result: StandardChartsResult): void {
  if (result.failed.length > 0) throw new ReportedFailure(`${result.failed.length} chart(s) failed`);
}
