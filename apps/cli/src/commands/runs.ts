import { parseJsonLimited, readInputText } from '@evidence/node-kit';
import type { Normalize, RunsReport } from '@evidence/report';
import type { Discovery } from '@evidence/sources';
import { type Command, InvalidArgumentError } from 'commander';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from '../bootstrap-defaults.js';
import { discoveryOptions, readRuns } from '../discovery.js';
import { InputError, ReportedFailure, UsageError } from '../errors.js';
import { type CliIo, printJson, printLine } from '../io.js';
import { integerOption, MAX_RESAMPLES } from '../options.js';
import { displayPath, kindOf, resolvePath } from '../paths.js';
import { createProgress } from '../progress.js';
import { runsMetrics } from '../runs-metrics.js';
import { count } from '../words.js';
import { referenceScores } from './reference-scores.js';

interface RunsOptions {
  pattern?: string;
  runColumn?: string;
  groupBy?: string;
  strict?: boolean;
  x?: string;
  y?: string;
  final: number;
  normalize?: string;
  reference?: string;
  seed: number;
  resamples: number;
  out?: string;
  json?: boolean;
  requireImprovement?: string[];
  baseline?: string;
}

/** `10%` or `0.1`: the share of the budget whose rows make a run's final score. */
function shareOption(value: string): number {
  const text = value.trim();
  const share = text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
  if (text === '' || !(share > 0 && share <= 1))
    throw new InvalidArgumentError('expected a share of the budget in (0, 1], as 10% or 0.1.');
  return share;
}

export function runsCommand(command: Command, io: CliIo): void {
  command
    .description(
      'many runs and seeds compared: IQM, bootstrap intervals, P(improvement), performance profiles',
    )
    .argument(
      '<root>',
      'folder of runs in any layout evidence reads (evidence folders, SB3, rl-zoo, CleanRL, RLlib, Lightning, HF Trainer, MLflow, TensorBoard, long-format tables)',
    )
    .option(
      '--pattern <pattern>',
      "paths under ROOT to {group}, {task} and {run} when the layout does not tell, e.g. '{group}/{run}/progress.csv' ({run} may be a folder, * matches a varying part)",
    )
    .option(
      '--run-column <name>',
      'the column that splits a long-format table into runs (default: seed, run or run_id)',
    )
    .option(
      '--group-by <keys>',
      "configuration keys that name each run's group, e.g. 'lr,clip_range' (default: the algorithm in the path, else every key that differs but the seed)",
    )
    .option('--strict', 'exit 1 when any run was skipped (unreadable, nothing logged yet)')
    .option(
      '--x <column>',
      'x column (default: step, total timesteps, time/total_timesteps, global_step, timesteps or episode)',
    )
    .option(
      '--y <column>',
      'y column (default: reward, ep_rew_mean, rollout/ep_rew_mean, … the first every run has)',
    )
    .option('--final <share>', 'final score: mean y over rows with x ≥ (1 − share)·budget', shareOption, 0.1)
    .option(
      '--normalize <how>',
      '\'minmax\' or FILE.json ({"task": [low, high]}): adds IQM, median, mean and optimality gap across tasks, P(A > B) over tasks, the performance profile',
    )
    .option(
      '--reference <file>',
      'each task\'s random and expert scores (JSON {"task": {"random": r, "expert": e}} or CSV task,random,expert): normalizes (score − random)/(expert − random) for the aggregates, as rliable\'s Atari tables',
    )
    .option('--seed <n>', 'seed of every bootstrap interval', integerOption(0, 0xffffffff), BOOTSTRAP_SEED)
    .option(
      '--resamples <n>',
      'bootstrap resamples per interval',
      integerOption(100, MAX_RESAMPLES),
      BOOTSTRAP_RESAMPLES,
    )
    .option('--out <dir>', 'write index.html, RUNS.md, runs.json and the charts (PNG and SVG) here')
    .option('--json', 'print the statistics as JSON')
    .option(
      '--baseline <group>',
      'rank every group against this one in the page and RUNS.md (default: against the best one)',
    )
    .option(
      '--require-improvement <groups...>',
      'A B: exit 1 unless the one-sided exact permutation (Mann–Whitney) test finds A above B at 5% (stratified across tasks); with too few runs to ever reach 5%, fails and says how many would',
    )
    .addHelpText(
      'after',
      `
Without --pattern the layout decides (CleanRL's runs/{env}__{exp}__{seed}__{time}, rl-zoo's
logs/{algo}/{env}_{n}, SB3's tensorboard_log/{ALGO}_{n}, Ray Tune trials, one folder per run…); one line
on stderr says what was taken as groups, tasks and runs. A run that cannot be read is skipped with its
reason and the rest goes on (--strict: exit 1).

Example:
  $ evidence runs runs/ --normalize minmax --json                                 # CleanRL's TensorBoard runs
  $ evidence runs logs/ --y r                                                     # rl-zoo: monitor files per run
  $ evidence runs runs/ --pattern '{group}/{task}/{run}.csv' --y 'rollout/ep_rew_mean' --out runs-report
  $ evidence runs results.csv --run-column trial                                  # one long-format table`,
    )
    .action((rootArg: string, options: RunsOptions) => runsAction(io, rootArg, options));
}

