/**
 * Many runs and seeds compared with rliable's statistics: per task and group the IQM of the final
 * scores with a bootstrap interval, P(A > B) for every ordered pair of groups, and across tasks the
 * normalized IQM and performance profile with stratified bootstrap intervals.
 */

import { X_CANDIDATES, Y_CANDIDATES } from '@evidence/sources';
import { stream } from '../stats/resample.js';
import { improvementWithInterval, iqmWithInterval, stratifiedWithInterval } from '../stats/run-intervals.js';
import { mean, median } from '../summary.js';
import { type AlignedRun, alignRun, type Restart } from './align.js';
import type { RunTable } from './run-table.js';

/** One run in memory, labelled. `path` is how the run is named in the output (default: table.path). */
export interface RunInput {
  table: RunTable;
  group: string;
  task: string;
  path?: string;
  /** restarts the reader already resolved (@evidence/sources purges what a restart replaces) */
  restarts?: readonly { step: number; previous: number; line?: number }[];
}

export type Normalize = 'minmax' | { label: string; ranges: Record<string, readonly [number, number]> };

export interface CompareRunsOptions {
  /** x column; default the first present in every run of X_CANDIDATES */
  x?: string;
  /** y column; default the first present in every run of Y_CANDIDATES */
  y?: string;
  /** share of the budget whose rows make the final score (default 0.1: rows with x ≥ 0.9·B) */
  final?: number;
  normalize?: Normalize;
  /** seed of every interval (default 0) */
  seed?: number;
  /** bootstrap resamples per interval (default 2000) */
  resamples?: number;
}

/** x and y defaults: every format's, from @evidence/sources (ours, SB3, CleanRL, RLlib, baselines, Lightning…). */
export { X_CANDIDATES, Y_CANDIDATES };
export const DEFAULT_RESAMPLES = 2000;
export const COMPLETE_SHARE = 0.95;

export interface RunSummary {
  path: string;
  group: string;
  task: string;
  rows: number;
  last_x: number;
  complete: boolean;
  final: number | null;
}

export interface GroupSummary {
  runs: number;
  complete: number;
  mean: number | null;
  median: number | null;
  iqm: number | null;
  iqm_ci: [number, number] | null;
}

export interface Improvement {
  a: string;
  b: string;
  p: number | null;
  ci: [number, number] | null;
}

/** What `compareRuns` returns and `evidence runs --json` prints. */
export interface RunsSummary {
  x: string;
  y: string;
  runs: RunSummary[];
  tasks: Record<string, { budget: number; groups: Record<string, GroupSummary> }>;
  improvement: Record<string, Improvement[]>;
  aggregate: {
    normalize: string;
    groups: Record<string, { iqm: number; iqm_ci: [number, number] }>;
  } | null;
}

export interface Curve {
  grid: number[];
  mean: number[];
  low: number[];
  high: number[];
}

/** Everything the page and RUNS.md draw, beyond the summary. */
export interface RunsAnalysis {
  summary: RunsSummary;
  /** per run (same order as summary.runs): its aligned rows and restarts */
  aligned: AlignedRun[];
  /** per task, per group: the mean curve on a common grid with a 95 % band (mean ± 1.96 standard errors) */
  curves: Record<string, Record<string, Curve>>;
  /** with --normalize: τ grid and per group the fraction of runs above each τ, with its band */
  profile: {
    taus: number[];
    groups: Record<string, { fraction: number[]; low: number[]; high: number[] }>;
  } | null;
  /** normalization range used per task */
  ranges: Record<string, [number, number]> | null;
  options: { final: number; seed: number; resamples: number };
}

