/**
 * The run model: a run is a set of series (TensorBoard's data model). Every reader of this package
 * produces it and every command of `evidence` consumes it.
 */

/** What wrote a file, named after the tool (and the part of it) that writes it. */
export type SourceFormat =
  | 'evidence-csv' // our training_log.csv, reward_components.csv, checkpoint_evals.csv
  | 'reward-history' // our curve recorder's curves/<mode>/<mode>_reward_history.json
  | 'monitor' // SB3 / baselines / SB2 Monitor wrapper: *.monitor.csv, `#{"t_start"…}` first line
  | 'sb3-progress' // SB3 logger progress.csv (slash keys: rollout/ep_rew_mean, time/total_timesteps)
  | 'baselines-progress' // OpenAI baselines / SB2 logger progress.csv (EpRewMean, eprewmean, mean 100 episode reward…)
  | 'rllib-progress' // Ray Tune / RLlib trial progress.csv (episode_reward_mean, timesteps_total…)
  | 'rllib-result' // Ray Tune / RLlib trial result.json (one JSON object per line)
  | 'lightning-csv' // PyTorch Lightning CSVLogger metrics.csv
  | 'keras-csv' // Keras CSVLogger (epoch first)
  | 'hf-trainer-state' // Hugging Face Trainer / TRL trainer_state.json log_history
  | 'mlflow' // MLflow local store: mlruns/<exp>/<run>/metrics/<name> (`timestamp value step` lines)
  | 'mlflow-sqlite' // MLflow SQLite store (mlflow.db): tables experiments, runs, metrics, params, tags
  | 'sb3-evaluations' // SB3 EvalCallback evaluations.npz (timesteps, results, ep_lengths, successes)
  | 'wandb-run' // W&B run file run-<id>.wandb (offline or synced): datastore log of protobuf records
  | 'tensorboard' // events.out.tfevents.* (torch, tensorboardX, TF2, SB3, CleanRL, Lightning, HF)
  | 'tensorboard-csv' // TensorBoard's "Download CSV" (Wall time,Step,Value) or "Download JSON" ([[wall, step, value]])
  | 'wandb-panel' // W&B "Export panel data": Step, "<run> - <metric>", __MIN, __MAX
  | 'wandb-history' // W&B run.history() / run.scan_history() saved as CSV (_step, _runtime, _timestamp)
  | 'spinningup-progress' // SpinningUp EpochLogger progress.txt (tab-separated: Epoch, AverageEpRet, TotalEnvInteracts…)
  | 'sacred-metrics' // sacred FileStorageObserver metrics.json: {name: {steps, timestamps, values}}
  | 'd3rlpy-csv' // d3rlpy FileAdapter: one headerless `epoch,step,value` file per metric
  | 'wide-table' // one column per seed (`rew:seed_0 … rew:seed_9`, Tianshou's merged tables)
  | 'csv' // any other CSV / TSV
  | 'json' // a JSON array of records
  | 'json-arrays' // a JSON object of parallel arrays, `{name: [...], name_T: [...]}` (PyMARL's info.json)
  | 'npy' // .npy files of one metric each (MushroomRL's Logger.log_numpy, np.save of a list)
  | 'jsonl' // JSON Lines, one record per line
  | 'console-log'; // lines of `key: value` pairs a trainer printed

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

/** How a run's folder was recognised. */
export type Layout =
  | 'evidence' // an evidence folder (training_log.csv, curves/…, run.json)
  | 'sb3-monitor' // a folder of *.monitor.csv (one per VecEnv worker): one run
  | 'sb3-log' // SB3 logger folder: progress.csv (+ monitor files, results.json)
  | 'sb3-tensorboard' // SB3 tensorboard_log/{ALGO}_{n}
  | 'cleanrl' // CleanRL runs/{env}__{exp}__{seed}__{time}
  | 'rl-zoo' // rl-baselines3-zoo logs/{algo}/{env}_{n}
  | 'ray-trial' // Ray Tune / RLlib trial folder (progress.csv, result.json, params.json)
  | 'lightning' // lightning_logs/version_N
  | 'hf-trainer' // output_dir with trainer_state.json (checkpoint-N/ copies folded in)
  | 'mlflow' // mlruns/<experiment>/<run_id>
  | 'mlflow-db' // one run of an MLflow SQLite store (mlflow.db)
  | 'wandb' // a W&B run folder wandb/run-*/ or wandb/offline-run-*/ (its run-<id>.wandb)
  | 'tensorboard' // any other folder with event files
  | 'folder' // a folder whose one known file is the run (progress.csv, metrics.csv…)
  | 'file' // a file given or found on its own
  | 'long-table' // one run of a long-format table split by its run column
  | 'runs-table' // one row of a table of runs (W&B's and MLflow's runs exports)
  | 'wandb-panel' // one run of a W&B panel export
  | 'sacred' // sacred FileStorageObserver run folder (metrics.json, run.json, config.json)
  | 'd3rlpy' // d3rlpy_logs/<algo>_<time>/ of per-metric files
  | 'sample-factory' // Sample Factory train_dir/<experiment>/.summary/<policy>/ event files
  | 'wide-table' // one run per seed column of a wide table
  | 'pattern'; // matched by --pattern

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
