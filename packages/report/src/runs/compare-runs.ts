/**
 * Many runs and seeds compared with rliable's statistics (all from @evidence/stats): per task and
 * group the IQM of the final scores with a bootstrap interval, P(A > B) for every ordered pair of
 * groups with the seeds a clear answer needs, and across tasks rliable's four aggregates, P(A > B)
 * averaged over tasks and the performance profile, with stratified bootstrap intervals.
 */

import { listSome } from '@evidence/node-kit';
import { LOWER_IS_BETTER, X_CANDIDATES, Y_CANDIDATES } from '@evidence/sources';
import {
  type AggregateName,
  aggregatesWithIntervals,
  bootstrap,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  type Decision,
  decide,
  improvementNewcombe,
  intervalPlan,
  iqm,
  LEVEL,
  type MeanCurve,
  mean,
  meanCurve,
  median,
  mirrorVerdict,
  performanceProfile,
  rankTestBothTails,
  runsToReach,
  seedsNeeded,
  stream,
  type Verdict,
} from '@evidence/stats';
import { type AlignedRun, alignRun, type Restart } from './align.js';
import { naturalCompare } from './natural-order.js';
import type { RunTable } from './run-table.js';

/** The range a metric can take, as a run.json declares it (`metrics.<name>.min/max`). */
export interface DeclaredRange {
  min?: number;
  max?: number;
}

/** One run in memory, labelled. `path` is how the run is named in the output (default: table.path). */
export interface RunInput {
  table: RunTable;
  group: string;
  task: string;
  path?: string;
  /** per metric, the range its run.json declares (see withDeclaredRanges) */
  ranges?: Record<string, DeclaredRange>;
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
  /** seed of every interval (default @evidence/stats' DEFAULT_SEED, 0) */
  seed?: number;
  /** bootstrap resamples per interval (default @evidence/stats' DEFAULT_RESAMPLES, 10,000) */
  resamples?: number;
  /**
   * the range y can take, for every run: curve bands stay inside. Default: per group, the range every
   * run of the group declares for y (RunInput.ranges, from run.json)
   */
  range?: DeclaredRange;
}

/** x and y defaults: every format's, from @evidence/sources (ours, SB3, CleanRL, RLlib, baselines, Lightning…). */
export { X_CANDIDATES, Y_CANDIDATES };
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
  /** what iqm_ci (or the range) is: see {@link IntervalMethod} */
  iqm_ci_method: IntervalMethod;
  /**
   * rliable's own interval of the IQM, the plain 95 % percentile bootstrap on the same resamples, for a
   * paper's table; not shown (with few runs it covers less than 95 %); null with fewer than two runs
   */
  iqm_ci_percentile: [number, number] | null;
  /** every complete run ended with the same final score: the interval is a point that says nothing */
  all_equal: boolean;
  /**
   * with too few complete runs for any interval to hold 95 % (see @evidence/stats' intervalPlan): the
   * lowest and highest final score, shown instead of iqm_ci (then null), and why in `interval_note`
   */
  range?: [number, number];
  interval_note?: string;
  /** why there is no interval, in words (one complete run: "one run: no interval; add seeds") */
  note?: string;
}

