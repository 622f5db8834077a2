/**
 * The run model: a run is a set of series (TensorBoard's data model). Every reader of this package
 * produces it and every command of `evidence` consumes it.
 */

import type { Layout, SourceFormat } from './formats/ids.js';

/** What wrote a file (`formats/ids.ts`: the ids, each with what it is; `formats/`: each format's module). */
export type { SourceFormat } from './formats/ids.js';

/**
 * One metric of a run, as logged: its x (step), wall time and value per logged point, in the order
 * written (after restarts were resolved). Repeated steps and gaps are kept; nothing is averaged. Its
 * arrays are read-only: the series of one table may share `steps`, `wallTimes` and `rows`.
 */
export interface Series {
  metric: string;
  /** The file it came from, relative to the run's path ('' when the run is that file). */
  source: string;
  /** The x of each point (the source's default x: step, timesteps, global_step, epoch…). */
  steps: Float64Array;
  /** Seconds since the Unix epoch of each point; NaN where the source has no wall time. */
  wallTimes: Float64Array;
  values: Float64Array;
  /** For a table's series: the row (0-based, among the file's data rows) of each point, so two
   * columns of one file pair up row by row. */
  rows?: Uint32Array;
  /** The values were stored as float32 (TensorBoard simple_value, DT_FLOAT): print them as float32. */
  float32?: boolean;
}

/** A point where a writer started again at an earlier step, and what was purged because of it. */
export interface Restart {
  /** The file (relative to the run's path) and, for text files, the line where it was seen. */
  file: string;
  line?: number;
  /** The step it started again at; every point at or after it logged before was dropped. */
  step: number;
  /** The step logged just before it (the highest, for a SessionLog START). */
  previous: number;
  /** How many earlier points were dropped. */
  purged: number;
  /** `session-start`: a TensorBoard SessionLog START; `step-back`: a step lower than the one before. */
  kind: 'session-start' | 'step-back';
}

/** How a run's folder was recognised (`formats/ids.ts`: the ids, each with what it is). */
export type { Layout } from './formats/ids.js';

/** What the run says about itself: the environment, the configuration, where it was read from. */
export interface RunMeta {
  /** The environment / task id when a file says it (monitor header, config, CleanRL folder name). */
  envId?: string;
  /** The algorithm when known (SB3 folder name, rl-zoo folder, run.json). */
  algo?: string;
  seed?: number;
  /** Hyper-parameters / configuration: run.json, rl-zoo config.yml/args.yml, RLlib params.json,
   * TensorBoard hparams, MLflow params/, trainer_state.json's own keys. */
  config?: Record<string, unknown>;
  /** The files the configuration came from. */
  configFiles?: string[];
  /** Every file of the run, relative to the discovery root (its logs and its configuration). */
  files?: string[];
  /** Anything else a format carries (monitor t_start, SB3 results.json, TensorBoard skipped kinds…). */
  [key: string]: unknown;
}

/** One run: its identity, its series, what it says about itself and what happened while reading it. */
export interface Run {
  /** Absolute path of the run's folder or file. */
  path: string;
  /** Relative to the discovery root, with `/` ('.' for the root itself): how the run is named in output. */
  id: string;
  layout: Layout;
  /** The main format read (a run may hold several files; each series names its source). */
  format: SourceFormat;
  /** The comparison group (algorithm, experiment), the task (environment) and the run (seed) names. */
  group: string;
  task: string;
  run: string;
  /** Every metric's series (several series may share a metric name when they come from different files). */
  series: Series[];
  /** The format's default x name (what `steps` hold) and default y metric, when it has one. */
  x: string;
  y: string | null;
  /** Why the x and y were chosen when the values decided them (the reason, then the runner-up). */
  why?: RoleWhy;
  meta: RunMeta;
  restarts: Restart[];
  /** What was skipped or odd while reading, each naming the file and line or byte offset. */
  issues: string[];
}

/** Why a run's x and y are what they are: `steps, 500 values up over 500 rows; runner-up episodes`. */
export interface RoleWhy {
  x?: string;
  y?: string;
}

/** A run (or a file) the discovery could not use, and why. */
export interface SkippedRun {
  /** Relative to the root, with `/`. */
  path: string;
  why: string;
}

/** Also what to keep of each run as it is read (`metrics`, `downsample`: see ReadOptions). */
export interface DiscoverOptions extends ReadOptions {
  /**
   * `{group}`, `{task}`, `{run}` placeholders and `*` over relative paths; `{run}` may be a folder. A
   * pattern without `{run}` makes each match one run. Without a pattern the layout decides.
   */
  pattern?: string;
  /** The column that splits a long-format table into runs (default: the first of seed, run, run_id). */
  runColumn?: string;
  /** A path under the root not to enter (e.g. the output folder). */
  exclude?: string;
  /**
   * The root is a folder whose contents are wanted, not itself a run: its files and subfolders are
   * taken as if it were a plain folder (what `report` does to find other trainers' runs inside an
   * evidence folder).
   */
  inside?: boolean;
  /** How deep to look under the root (default: the whole tree; folders deeper are listed as not walked). */
  depth?: number;
  /**
   * Configuration keys that name a run's group (`--group-by lr,clip_range`): `key=value` of each. Default
   * when runs have configurations: every key that differs between runs, but the seed and run-specific
   * ones (paths, names, times).
   */
  groupBy?: string[];
}

export interface Discovery {
  root: string;
  runs: Run[];
  /** Runs (or files) that were found but could not be read, with the reason. */
  skipped: SkippedRun[];
  /** Files that are no run's (pictures, notes, reports): counted, not read. Each is in `unread` with why. */
  ignored: string[];
  /** Every file (or folder) under the root that is in no run, with why: nothing is silently left out. */
  unread: SkippedRun[];
  /** One line: what was found (exact counts), how groups, tasks, x and y were decided, how to override. */
  summary: string;
  /** How each role was decided, counted: `{ task: { 'path (Gym id)': 10, monitor header: 1 }, … }`. */
  roles: Record<'group' | 'task' | 'x' | 'y', Record<string, number>>;
}

/** What a selection of metrics sees of a run: its metric names (in order), its x and its default y. */
export interface MetricsOf {
  metrics: readonly string[];
  x: string;
  y: string | null;
}

/**
 * How much of each run to keep as it is read (TensorBoard's data provider: read series on demand, only
 * those asked for, downsampled): the rest is dropped before the next run is read, so memory holds the
 * metrics asked for, not every column of every run.
 */
export interface ReadOptions {
  /**
   * The metrics to keep: names, or a function of the run's names, x and default y that gives them.
   * Default: every metric. A run keeps its x, y, restarts, issues and meta whatever is kept.
   */
  metrics?: readonly string[] | ((run: MetricsOf) => Iterable<string>);
  /** At most this many points per series (≥ 2): evenly spaced by index, the first and last kept. */
  downsample?: number;
}

/**
 * Which columns of a table a read needs, from its header's names alone (see columnsToRead): a table
 * reader leaves the others unparsed and names them in its part's `unread`.
 */
export type ColumnsToRead = (names: readonly string[]) => ReadonlySet<string>;