/** Bad input (a missing column, too few runs…): the message names the path and what was expected. */
export class RunsInputError extends Error {
  override name = 'RunsInputError';
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const uniqueSorted = (values: readonly string[]): string[] => [...new Set(values)].sort(byName);

function pickColumn(
  runs: readonly RunInput[],
  wanted: string | undefined,
  candidates: readonly string[],
  what: '--x' | '--y',
): string {
  const label = (run: RunInput) => run.path ?? run.table.path;
  const describe = (run: RunInput) =>
    `it has ${[...run.table.columns.keys()].map((n) => JSON.stringify(n)).join(', ') || 'no numeric columns'}`;
  const chosen =
    wanted ??
    candidates.find((name) =>
      runs.every((run) => run.table.columns.has(name) || textIssue(run, name) !== undefined),
    );
  if (chosen === undefined) {
    const lacking = runs.find((run) => !candidates.some((name) => run.table.columns.has(name))) ?? runs[0];
    throw new RunsInputError(
      `${lacking ? label(lacking) : '(no runs)'}: no ${what === '--x' ? 'x' : 'y'} column; expected one of ${candidates
        .map((n) => JSON.stringify(n))
        .join(', ')} in every run, or ${what} COL${lacking ? `; ${describe(lacking)}` : ''}`,
    );
  }
  for (const run of runs) {
    if (run.table.columns.has(chosen)) continue;
    const why = textIssue(run, chosen);
    if (why) {
      const at = /:(\d+): column "(?:[^"\\]|\\.)*" holds text \((".*")\)/.exec(why);
      throw new RunsInputError(
        at
          ? `${label(run)}:${at[1]}: column ${JSON.stringify(chosen)} (${what}) is not numeric: ${at[2]}`
          : `${why}; expected numbers for ${what}`,
      );
    }
    throw new RunsInputError(
      `${label(run)}: no column ${JSON.stringify(chosen)} (${what}); ${describe(run)}`,
    );
  }
  return chosen;
}

/** The reader left a text column out and said where (file, line, cell): the reason to give. */
function textIssue(run: RunInput, name: string): string | undefined {
  return run.table.issues.find((issue) => issue.includes(`column ${JSON.stringify(name)} holds text`));
}

/** A run's y at x by linear interpolation, NaN outside the x it covers. */
function interpolate(run: AlignedRun, at: number, from: number): { value: number; next: number } {
  const { x, y } = run;
  const n = x.length;
  if (n === 0 || at < (x[0] as number) || at > (x[n - 1] as number)) return { value: Number.NaN, next: from };
  let i = from;
  while (i < n - 1 && (x[i + 1] as number) < at) i++;
  if ((x[i] as number) === at || i === n - 1) return { value: y[i] as number, next: i };
  const x0 = x[i] as number;
  const x1 = x[i + 1] as number;
  const t = (at - x0) / (x1 - x0);
  return { value: (y[i] as number) + t * ((y[i + 1] as number) - (y[i] as number)), next: i };
}

const GRID_POINTS = 100;

function meanCurve(runs: readonly AlignedRun[], low: number, high: number): Curve {
  const grid = Array.from({ length: GRID_POINTS }, (_, i) => low + ((high - low) * i) / (GRID_POINTS - 1));
  const cursors = runs.map(() => 0);
  const curve: Curve = { grid, mean: [], low: [], high: [] };
  for (const at of grid) {
    const values: number[] = [];
    runs.forEach((run, r) => {
      const { value, next } = interpolate(run, at, cursors[r] as number);
      cursors[r] = next;
      if (!Number.isNaN(value)) values.push(value);
    });
    const m = values.length > 0 ? mean(values) : Number.NaN;
    let squares = 0;
    for (const v of values) squares += (v - m) ** 2;
    const se = values.length > 1 ? Math.sqrt(squares / (values.length - 1) / values.length) : Number.NaN;
    curve.mean.push(m);
    curve.low.push(m - 1.96 * se);
    curve.high.push(m + 1.96 * se);
  }
  return curve;
}

/** The τ grid of the performance profile: 0, 0.01, …, 1. */
export const PROFILE_TAUS = Array.from({ length: 101 }, (_, i) => i / 100);

