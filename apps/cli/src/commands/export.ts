import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Discovery } from '@evidence/sources';
import type { Command } from 'commander';
import { discoveryOptions, readRuns } from '../discovery.js';
import { InputError, ReportedFailure, UsageError } from '../errors.js';
import { type CliIo, printJson, printLine, writeWithBackpressure } from '../io.js';
import { printRunIssues } from '../issues.js';
import { displayPath, kindOf, resolvePath } from '../paths.js';
import { createProgress } from '../progress.js';
import { count } from '../words.js';

interface ExportOptions {
  out: string;
  pattern?: string;
  runColumn?: string;
  groupBy?: string;
  strict?: boolean;
  force?: boolean;
  json?: boolean;
}

export function exportCommand(command: Command, io: CliIo): void {
  command
    .description(
      "every run's series in long form (group, task, run, run_id, source, metric, step, wall_time, value, then its configuration), for DuckDB, Polars, pandas or Spark",
    )
    .argument('<root>', 'a folder of runs (or one run file) in any layout evidence reads')
    .requiredOption('-o, --out <file>', "the file to write: .parquet or .csv; '-': CSV on standard output")
    .option(
      '--pattern <pattern>',
      "paths under ROOT to {group}, {task} and {run}, e.g. '{group}/{run}/progress.csv'",
    )
    .option(
      '--run-column <name>',
      'the column that splits a long-format table into runs (default: seed, run or run_id)',
    )
    .option(
      '--group-by <keys>',
      "configuration keys that name each run's group, e.g. 'lr,clip_range' (default: the algorithm in the path, else every key that differs but the seed)",
    )
    .option('--strict', 'exit 1 when any run was skipped')
    .option('--force', 'replace OUT when it already exists')
    .option('--json', 'print what was written as JSON (file, rows, metrics, runs, configuration columns)')
    .addHelpText(
      'after',
      `
One row per logged value: every value at a repeated step is kept; wall_time is empty (null) where the
format has none. run_id is unique per run (its path under ROOT). Then one column per configuration key
(run.json, params.json, config.yml, TensorBoard hparams…; nested keys as optimizer.lr; config.<key> when
a key clashes with a column above), empty where a run lacks it. Parquet: text as UTF-8 strings; step,
wall_time, value as DOUBLE; a configuration column as DOUBLE, BOOLEAN or STRING. Runs are found first,
then each is read again as it is written, in row groups (Parquet) or chunks (CSV): memory holds a few
runs' series, not the sweep's.

Examples:
  $ evidence export runs/ --out runs.parquet
  $ evidence export runs/ -o - | duckdb -c "SELECT metric, count(*) FROM read_csv('/dev/stdin') GROUP BY 1"
  $ duckdb -c "SELECT \\"group\\", max(value) FROM 'runs.parquet' WHERE metric = 'charts/episodic_return' GROUP BY 1"
  $ duckdb -c "SELECT lr, avg(value) FROM 'runs.parquet' WHERE metric = 'rollout/ep_rew_mean' GROUP BY lr"
  $ evidence export results.csv --run-column trial --out long.csv`,
    )
    .action((rootArg: string, options: ExportOptions) => exportAction(io, rootArg, options));
}