export interface Improvement {
  a: string;
  b: string;
  /** P(A > B) + ½ P(A = B): a run of A ends above a run of B (averaged over tasks across tasks) */
  p: number | null;
  /**
   * its 90 % interval, the test's level (5 % each way): Newcombe (2006) method 5, never a point at 0 or 1,
   * reaching ½ where the exact test cannot tell (the test keeps ½, so ½ is in the set)
   */
  ci: [number, number] | null;
  /**
   * the one-sided p-value of the exact permutation (Mann–Whitney) test that A's runs end above B's;
   * across tasks, the stratified test (runs permuted within each task). The gate passes at p ≤ 0.05.
   */
  p_value: number | null;
  /** the other tail of the same test: the one-sided p-value that B's runs end above A's */
  p_value_reverse: number | null;
  /**
   * what the one decision rule (@evidence/stats' `decide`) makes of the test, A relative to B: `above`
   * (A ends above B: p_value ≤ 0.05), `below` (B above A: p_value_reverse ≤ 0.05) or `cannot-tell`;
   * the verdict sentence, every table, the chart's notes and the gate say this. Swapping A and B swaps it.
   */
  verdict: Verdict;
  /** `test`: the test decided; `too-few`: no result of so few runs can reach 0.05; `untested`: no test (see note) */
  verdict_why: Decision['why'];
  /** how p_value was computed: the whole permutation distribution, or Monte Carlo when too large */
  test: 'exact' | 'monte-carlo' | null;
  /** the smallest p-value any result could give with these numbers of runs */
  smallest_p: number | null;
  /** the fewest runs per group (in every task) with which the test can reach 5 % at all */
  runs_to_reach: number;
  /**
   * runs per group giving an 80 % chance that the test, in the direction these runs point to, gives
   * p ≤ 0.05 (studies simulated from these runs: a plan, not evidence); null: none up to 30, or on the
   * row whose P(A > B) is below ½ (the test there points the other way: see the mirror row)
   */
  seeds_needed: number | null;
  /**
   * the share of studies simulated from these same runs, with as many runs, that pass the test: a
   * restatement of these runs, not evidence of its own (the pages do not show it); null as seeds_needed
   */
  power: number | null;
  /** why p is null, in words (a group with one complete run has no spread to compare) */
  note?: string;
}

/**
 * What an interval shown is: `expanded-percentile`, the stratified percentile bootstrap at the level
 * that holds 95 % with few runs (Hesterberg's expanded interval, @evidence/stats' intervalPlan); `range`,
 * no interval but the runs' lowest and highest score (too few runs for any to hold 95 %); `none` (one run).
 * rliable's plain 95 % percentile interval is beside it as `<name>_ci_percentile`.
 */
export type IntervalMethod = 'expanded-percentile' | 'range' | 'none';

/** One of rliable's aggregates of a group across tasks, with their intervals. */
export interface AggregateSummary {
  iqm: number;
  iqm_ci: [number, number] | null;
  iqm_ci_method: IntervalMethod;
  iqm_ci_percentile: [number, number];
  mean: number;
  mean_ci: [number, number] | null;
  mean_ci_method: IntervalMethod;
  mean_ci_percentile: [number, number];
  median: number;
  median_ci: [number, number] | null;
  median_ci_method: IntervalMethod;
  median_ci_percentile: [number, number];
  optimality_gap: number;
  optimality_gap_ci: [number, number] | null;
  optimality_gap_ci_method: IntervalMethod;
  optimality_gap_ci_percentile: [number, number];
  /** the fewest complete runs of the group in any task */
  runs_per_task: number;
  /** where an interval would not hold its 95 % with so few runs: the range of the runs instead, and why */
  ranges?: Partial<Record<'iqm' | 'mean' | 'median' | 'optimality_gap', [number, number]>>;
  interval_note?: string;
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
    groups: Record<string, AggregateSummary>;
    /** P(A > B) averaged over the tasks both groups ran, for every ordered pair */
    improvement: Improvement[];
  } | null;
  /**
   * every ordered pair of groups over all the tasks both ran: P(A > B) averaged over those tasks and the
   * stratified exact test (with one task, the task's own numbers). The gate and the verdict use it.
   */
  overall: Improvement[];
  /** per metric (the y column), per group (`task/group` when there are several tasks): the mean curve */
  curves: Record<string, Record<string, MeanCurve>>;
  /**
   * how the intervals were drawn: `method` is what every `<name>_ci` shown is (per interval in
   * `<name>_ci_method`); `<name>_ci_percentile` is rliable's plain percentile interval on the same resamples
   */
  bootstrap: { resamples: number; seed: number; confidence: 0.95; method: 'expanded-percentile' };
  /** runs left out, with why (they log other columns); absent when none was */
  skipped?: SkippedInput[];
}

/** A run left out of the statistics: its path and why. */
export interface SkippedInput {
  path: string;
  why: string;
}

/** A group's mean curve (@evidence/stats' meanCurve): x, mean and its band lo–hi. */
export type Curve = MeanCurve;