/** The full analysis: the summary (as --json) plus curves, restarts and the performance profile. */
export function analyzeRuns(inputs: readonly RunInput[], options: CompareRunsOptions = {}): RunsAnalysis {
  const final = options.final ?? 0.1;
  const seed = options.seed ?? 0;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  if (!(final > 0 && final <= 1))
    throw new RunsInputError(`--final: expected a share in (0, 1], got ${final}`);
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RunsInputError(`--resamples: expected a whole number ≥ 1, got ${resamples}`);
  if (inputs.length === 0) throw new RunsInputError('no runs: expected at least two runs per group');
  const label = (run: RunInput) => run.path ?? run.table.path;
  const xName = pickColumn(inputs, options.x, X_CANDIDATES, '--x');
  const yName = pickColumn(inputs, options.y, Y_CANDIDATES, '--y');

  const aligned = inputs.map((run) => {
    const result = alignRun(
      run.table.columns.get(xName) as Float64Array,
      run.table.columns.get(yName) as Float64Array,
    );
    if (run.restarts?.length)
      result.restarts.unshift(
        ...run.restarts.map((r) => ({ row: r.line ?? 0, x: r.step, previous: r.previous })),
      );
    if (result.x.length === 0)
      throw new RunsInputError(
        `${label(run)}: no row has both ${JSON.stringify(xName)} and ${JSON.stringify(yName)}`,
      );
    return result;
  });

  const tasks = uniqueSorted(inputs.map((r) => r.task));
  const groups = uniqueSorted(inputs.map((r) => r.group));
  const members = (task: string, group: string) =>
    inputs.flatMap((run, i) => (run.task === task && run.group === group ? [i] : []));
  for (const task of tasks)
    for (const group of groups) {
      const runs = members(task, group);
      if (runs.length === 1)
        throw new RunsInputError(
          `${label(inputs[runs[0] as number] as RunInput)}: the only run of group ${JSON.stringify(group)} in task ${JSON.stringify(task)}; expected at least two runs per group (seeds) to compare`,
        );
    }

  const budget = new Map<string, number>();
  for (const task of tasks) {
    let b = Number.NEGATIVE_INFINITY;
    inputs.forEach((run, i) => {
      if (run.task === task) b = Math.max(b, lastOf((aligned[i] as AlignedRun).x));
    });
    budget.set(task, b);
  }

  const runs: RunSummary[] = inputs.map((run, i) => {
    const { x, y } = aligned[i] as AlignedRun;
    const b = budget.get(run.task) as number;
    const lastX = lastOf(x);
    const threshold = (1 - final) * b;
    const tail: number[] = [];
    for (let k = 0; k < x.length; k++) if ((x[k] as number) >= threshold) tail.push(y[k] as number);
    const complete = lastX >= COMPLETE_SHARE * b && tail.length > 0;
    return {
      path: label(run),
      group: run.group,
      task: run.task,
      rows: x.length,
      last_x: lastX,
      complete,
      final: complete ? mean(tail) : null,
    };
  });

  const finals = (task: string, group: string): number[] =>
    members(task, group).flatMap((i) => {
      const f = (runs[i] as RunSummary).final;
      return f === null ? [] : [f];
    });

  const summaryTasks: RunsSummary['tasks'] = {};
  const improvement: RunsSummary['improvement'] = {};
  const curves: RunsAnalysis['curves'] = {};
  for (const task of tasks) {
    const present = groups.filter((g) => members(task, g).length > 0);
    const perGroup: Record<string, GroupSummary> = {};
    curves[task] = {};
    const taskRuns = inputs.flatMap((run, i) => (run.task === task ? [aligned[i] as AlignedRun] : []));
    const start = Math.min(...taskRuns.map((r) => r.x[0] as number));
    for (const group of present) {
      const scores = finals(task, group);
      const interval =
        scores.length > 0 ? iqmWithInterval(scores, resamples, stream(seed, 'iqm', task, group)) : null;
      perGroup[group] = {
        runs: members(task, group).length,
        complete: scores.length,
        mean: scores.length > 0 ? mean(scores) : null,
        median: scores.length > 0 ? median(scores) : null,
        iqm: interval ? interval.estimate : null,
        iqm_ci: interval ? interval.ci : null,
      };
      (curves[task] as Record<string, Curve>)[group] = meanCurve(
        members(task, group).map((i) => aligned[i] as AlignedRun),
        start,
        budget.get(task) as number,
      );
    }
    summaryTasks[task] = { budget: budget.get(task) as number, groups: perGroup };
    improvement[task] = present.flatMap((a) =>
      present
        .filter((b) => b !== a)
        .map((b) => {
          const sa = finals(task, a);
          const sb = finals(task, b);
          if (sa.length === 0 || sb.length === 0) return { a, b, p: null, ci: null };
          const result = improvementWithInterval(sa, sb, resamples, stream(seed, 'improvement', task, a, b));
          return { a, b, p: result.estimate, ci: result.ci };
        }),
    );
  }

  let aggregate: RunsSummary['aggregate'] = null;
  let profile: RunsAnalysis['profile'] = null;
  let ranges: RunsAnalysis['ranges'] = null;
  if (options.normalize) {
    ranges = normalizationRanges(options.normalize, tasks, (task) => groups.flatMap((g) => finals(task, g)));
    aggregate = {
      normalize: options.normalize === 'minmax' ? 'minmax' : options.normalize.label,
      groups: {},
    };
    profile = { taus: PROFILE_TAUS, groups: {} };
    for (const group of groups) {
      const perTask = tasks
        .map((task) => {
          const [low, high] = (ranges as Record<string, [number, number]>)[task] as [number, number];
          return finals(task, group).map((f) => (f - low) / (high - low));
        })
        .filter((scores) => scores.length > 0);
      if (perTask.length === 0) continue;
      const result = stratifiedWithInterval(
        perTask,
        PROFILE_TAUS,
        resamples,
        stream(seed, 'aggregate', group),
      );
      aggregate.groups[group] = { iqm: result.iqm.estimate, iqm_ci: result.iqm.ci };
      profile.groups[group] = result.profile;
    }
  }

  return {
    summary: { x: xName, y: yName, runs, tasks: summaryTasks, improvement, aggregate },
    aligned,
    curves,
    profile,
    ranges,
    options: { final, seed, resamples },
  };
}

