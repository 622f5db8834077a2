/**
 * The ids of the formats read and of the layouts recognised, as users see them (a run's `format` and
 * `layout`). A leaf: the run model (model.ts) takes its SourceFormat and Layout from here, and each
 * format's module (this folder) gives its id a label, a claim and a read.
 */

/** What wrote a file, named after the tool (and the part of it) that writes it (FORMAT_NAMES' order). */
export const FORMAT_IDS = [
  'evidence-csv', // our training_log.csv, reward_components.csv, checkpoint_evals.csv
  'reward-history', // our curve recorder's curves/<mode>/<mode>_reward_history.json
  'monitor', // SB3 / baselines / SB2 Monitor wrapper: *.monitor.csv, `#{"t_start"…}` first line
  'sb3-progress', // SB3 logger progress.csv (slash keys: rollout/ep_rew_mean, time/total_timesteps)
  'sb3-evaluations', // SB3 EvalCallback evaluations.npz (timesteps, results, ep_lengths, successes)
  'baselines-progress', // OpenAI baselines / SB2 logger progress.csv (EpRewMean, eprewmean, mean 100 episode reward…)
  'rllib-progress', // Ray Tune / RLlib trial progress.csv (episode_reward_mean, timesteps_total…)
  'rllib-result', // Ray Tune / RLlib trial result.json (one JSON object per line)
  'lightning-csv', // PyTorch Lightning CSVLogger metrics.csv
  'keras-csv', // Keras CSVLogger (epoch first)
  'hf-trainer-state', // Hugging Face Trainer / TRL trainer_state.json log_history
  'mlflow', // MLflow local store: mlruns/<exp>/<run>/metrics/<name> (`timestamp value step` lines)
  'mlflow-sqlite', // MLflow SQLite store (mlflow.db): tables experiments, runs, metrics, params, tags
  'tensorboard', // events.out.tfevents.* (torch, tensorboardX, TF2, SB3, CleanRL, Lightning, HF)
  'tensorboard-csv', // TensorBoard's "Download CSV" (Wall time,Step,Value) or "Download JSON" ([[wall, step, value]])
  'wandb-panel', // W&B "Export panel data": Step, "<run> - <metric>", __MIN, __MAX
  'wandb-history', // W&B run.history() / run.scan_history() saved as CSV (_step, _runtime, _timestamp)
  'wandb-run', // W&B run file run-<id>.wandb (offline or synced): datastore log of protobuf records
  'spinningup-progress', // SpinningUp EpochLogger progress.txt (tab-separated: Epoch, AverageEpRet, TotalEnvInteracts…)
  'sacred-metrics', // sacred FileStorageObserver metrics.json: {name: {steps, timestamps, values}}
  'd3rlpy-csv', // d3rlpy FileAdapter: one headerless `epoch,step,value` file per metric
  'wide-table', // one column per seed (`rew:seed_0 … rew:seed_9`, Tianshou's merged tables)
  'csv', // any other CSV / TSV
  'json', // a JSON array of records
  'json-arrays', // a JSON object of parallel arrays, `{name: [...], name_T: [...]}` (PyMARL's info.json)
  'npy', // .npy files of one metric each (MushroomRL's Logger.log_numpy, np.save of a list)
  'jsonl', // JSON Lines, one record per line
  'console-log', // lines of `key: value` pairs a trainer printed
] as const;

export type SourceFormat = (typeof FORMAT_IDS)[number];

/** How a run's folder was recognised. */
export const LAYOUT_IDS = [
  'evidence', // an evidence folder (training_log.csv, curves/…, run.json)
  'sb3-monitor', // a folder of *.monitor.csv (one per VecEnv worker): one run
  'sb3-log', // SB3 logger folder: progress.csv (+ monitor files, results.json)
  'sb3-tensorboard', // SB3 tensorboard_log/{ALGO}_{n}
  'cleanrl', // CleanRL runs/{env}__{exp}__{seed}__{time}
  'rl-zoo', // rl-baselines3-zoo logs/{algo}/{env}_{n}
  'ray-trial', // Ray Tune / RLlib trial folder (progress.csv, result.json, params.json)
  'lightning', // lightning_logs/version_N
  'hf-trainer', // output_dir with trainer_state.json (checkpoint-N/ copies folded in)
  'mlflow', // mlruns/<experiment>/<run_id>
  'mlflow-db', // one run of an MLflow SQLite store (mlflow.db)
  'wandb', // a W&B run folder wandb/run-*/ or wandb/offline-run-*/ (its run-<id>.wandb)
  'tensorboard', // any other folder with event files
  'folder', // a folder whose one known file is the run (progress.csv, metrics.csv…)
  'file', // a file given or found on its own
  'long-table', // one run of a long-format table split by its run column
  'runs-table', // one row of a table of runs (W&B's and MLflow's runs exports)
  'wandb-panel', // one run of a W&B panel export
  'sacred', // sacred FileStorageObserver run folder (metrics.json, run.json, config.json)
  'd3rlpy', // d3rlpy_logs/<algo>_<time>/ of per-metric files
  'sample-factory', // Sample Factory train_dir/<experiment>/.summary/<policy>/ event files
  'wide-table', // one run per seed column of a wide table
  'pattern', // matched by --pattern
] as const;

export type Layout = (typeof LAYOUT_IDS)[number];

/** Where a run table (run-table.ts) came from. */
export const RUN_TABLE_FORMATS = [
  'evidence-csv',
  'csv',
  'sb3-monitor',
  'sb3-progress',
  'tensorboard',
  'wandb-csv',
  'jsonl',
] as const;

export type RunFormat = (typeof RUN_TABLE_FORMATS)[number];