/** Everything the page and RUNS.md draw, beyond the summary. */
export interface RunsAnalysis {
  summary: RunsSummary;
  /** per run (same order as summary.runs): its aligned rows and restarts */
  aligned: AlignedRun[];
  /**
   * per task, per group: the mean curve on a common grid with a 95 % band, the t-interval of the mean
   * across runs (t of n − 1 degrees of freedom, not the normal's 1.96), cut to the declared range
   */
  curves: Record<string, Record<string, Curve>>;
  /** with --normalize: τ grid and per group the fraction of runs above each τ, with its band */
  profile: {
    taus: number[];
    groups: Record<string, { fraction: number[]; low: number[]; high: number[] }>;
  } | null;
  /** normalization range used per task */
  ranges: Record<string, [number, number]> | null;
  options: { final: number; seed: number; resamples: number; range?: DeclaredRange };
  /** per task and group, the range of y the curve band was cut to (options.range, or what the runs declare) */
  declared: Record<string, Record<string, DeclaredRange>>;
}

/** Bad input (a missing column, too few runs…): the message names the path and what was expected. */
export class RunsInputError extends Error {
  override name = 'RunsInputError';
}

/** The words for a group with one complete run: its score stands alone, with no interval. */
export const ONE_RUN = 'one run: no interval; add seeds';
const oneRunPair = (group: string): string =>
  `group ${JSON.stringify(group)} has one run: no P(A > B); add seeds`;

/** Groups and tasks in natural order: cfg2 before cfg10. */
const uniqueSorted = (values: readonly string[]): string[] => [...new Set(values)].sort(naturalCompare);

/**
 * The x or y column: `wanted`, else the candidate most runs have (ties: the earlier candidate). Runs
 * without it are left out by the caller and said; none having it, or a run holding text in it, is an error.
 */
function pickColumn(
  runs: readonly RunInput[],
  wanted: string | undefined,
  candidates: readonly string[],
  what: '--x' | '--y',
): string {
  const label = (run: RunInput) => run.path ?? run.table.path;
  // a default is a column with values: an empty one (a reward column never filled) is no candidate
  const has = (run: RunInput, name: string) =>
    (wanted !== undefined ? run.table.columns.has(name) : hasValues(run.table.columns.get(name))) ||
    textIssue(run, name) !== undefined;
  let chosen = wanted;
  if (chosen === undefined) {
    let most = 0;
    for (const name of candidates) {
      const n = runs.filter((run) => has(run, name)).length;
      if (n > most) [chosen, most] = [name, n];
    }
  }
  if (chosen === undefined) {
    const lacking = runs[0];
    const loss =
      what === '--y' ? runs.map((run) => run.table.y).find((y) => y && LOWER_IS_BETTER.test(y)) : undefined;
    if (loss && lacking)
      throw new RunsInputError(
        `${label(lacking)}: its y ${JSON.stringify(loss)} is lower-is-better (a loss) and runs ranks higher as better; name a return or score with --y COL; ${describe(lacking)}`,
      );
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
      const at = new RegExp(
        `${escapeRegExp(JSON.stringify(chosen))} \\(line (\\d+): ("(?:[^"\\\\]|\\\\.)*")\\)`,
      ).exec(why);
      throw new RunsInputError(
        at
          ? `${label(run)}:${at[1]}: column ${JSON.stringify(chosen)} (${what}) is not numeric: ${at[2]}`
          : `${why}; expected numbers for ${what}`,
      );
    }
  }
  const name = chosen;
  if (!runs.some((run) => run.table.columns.has(name))) {
    const first = runs[0] as RunInput;
    throw new RunsInputError(
      `${label(first)}: no column ${JSON.stringify(name)} (${what}); ${describe(first)}`,
    );
  }
  return name;
}

const hasValues = (column: Float64Array | undefined): boolean =>
  column?.some((v) => !Number.isNaN(v)) ?? false;

const describe = (run: RunInput): string =>
  `it has ${listSome([...run.table.columns.keys()].map((n) => JSON.stringify(n))) || 'no numeric columns'}`;