function normalizationRanges(
  normalize: Normalize,
  tasks: readonly string[],
  scoresOf: (task: string) => number[],
): Record<string, [number, number]> {
  const ranges: Record<string, [number, number]> = {};
  for (const task of tasks) {
    if (normalize === 'minmax') {
      const scores = scoresOf(task);
      if (scores.length === 0) continue;
      const low = Math.min(...scores);
      const high = Math.max(...scores);
      if (!(high > low))
        throw new RunsInputError(
          `task ${JSON.stringify(task)}: every complete run has the final score ${low}; --normalize minmax needs a range (give --normalize FILE.json)`,
        );
      ranges[task] = [low, high];
    } else {
      const range = normalize.ranges[task];
      if (!range)
        throw new RunsInputError(
          `${normalize.label}: no range for task ${JSON.stringify(task)}; expected "${task}": [low, high]`,
        );
      const [low, high] = range;
      if (!(Number.isFinite(low) && Number.isFinite(high) && high > low))
        throw new RunsInputError(
          `${normalize.label}: task ${JSON.stringify(task)}: expected [low, high] with low < high, got ${JSON.stringify(range)}`,
        );
      ranges[task] = [low, high];
    }
  }
  return ranges;
}

const lastOf = (values: Float64Array): number => values[values.length - 1] as number;

/** The statistics of runs in memory: exactly what `evidence runs --json` prints. */
export function compareRuns(inputs: readonly RunInput[], options: CompareRunsOptions = {}): RunsSummary {
  return analyzeRuns(inputs, options).summary;
}

export type { AlignedRun, Restart };
