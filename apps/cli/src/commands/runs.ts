import { parseJsonLimited, readInputText } from '@evidence/node-kit';
import type { Normalize, RunsAnalysis } from '@evidence/report';
import { type Command, InvalidArgumentError } from 'commander';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from '../bootstrap-defaults.js';
import { discoveryOptions, readRuns } from '../discovery.js';
import { InputError, ReportedFailure, UsageError } from '../errors.js';
import { type CliIo, printJson, printLine } from '../io.js';
import { integerOption, MAX_RESAMPLES } from '../options.js';
import { displayPath, kindOf, resolvePath } from '../paths.js';
import { successRates, successTable } from '../success-rates.js';
import { renderTextTable } from '../text-table.js';
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
    .action(async (rootArg: string, options: RunsOptions) => {
      const root = resolvePath(io, rootArg);
      if ((await kindOf(root)) === 'missing')
        throw new InputError(displayPath(io, root), 'no such file or directory');
      const report = await import('@evidence/report');
      const out = options.out === undefined ? undefined : resolvePath(io, options.out);
      // said before the statistics run, not as a raw EEXIST after them
      if (out !== undefined && (await kindOf(out)) === 'file')
        throw new InputError(displayPath(io, out), 'is a file; --out names the folder the report goes to');
      const where = displayPath(io, root);
      const found = await readRuns(io, root, {
        ...discoveryOptions(options),
        ...(out === undefined ? {} : { exclude: out }),
      });
      const loaded = await report.loadRuns(found);
      const printSkipped = () => {
        if (loaded.ignored.length > 0)
          printLine(
            io.stderr,
            `${where}: ${count(loaded.ignored.length, 'other file')} ignored (no run's files)`,
          );
        for (const issue of loaded.issues)
          printLine(io.stderr, issue.startsWith(root) ? `${where}${issue.slice(root.length)}` : issue);
      };
      const gate = options.requireImprovement;
      if (gate && gate.length !== 2)
        throw new UsageError(`--require-improvement: expected two groups A B, got ${gate.length}`);
      if (options.reference !== undefined && options.normalize !== undefined)
        throw new UsageError('--reference and --normalize: give one (--reference is the normalization)');
      const normalize =
        options.reference === undefined
          ? await normalizeOption(io, options.normalize)
          : await referenceScores(
              resolvePath(io, options.reference),
              displayPath(io, resolvePath(io, options.reference)),
            );
      let analysis: RunsAnalysis;
      try {
        // run.json beside an evidence folder's log declares its metrics' ranges: bands stay inside
        analysis = report.analyzeRuns(await report.withDeclaredRanges(loaded.runs), {
          ...(options.x === undefined ? {} : { x: options.x }),
          ...(options.y === undefined ? {} : { y: options.y }),
          final: options.final,
          seed: options.seed,
          resamples: options.resamples,
          ...(normalize ? { normalize } : {}),
        });
      } catch (error) {
        printSkipped();
        if (error instanceof Error && error.name === 'RunsInputError') {
          const runPath = loaded.runs.find((r) => r.path && error.message.startsWith(`${r.path}`))?.path;
          throw new InputError(undefined, runPath ? `${where}/${error.message}` : error.message);
        }
        throw error;
      }
      printSkipped();
      // runs logging other columns than the x and y compared: left out, said like the discovery's skips
      const left = analysis.summary.skipped ?? [];
      for (const s of left) printLine(io.stderr, `${where}/${s.path}: skipped: ${s.why}`);
      const skipped = [...loaded.skipped, ...left];
      if (options.strict && left.length > 0) {
        printLine(io.stderr, `evidence: --strict: ${left.length} run(s) skipped`);
        throw new ReportedFailure(`--strict: ${left.length} run(s) skipped`);
      }
      const groups = [...new Set(analysis.summary.runs.map((r) => r.group))].sort(report.naturalCompare);
      if (options.baseline !== undefined && !groups.includes(options.baseline))
        throw new InputError(
          where,
          `--baseline ${options.baseline}: no such group; the groups are ${groups.map((g) => `'${g}'`).join(', ')}`,
        );
      const notes = {
        root: where,
        skipped,
        issues: loaded.issues,
        // each configuration's hyper-parameters, where the runs' files give them: the page ranks what matters
        configs: report.sweepConfigs(loaded.runs),
        ...(options.baseline === undefined ? {} : { baseline: options.baseline }),
      };
      const findings = report.runsFindings(analysis, notes);
      const success = successRates(loaded.read, options.final);
      if (options.json) {
        for (const line of findings) printLine(io.stderr, line);
        printJson(io.stdout, {
          ...analysis.summary,
          skipped,
          unread: found.unread,
          ...(success.length > 0 ? { success_rates: success } : {}),
        });
      } else {
        printLine(io.stdout, humanReport(analysis, findings, report, options.baseline));
        if (success.length > 0)
          printLine(
            io.stdout,
            `\nsuccess rate over the final ${options.final * 100}% of each run's episodes, pooled per group (Wilson 95% CI)\n${renderTextTable(
              ['task', 'group', 'outcome', 'runs', 'successes', 'rate', '95% CI'],
              successTable(success, report.formatRunsNumber),
            )}`,
          );
      }
      if (out !== undefined) {
        const written = await report.writeRunsReport(analysis, out, notes);
        const charts = written.files.filter((f) => f.endsWith('.png')).length;
        printLine(
          options.json ? io.stderr : io.stdout,
          `report: ${displayPath(io, out)}/index.html (and RUNS.md, runs.json, ${count(charts, 'chart')} as PNG and SVG)`,
        );
      }
      if (gate) requireImprovement(io, analysis, gate[0] as string, gate[1] as string, report);
    });
}