/** Checks the arguments, finds the runs, writes them (a file, or CSV on stdout for `-o -`), says what it wrote. */
async function exportAction(io: CliIo, rootArg: string, options: ExportOptions): Promise<void> {
  const root = resolvePath(io, rootArg);
  const toStdout = options.out === '-';
  const out = toStdout ? '-' : resolvePath(io, options.out);
  const kind = toStdout ? '.csv' : extname(out).toLowerCase();
  if (kind !== '.parquet' && kind !== '.csv')
    throw new UsageError(`--out: expected a .parquet or .csv file, or -, got ${JSON.stringify(options.out)}`);
  if (toStdout && options.json)
    throw new UsageError('--json with -o -: standard output holds the CSV; give --out a file for --json');
  if ((await kindOf(root)) === 'missing')
    throw new InputError(displayPath(io, root), 'no such file or directory');
  if (!toStdout) await requireWritable(io, out, options.force === true);
  // first the runs without their series (identities, groups, configuration: the file's columns),
  // then each run's series read again as it is written: memory holds one source's series at a time
  const found = await findRuns(io, root, toStdout ? undefined : out, options);
  const sources = await import('@evidence/sources');
  const exported: { id: string; issues: readonly string[] }[] = [];
  // on a terminal, a bar of runs written (not on a pipe, not with --json)
  const progress = createProgress(io, { quiet: options.json === true });
  const runs = {
    runs: found.runs,
    async *withSeries() {
      for await (const run of sources.withSeries(found)) {
        exported.push({ id: run.id, issues: run.issues });
        progress.update(exported.length, found.runs.length, run.id);
        yield run;
      }
    },
  };
  const result = await (toStdout
    ? sources.exportCsvTo(runs, (text) => writeWithBackpressure(io.stdout, text))
    : kind === '.parquet'
      ? sources.exportParquet(runs, out)
      : sources.exportCsv(runs, out)
  ).finally(() => progress.stop());
  printRunIssues(io, root, exported, 'exported');
  const where = toStdout ? 'standard output' : displayPath(io, out);
  if (options.json) {
    printJson(io.stdout, {
      out: where,
      format: kind.slice(1),
      rows: result.rows,
      metrics: result.metrics,
      runs: found.runs.length,
      config: result.config,
    });
    return;
  }
  // named up to 20; a run.json of 200,000 keys is a count, not a line of them
  const config = result.config;
  const named =
    config.length > 20
      ? `${config.slice(0, 20).join(', ')}, … ${config.length - 20} more`
      : config.join(', ');
  const left =
    result.configLeftOut > 0
      ? `; ${result.configLeftOut} more configuration keys not exported (at most ${config.length} columns, those that differ between runs first)`
      : '';
  const settings = config.length === 0 ? '' : `; configuration columns: ${named}${left}`;
  printLine(
    toStdout ? io.stderr : io.stdout,
    `wrote   ${where} (${result.rows} values of ${result.metrics} metrics from ${count(found.runs.length, 'run')}${settings})`,
  );
}

/** OUT is a file that may be written: not a folder, and replaced only with --force. */
async function requireWritable(io: CliIo, out: string, force: boolean): Promise<void> {
  const existing = await stat(out).catch(() => null);
  if (existing?.isDirectory())
    throw new InputError(displayPath(io, out), 'is a directory, expected a file to write');
  if (existing && !force)
    throw new InputError(displayPath(io, out), 'already exists; pass --force to replace it');
}

/** Skips of a discovery that parsed only the x and y columns which a read of every column may undo. */
const EMPTY_AS_READ = /^(no values to read|no numeric column)/;

/**
 * The runs to export, found without their series. A discovery that parses only each table's x and y
 * columns (`metrics: []`) is enough unless it skipped a run for holding no values: export needs no x or
 * y, and a run whose would-be y is text or empty still has its other metrics, never parsed. Then the
 * discovery is made again reading every column, each series cut to its first and last point; its
 * summary and skips are the ones printed. --strict is applied to the discovery kept.
 */
async function findRuns(
  io: CliIo,
  root: string,
  out: string | undefined,
  options: ExportOptions,
): Promise<Discovery> {
  const { strict, ...given } = discoveryOptions(options);
  const held: string[] = [];
  const quiet: CliIo = {
    ...io,
    stderr: {
      write: (text: string) => {
        held.push(text);
        return true;
      },
    },
  };
  let found: Discovery | undefined;
  try {
    found = await readRuns(quiet, root, {
      ...given,
      ...(out === undefined ? {} : { exclude: out }),
      metrics: [],
    });
  } catch (error) {
    // nothing found with x and y alone: every column may find something
    if (!(error instanceof InputError)) throw error;
  }
  if (found === undefined || found.skipped.some((s) => EMPTY_AS_READ.test(s.why)))
    return readRuns(io, root, {
      ...given,
      ...(strict ? { strict } : {}),
      ...(out === undefined ? {} : { exclude: out }),
      downsample: 2,
    });
  for (const text of held) io.stderr.write(text);
  if (strict && found.skipped.length > 0) {
    printLine(io.stderr, `evidence: --strict: ${found.skipped.length} run(s) skipped`);
    throw new ReportedFailure(`--strict: ${found.skipped.length} run(s) skipped`);
  }
  return found;
}