/** The reader left a text column out and said where (file, line, cell): the reason to give. */
function textIssue(run: RunInput, name: string): string | undefined {
  return run.table.issues.find(
    (issue) =>
      issue.includes('text columns (not charted)') && issue.includes(`${JSON.stringify(name)} (line `),
  );
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The τ grid of the performance profile: 0, 0.01, …, 1. */
export const PROFILE_TAUS = Array.from({ length: 101 }, (_, i) => i / 100);

/** What a pair's test is given: the scores per task of each side, or why there is none. */
type PairScores = { x: number[][]; y: number[][]; labels: string[] } | { note: string } | null;

/** The test of one pair of groups (A, B) and its mirror (B, A): P(B > A) is 1 − P(A > B) in every resample. */
function pairTest(a: string, b: string, data: PairScores, seed: number): [Improvement, Improvement] {
  const tasksOf = data && !('note' in data) ? data.x.length : 1;
  const base: Improvement = {
    a,
    b,
    p: null,
    ci: null,
    p_value: null,
    p_value_reverse: null,
    verdict: 'cannot-tell',
    verdict_why: 'untested',
    test: null,
    smallest_p: null,
    runs_to_reach: runsToReach(0.05, tasksOf),
    seeds_needed: null,
    power: null,
  };
  if (!data) return [base, { ...base, a: b, b: a }];
  if ('note' in data) {
    const noted = { ...base, note: data.note };
    return [noted, { ...noted, a: b, b: a }];
  }
  const labels = [...data.labels, a, b];
  // both tails from one pass over the same permutations (each as rankTest gives it alone)
  const { greater, less } = rankTestBothTails(data.x, data.y, { seed, labels });
  const needed = seedsNeeded(data.x, data.y, { seed, labels });
  // one test, one decision: the mirror's verdict is this one's, swapped
  const decided = decide({ above: greater.p, below: less.p, smallestP: greater.smallestP });
  const { estimate, ci } = intervalAtTheTestsLevel(data, decided.verdict);
  // the plan (seeds needed) belongs to the direction the runs point to; the other row has none
  // (at exactly ½ the test looks for A above B: the row in name order has it)
  const plan = (mine: boolean) =>
    mine ? { seeds_needed: needed.seedsNeeded, power: needed.power } : { seeds_needed: null, power: null };
  const result: Improvement = {
    ...base,
    p: estimate,
    ci,
    p_value: greater.p,
    p_value_reverse: less.p,
    verdict: decided.verdict,
    verdict_why: decided.why,
    test: greater.method,
    smallest_p: greater.smallestP,
    ...plan(estimate >= 0.5),
  };
  // B > A: the other tail of the same test; the interval mirrored (method 5 is symmetric)
  const mirrored: Improvement = {
    ...result,
    a: b,
    b: a,
    p: 1 - estimate,
    ci: [1 - ci[1], 1 - ci[0]],
    p_value: less.p,
    p_value_reverse: greater.p,
    verdict: mirrorVerdict(decided.verdict),
    test: less.method,
    ...plan(estimate < 0.5),
  };
  return [result, mirrored];
}

/**
 * P(A > B) with its interval at the verdict's level: a test at 5 % each way goes with a two-sided 90 %
 * interval (a 95 % one touched ½ beside "ahead" in 4.5 % of small samples). Where the exact test
 * cannot tell, it keeps ½: the interval is widened to reach ½ (a set with more points covers more),
 * so an interval that excludes ½ always comes with a verdict.
 */
function intervalAtTheTestsLevel(
  data: { x: number[][]; y: number[][] },
  verdict: Verdict,
): { estimate: number; ci: [number, number] } {
  const { estimate, ci } = improvementNewcombe(data.x, data.y, 1 - 2 * LEVEL);
  if (verdict !== 'cannot-tell') return { estimate, ci };
  return { estimate, ci: [Math.min(ci[0], 0.5), Math.max(ci[1], 0.5)] };
}

/**
 * P(A > B) for every ordered pair of `names`, with its interval and the seeds needed. Each unordered
 * pair is computed once, with its groups in name order; the other order is its mirror image.
 */
function pairs(
  names: readonly string[],
  scoresOf: (a: string, b: string) => PairScores,
  seed: number,
): Improvement[] {
  const done = new Map<string, Improvement>();
  const once = (a: string, b: string): void => {
    if (done.has(JSON.stringify([a, b]))) return;
    const [result, mirrored] = pairTest(a, b, scoresOf(a, b), seed);
    done.set(JSON.stringify([a, b]), result);
    done.set(JSON.stringify([b, a]), mirrored);
  };
  return names.flatMap((a) =>
    names
      .filter((b) => b !== a)
      .map((b): Improvement => {
        if (a < b) once(a, b);
        else once(b, a);
        return done.get(JSON.stringify([a, b])) as Improvement;
      }),
  );
}

/** The options checked, with their defaults. */
function settings(options: CompareRunsOptions): { final: number; seed: number; resamples: number } {
  const final = options.final ?? 0.1;
  const seed = options.seed ?? DEFAULT_SEED;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  if (!(final > 0 && final <= 1))
    throw new RunsInputError(`--final: expected a share in (0, 1], got ${final}`);
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RunsInputError(`--resamples: expected a whole number ≥ 1, got ${resamples}`);
  return { final, seed, resamples };
}

const labelOf = (run: RunInput): string => run.path ?? run.table.path;

/** The x and y compared: the roles the discovery chose for each run first, then the vocabulary. */

function columnsOf(
  given: readonly RunInput[],
  options: CompareRunsOptions,
): { xName: string; yName: string } {
  // the y the discovery chose (and said in its found line) is the run's y, whatever its name (PFRL's
  // `mean`, jaxrl's `value`), except a lower-is-better one: these statistics rank higher as better, so
  // a loss is never compared by default
  const roleOf = (role: 'x' | 'y') => [
    ...new Set(
      given
        .map((run) => run.table[role])
        .filter(
          (name): name is string => typeof name === 'string' && (role === 'x' || !LOWER_IS_BETTER.test(name)),
        ),
    ),
  ];
  return {
    xName: pickColumn(given, options.x, [...roleOf('x'), ...X_CANDIDATES], '--x'),
    yName: pickColumn(given, options.y, [...roleOf('y'), ...Y_CANDIDATES], '--y'),
  };
}

/** Each run aligned on x; a run logging other columns (or no row with both) is left out and said. */
function alignInputs(
  given: readonly RunInput[],
  xName: string,
  yName: string,
): { inputs: RunInput[]; aligned: AlignedRun[]; skipped: SkippedInput[] } {
  const skipped: SkippedInput[] = [];
  const inputs: RunInput[] = [];
  const aligned: AlignedRun[] = [];
  for (const run of given) {
    const missing = [xName, yName].find((name) => !run.table.columns.has(name));
    if (missing !== undefined) {
      skipped.push({
        path: labelOf(run),
        why: `no column ${JSON.stringify(missing)} (${missing === xName ? '--x' : '--y'}); ${describe(run)}`,
      });
      continue;
    }
    const result = alignRun(
      run.table.columns.get(xName) as Float64Array,
      run.table.columns.get(yName) as Float64Array,
      run.table.wallTimes?.get(yName),
    );
    if (run.restarts?.length)
      result.restarts.unshift(
        ...run.restarts.map((r) => ({ row: r.line ?? 0, x: r.step, previous: r.previous })),
      );
    if (result.x.length === 0) {
      skipped.push({
        path: labelOf(run),
        why: `no row has both ${JSON.stringify(xName)} and ${JSON.stringify(yName)}`,
      });
      continue;
    }
    inputs.push(run);
    aligned.push(result);
  }
  if (inputs.length === 0) {
    const first = skipped[0] as SkippedInput;
    throw new RunsInputError(`${first.path}: ${first.why}`);
  }
  return { inputs, aligned, skipped };
}

/** The runs aligned, grouped: their tasks, groups, budgets and final scores. */
class Scored {
  readonly tasks: string[];
  readonly groups: string[];
  readonly budget = new Map<string, number>();
  readonly runs: RunSummary[];

  constructor(
    readonly inputs: readonly RunInput[],
    readonly aligned: readonly AlignedRun[],
    final: number,
  ) {
    this.tasks = uniqueSorted(inputs.map((r) => r.task));
    this.groups = uniqueSorted(inputs.map((r) => r.group));
    for (const task of this.tasks) {
      let b = Number.NEGATIVE_INFINITY;
      inputs.forEach((run, i) => {
        if (run.task === task) b = Math.max(b, lastOf((aligned[i] as AlignedRun).x));
      });
      this.budget.set(task, b);
    }
    this.runs = inputs.map((run, i) => {
      const { x, y } = aligned[i] as AlignedRun;
      const b = this.budget.get(run.task) as number;
      const lastX = lastOf(x);
      const threshold = (1 - final) * b;
      const tail: number[] = [];
      for (let k = 0; k < x.length; k++) if ((x[k] as number) >= threshold) tail.push(y[k] as number);
      const complete = lastX >= COMPLETE_SHARE * b && tail.length > 0;
      const shown = { path: labelOf(run), group: run.group, task: run.task, rows: x.length, last_x: lastX };
      return { ...shown, complete, final: complete ? mean(tail) : null };
    });
  }

  members(task: string, group: string): number[] {
    return this.inputs.flatMap((run, i) => (run.task === task && run.group === group ? [i] : []));
  }

  finals(task: string, group: string): number[] {
    return this.members(task, group).flatMap((i) => {
      const f = (this.runs[i] as RunSummary).final;
      return f === null ? [] : [f];
    });
  }
}

/** One group of one task: its scores' mean, median and IQM with the IQM's interval (or the runs' range). */
function groupSummary(
  scored: Scored,
  task: string,
  group: string,
  seed: number,
  resamples: number,
): GroupSummary {
  const scores = scored.finals(task, group);
  // one score has no spread: a bootstrap of it would be a point that looks like certainty; with
  // too few runs for any interval to hold its 95 %, the range of the runs is shown instead
  const plan = scores.length > 1 ? intervalPlan('iqm', scores.length) : null;
  // the same resamples (one stream, drawn again) at the calibrated level and at rliable's plain 95 %
  const at = (confidence: number) =>
    bootstrap([scores], ([r]) => iqm(r as Float64Array), {
      resamples,
      confidence,
      random: stream(seed, 'iqm', task, group),
    });
  const interval = plan && 'confidence' in plan ? at(plan.confidence) : null;
  const method: IntervalMethod = interval ? 'expanded-percentile' : plan ? 'range' : 'none';
  return {
    runs: scored.members(task, group).length,
    complete: scores.length,
    mean: scores.length > 0 ? mean(scores) : null,
    median: scores.length > 0 ? median(scores) : null,
    iqm: scores.length > 0 ? iqm(scores) : null,
    iqm_ci: interval ? interval.ci : null,
    iqm_ci_method: method,
    iqm_ci_percentile: plan ? at(0.95).ci : null,
    all_equal: scores.length > 1 && scores.every((v) => v === scores[0]),
    ...(plan && 'range' in plan
      ? { range: [Math.min(...scores), Math.max(...scores)] as [number, number], interval_note: plan.why }
      : {}),
    ...(scores.length === 1 ? { note: ONE_RUN } : {}),
  };
}

/** Per task: each group's summary and mean curve, the ranges declared, and P(A > B) of every pair. */
function perTask(
  scored: Scored,
  yName: string,
  options: CompareRunsOptions,
  seed: number,
  resamples: number,
) {
  const tasks: RunsSummary['tasks'] = {};
  const improvement: RunsSummary['improvement'] = {};
  const curves: RunsAnalysis['curves'] = {};
  const declared: RunsAnalysis['declared'] = {};
  for (const task of scored.tasks) {
    const present = scored.groups.filter((g) => scored.members(task, g).length > 0);
    const perGroup: Record<string, GroupSummary> = {};
    const taskCurves: Record<string, Curve> = {};
    for (const group of present) {
      const members = scored.members(task, group);
      const range =
        options.range ??
        commonRange(
          members.map((i) => scored.inputs[i] as RunInput),
          yName,
        );
      if (range) declared[task] = { ...declared[task], [group]: range };
      perGroup[group] = groupSummary(scored, task, group, seed, resamples);
      taskCurves[group] = meanCurve(
        members.map((i) => scored.aligned[i] as AlignedRun),
        range ? { range } : {},
      );
    }
    curves[task] = taskCurves;
    tasks[task] = { budget: scored.budget.get(task) as number, groups: perGroup };
    improvement[task] = pairs(
      present,
      (a, b) => {
        const sa = scored.finals(task, a);
        const sb = scored.finals(task, b);
        const single = [a, b].find((_, k) => [sa, sb][k]?.length === 1);
        if (single !== undefined) return { note: oneRunPair(single) };
        if (sa.length === 0 || sb.length === 0) return null;
        return { x: [sa], y: [sb], labels: [task] };
      },
      seed,
    );
  }
  return { tasks, improvement, curves, declared };
}

/** Every pair over all tasks both ran with two or more complete runs each: the stratified test. */
function overallPairs(scored: Scored, improvement: RunsSummary['improvement'], seed: number): Improvement[] {
  const { tasks, groups } = scored;
  if (tasks.length === 1) return improvement[tasks[0] as string] ?? [];
  return pairs(
    groups,
    (a, b) => {
      const shared = tasks.filter((t) => scored.finals(t, a).length > 1 && scored.finals(t, b).length > 1);
      if (shared.length === 0) {
        const single = [a, b].find((g) => tasks.some((t) => scored.finals(t, g).length === 1));
        return single === undefined ? null : { note: oneRunPair(single) };
      }
      return {
        x: shared.map((t) => scored.finals(t, a)),
        y: shared.map((t) => scored.finals(t, b)),
        labels: ['overall'],
      };
    },
    seed,
  );
}

/** rliable's aggregates of the normalized scores across tasks, the performance profile, P(A > B) across tasks. */
function aggregates(scored: Scored, normalize: Normalize, seed: number, resamples: number) {
  const { tasks, groups } = scored;
  const ranges = normalizationRanges(normalize, tasks, (task) =>
    groups.flatMap((g) => scored.finals(task, g)),
  );
  const aggregate: NonNullable<RunsSummary['aggregate']> = {
    normalize: normalize === 'minmax' ? 'minmax' : normalize.label,
    groups: {},
    improvement: [],
  };
  const profile: NonNullable<RunsAnalysis['profile']> = { taus: PROFILE_TAUS, groups: {} };
  const normalized = (group: string) =>
    tasks.map((task) => {
      const [low, high] = ranges[task] as [number, number];
      return scored.finals(task, group).map((f) => (f - low) / (high - low));
    });
  for (const group of groups) {
    const perTask = normalized(group).filter((scores) => scores.length > 0);
    if (perTask.length === 0) continue;
    aggregate.groups[group] = aggregateSummary(perTask, resamples, () => stream(seed, 'aggregate', group));
    const { fraction, low, high } = performanceProfile(perTask, PROFILE_TAUS, {
      resamples,
      random: stream(seed, 'profile', group),
    });
    profile.groups[group] = { fraction, low, high };
  }
  // across tasks, each pair on the tasks where both groups have complete runs
  aggregate.improvement = pairs(
    Object.keys(aggregate.groups),
    (a, b) => {
      const [x, y] = [normalized(a), normalized(b)];
      const shared = tasks.flatMap((_, t) =>
        (x[t] as number[]).length > 0 && (y[t] as number[]).length > 0 ? [t] : [],
      );
      if (shared.length === 0) return null;
      return {
        x: shared.map((t) => x[t] as number[]),
        y: shared.map((t) => y[t] as number[]),
        labels: ['aggregate'],
      };
    },
    seed,
  );
  return { aggregate, profile, ranges };
}

/** The full analysis: the summary (as --json) plus curves, restarts and the performance profile. */
export function analyzeRuns(given: readonly RunInput[], options: CompareRunsOptions = {}): RunsAnalysis {
  const { final, seed, resamples } = settings(options);
  if (given.length === 0) throw new RunsInputError('no runs: expected at least one run per group');
  const { xName, yName } = columnsOf(given, options);
  const { inputs, aligned, skipped } = alignInputs(given, xName, yName);
  const scored = new Scored(inputs, aligned, final);
  const { tasks, improvement, curves, declared } = perTask(scored, yName, options, seed, resamples);
  const curvesOut: Record<string, Curve> = {};
  for (const [task, perGroup] of Object.entries(curves))
    for (const [group, curve] of Object.entries(perGroup))
      curvesOut[scored.tasks.length === 1 ? group : `${task}/${group}`] = curve;
  const normalized = options.normalize ? aggregates(scored, options.normalize, seed, resamples) : null;
  return {
    summary: {
      x: xName,
      y: yName,
      runs: scored.runs,
      tasks,
      improvement,
      aggregate: normalized?.aggregate ?? null,
      overall: overallPairs(scored, improvement, seed),
      curves: { [yName]: curvesOut },
      bootstrap: { resamples, seed, confidence: 0.95, method: 'expanded-percentile' },
      ...(skipped.length > 0 ? { skipped } : {}),
    },
    aligned,
    curves,
    profile: normalized?.profile ?? null,
    ranges: normalized?.ranges ?? null,
    options: { final, seed, resamples, ...(options.range ? { range: options.range } : {}) },
    declared,
  };
}

/** The four aggregates of one group, each with its interval or, with too few runs, the runs' range. */
function aggregateSummary(
  perTask: number[][],
  resamples: number,
  random: () => () => number,
): AggregateSummary {
  const n = Math.min(...perTask.map((t) => t.length));
  const plans = {
    iqm: intervalPlan('iqm', n),
    mean: intervalPlan('mean', n),
    median: intervalPlan('median', n),
    optimality_gap: intervalPlan('optimalityGap', n),
  };
  const level = Object.values(plans).find((p) => 'confidence' in p) as { confidence: number } | undefined;
  const four = aggregatesWithIntervals(perTask, {
    resamples,
    random: random(),
    confidence: level?.confidence ?? 0.95,
  });
  // rliable's plain 95 % percentile intervals, on the same resamples (the stream drawn again)
  const rliable = aggregatesWithIntervals(perTask, { resamples, random: random(), confidence: 0.95 });
  const all = perTask.flat();
  const [low, high] = [Math.min(...all), Math.max(...all)];
  const ranges: NonNullable<AggregateSummary['ranges']> = {};
  const notes: string[] = [];
  const names: Record<keyof typeof plans, AggregateName> = {
    iqm: 'iqm',
    mean: 'mean',
    median: 'median',
    optimality_gap: 'optimalityGap',
  };
  const ci = (key: keyof typeof plans): [number, number] | null => {
    const plan = plans[key];
    if ('confidence' in plan) return four[names[key]].ci;
    // the gap of a score s is 1 − min(s, 1): the runs' range maps to [1 − min(high, 1), 1 − min(low, 1)]
    ranges[key] = key === 'optimality_gap' ? [1 - Math.min(high, 1), 1 - Math.min(low, 1)] : [low, high];
    notes.push(plan.why);
    return null;
  };
  const method = (key: keyof typeof plans): IntervalMethod =>
    'confidence' in plans[key] ? 'expanded-percentile' : 'range';
  const summary: AggregateSummary = {
    iqm: four.iqm.estimate,
    iqm_ci: ci('iqm'),
    iqm_ci_method: method('iqm'),
    iqm_ci_percentile: rliable.iqm.ci,
    mean: four.mean.estimate,
    mean_ci: ci('mean'),
    mean_ci_method: method('mean'),
    mean_ci_percentile: rliable.mean.ci,
    median: four.median.estimate,
    median_ci: ci('median'),
    median_ci_method: method('median'),
    median_ci_percentile: rliable.median.ci,
    optimality_gap: four.optimalityGap.estimate,
    optimality_gap_ci: ci('optimality_gap'),
    optimality_gap_ci_method: method('optimality_gap'),
    optimality_gap_ci_percentile: rliable.optimalityGap.ci,
    runs_per_task: n,
  };
  if (notes.length > 0) {
    summary.ranges = ranges;
    summary.interval_note = notes.join('; ');
  }
  return summary;
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

/** The range of `y` that every run declares (the widest of their bounds), or undefined. */
function commonRange(runs: readonly RunInput[], y: string): DeclaredRange | undefined {
  const declared = runs.map((run) => run.ranges?.[y]);
  const range: DeclaredRange = {};
  if (declared.every((r) => r?.min !== undefined))
    range.min = Math.min(...declared.map((r) => r?.min as number));
  if (declared.every((r) => r?.max !== undefined))
    range.max = Math.max(...declared.map((r) => r?.max as number));
  return range.min === undefined && range.max === undefined ? undefined : range;
}

/** The statistics of runs in memory: exactly what `evidence runs --json` prints. */
export function compareRuns(inputs: readonly RunInput[], options: CompareRunsOptions = {}): RunsSummary {
  return analyzeRuns(inputs, options).summary;
}

export type { AlignedRun, Restart };