/** `1 run`, `2 runs`: a count with its noun agreeing. */
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The CI gate: A must end above B by the one-sided exact test at 5 % (across tasks, the stratified test
 * over the tasks both ran with two or more complete runs). With too few runs for any result to reach
 * 5 %, it fails and says how many runs per group could.
 */
function requireImprovement(
  io: CliIo,
  analysis: RunsAnalysis,
  a: string,
  b: string,
  report: typeof import('@evidence/report'),
): void {
  const groups = new Set(analysis.summary.runs.map((r) => r.group));
  for (const name of [a, b])
    if (!groups.has(name))
      throw new UsageError(
        `--require-improvement: no group ${JSON.stringify(name)}; the groups are ${[...groups].join(', ')}`,
      );
  const pair = analysis.summary.overall.find((p) => p.a === a && p.b === b);
  if (!pair || pair.p === null) {
    const why = pair?.note
      ? `--require-improvement: P(${a} > ${b}) cannot be told: ${pair.note}`
      : `--require-improvement: ${a} and ${b} never ran the same task with complete runs, so nothing shows ${a} improves on ${b}`;
    printLine(io.stderr, `evidence: ${why}`);
    throw new ReportedFailure(why);
  }
  const counts = report.runCounts(analysis.summary, a, b);
  const f = report.formatRunsNumber;
  const tasks = Object.keys(analysis.summary.tasks).length;
  const test = `one-sided exact test${tasks > 1 ? ' stratified over tasks' : ''}`;
  const said = `P(${a} > ${b}) = ${f(pair.p)}, 95% CI ${report.improvementInterval(pair)}, ${test} p = ${f(pair.p_value)} (${counts})`;
  if (report.passes(pair)) {
    printLine(io.stderr, `evidence: improved: ${said} ≤ 0.05`);
    return;
  }
  const why =
    pair.smallest_p !== null && pair.smallest_p > 0.05
      ? `cannot tell at 95%: with ${counts.replace(/^n = /, '')} runs no result can reach p ≤ 0.05 (the smallest possible p is ${f(pair.smallest_p)}); at least ${pair.runs_to_reach} runs per group can`
      : `p > 0.05, so ${a} is not shown to improve on ${b}`;
  printLine(io.stderr, `evidence: not improved: ${said}: ${why}`);
  throw new ReportedFailure(`--require-improvement: ${why}`);
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

function humanReport(
  analysis: RunsAnalysis,
  findings: readonly string[],
  report: typeof import('@evidence/report'),
  baseline?: string,
): string {
  const { summary } = analysis;
  const f = report.formatRunsNumber;
  const ci = (c: [number, number] | null, range?: [number, number]) =>
    c ? `[${f(c[0])}, ${f(c[1])}]` : range ? `range ${f(range[0])} to ${f(range[1])}` : '';
  const parts: string[] = [report.runsVerdict(summary, baseline), '', ...findings, ''];
  for (const [task, { budget, groups }] of Object.entries(summary.tasks)) {
    parts.push(`${task}: final ${summary.y} (budget ${summary.x} = ${budget})`); // exact: 35839, not 35840
    parts.push(
      renderTextTable(
        ['group', 'runs', 'complete', 'mean', 'median', 'IQM', '95% CI of IQM'],
        Object.entries(groups).map(([g, s]) => [
          g,
          String(s.runs),
          String(s.complete),
          f(s.mean),
          f(s.median),
          f(s.iqm),
          report.groupInterval(s, analysis.declared[task]?.[g]),
        ]),
      ),
      '',
    );
    const pairs = summary.improvement[task] ?? [];
    if (pairs.length > 0)
      parts.push(
        renderTextTable(
          ['P(A > B)', 'P', '95% CI', 'p-value', 'in words', 'seeds needed'],
          pairs.map((p) => [
            `${p.a} > ${p.b}`,
            f(p.p),
            report.improvementInterval(p),
            f(p.p_value),
            report.improvementVerdict(summary, p, task),
            report.seedsSentence(p, report.seedsOf(summary, task, p.a, p.b)),
          ]),
        ),
        '',
      );
  }
  if (summary.aggregate) {
    parts.push(
      `all tasks, normalized (${summary.aggregate.normalize}): rliable's aggregates with stratified bootstrap 95% CIs (optimality gap: lower is better)`,
      report.normalizeNote(summary.aggregate.normalize),
    );
    parts.push(
      renderTextTable(
        ['group', 'IQM', '95% CI', 'median', '95% CI', 'mean', '95% CI', 'optimality gap', '95% CI'],
        Object.entries(summary.aggregate.groups).map(([g, s]) => [
          g,
          f(s.iqm),
          ci(s.iqm_ci ?? null, s.ranges?.iqm),
          f(s.median),
          ci(s.median_ci ?? null, s.ranges?.median),
          f(s.mean),
          ci(s.mean_ci ?? null, s.ranges?.mean),
          f(s.optimality_gap),
          ci(s.optimality_gap_ci ?? null, s.ranges?.optimality_gap),
        ]),
      ),
      '',
    );
    if (summary.aggregate.improvement.length > 0)
      parts.push(
        renderTextTable(
          ['P(A > B), all tasks', 'P', '95% CI', 'p-value', 'in words', 'seeds needed'],
          summary.aggregate.improvement.map((p) => [
            `${p.a} > ${p.b}`,
            f(p.p),
            report.improvementInterval(p),
            f(p.p_value),
            report.improvementVerdict(summary, p),
            report.seedsSentence(p, report.seedsAcross(summary, p.a, p.b)),
          ]),
        ),
        '',
      );
  }
  const incomplete = summary.runs.filter((r) => !r.complete);
  for (const r of incomplete) parts.push(`stopped early: ${r.path} (last ${summary.x} ${f(r.last_x)})`);
  analysis.aligned.forEach((a, i) => {
    for (const restart of a.restarts)
      parts.push(
        `restarted: ${summary.runs[i]?.path}: ${summary.x} went back from ${f(restart.previous)} to ${f(restart.x)}; later rows used from there`,
      );
  });
  return parts.join('\n').trimEnd();
}