/** Parses, calls report's `runsReport` once, prints its text or JSON, writes its page, applies the gate. */
async function runsAction(io: CliIo, rootArg: string, options: RunsOptions): Promise<void> {
  const root = resolvePath(io, rootArg);
  if ((await kindOf(root)) === 'missing')
    throw new InputError(displayPath(io, root), 'no such file or directory');
  const out = options.out === undefined ? undefined : resolvePath(io, options.out);
  // said before the statistics run, not as a raw EEXIST after them
  if (out !== undefined && (await kindOf(out)) === 'file')
    throw new InputError(displayPath(io, out), 'is a file; --out names the folder the report goes to');
  const gate = options.requireImprovement;
  if (gate && gate.length !== 2)
    throw new UsageError(`--require-improvement: expected two groups A B, got ${gate.length}`);
  const normalize = await normalization(io, options);
  const where = displayPath(io, root);
  const found = await readRuns(io, root, {
    ...discoveryOptions(options),
    metrics: await runsMetrics(options),
    ...(out === undefined ? {} : { exclude: out }),
  });
  const { runsReport } = await import('@evidence/report');
  // on a terminal: the statistics, then the page and charts (--out); nothing on a pipe or with --json
  const progress = createProgress(io, { quiet: options.json === true });
  const phases = out === undefined ? 1 : 2;
  progress.update(0, phases, `statistics of ${count(found.runs.length, 'run')}`);
  let runs: RunsReport;
  try {
    runs = await runsReport(found, {
      label: where,
      ...(options.x === undefined ? {} : { x: options.x }),
      ...(options.y === undefined ? {} : { y: options.y }),
      final: options.final,
      seed: options.seed,
      resamples: options.resamples,
      ...(normalize ? { normalize } : {}),
      ...(options.baseline === undefined ? {} : { baseline: options.baseline }),
    });
  } catch (error) {
    progress.stop();
    printSkipped(io, found, root, where);
    if (error instanceof Error && error.name === 'RunsInputError') {
      const runPath = found.runs.find((r) => error.message.startsWith(`${r.id}`));
      throw new InputError(undefined, runPath ? `${where}/${error.message}` : error.message);
    }
    throw error;
  }
  progress.stop();
  printSkipped(io, found, root, where);
  // runs logging other columns than the x and y compared: left out, said like the discovery's skips
  for (const s of runs.left) printLine(io.stderr, `${where}/${s.path}: skipped: ${s.why}`);
  if (options.strict && runs.left.length > 0) {
    printLine(io.stderr, `evidence: --strict: ${runs.left.length} run(s) skipped`);
    throw new ReportedFailure(`--strict: ${runs.left.length} run(s) skipped`);
  }
  if (options.json) {
    for (const line of runs.findings) printLine(io.stderr, line);
    printJson(io.stdout, { ...runs.json(), unread: found.unread });
  } else printLine(io.stdout, runs.text());
  if (out !== undefined) {
    progress.update(1, phases, 'charts and page');
    const written = await runs.write(out).finally(() => progress.stop());
    const charts = written.files.filter((f) => f.endsWith('.png')).length;
    printLine(
      options.json ? io.stderr : io.stdout,
      `report: ${displayPath(io, out)}/index.html (and RUNS.md, runs.json, ${count(charts, 'chart')} as PNG and SVG)`,
    );
  }
  if (gate) requireImprovement(io, runs, gate[0] as string, gate[1] as string);
}

/** The lines the readers skipped or said, on stderr (files not read are in the summary's note). */
function printSkipped(io: CliIo, found: Discovery, root: string, where: string): void {
  for (const issue of found.runs.flatMap((run) => run.issues))
    printLine(io.stderr, issue.startsWith(root) ? `${where}${issue.slice(root.length)}` : issue);
}

/** --normalize or --reference (one of them): the normalization of the aggregates across tasks. */
async function normalization(io: CliIo, options: RunsOptions): Promise<Normalize | undefined> {
  if (options.reference !== undefined && options.normalize !== undefined)
    throw new UsageError('--reference and --normalize: give one (--reference is the normalization)');
  if (options.reference === undefined) return normalizeOption(io, options.normalize);
  const path = resolvePath(io, options.reference);
  return referenceScores(path, displayPath(io, path));
}

/** The CI gate (`--require-improvement A B`): exit 1 unless A is shown to end above B. */
function requireImprovement(io: CliIo, runs: RunsReport, a: string, b: string): void {
  const result = runs.gate(a, b);
  if (result.status === 'unknown-group') throw new UsageError(result.message);
  printLine(io.stderr, `evidence: ${result.message}`);
  if (result.status === 'not-improved') throw new ReportedFailure(result.message);
}

async function normalizeOption(io: CliIo, value: string | undefined): Promise<Normalize | undefined> {
  if (value === undefined) return undefined;
  if (value === 'minmax') return 'minmax';
  if (!/\.json$/i.test(value))
    throw new UsageError(`--normalize: expected minmax or a FILE.json, got ${JSON.stringify(value)}`);
  const path = resolvePath(io, value);
  const label = displayPath(io, path);
  let parsed: unknown;
  try {
    parsed = parseJsonLimited(await readInputText(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw new InputError(label, `not valid JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new InputError(label, 'expected an object {"task": [low, high], …}');
  const ranges: Record<string, [number, number]> = {};
  for (const [task, range] of Object.entries(parsed)) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((v) => typeof v === 'number'))
      throw new InputError(
        label,
        `task ${JSON.stringify(task)}: expected [low, high] (two numbers), got ${JSON.stringify(range)}`,
      );
    ranges[task] = [range[0] as number, range[1] as number];
  }
  return { label, ranges };
}
