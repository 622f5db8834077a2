/**
 * The catalogue: each recogniser looks at a folder's files that no earlier one claimed, decides from
 * their content (names only break ties) and claims what it knows. Adding a format is one module and one
 * line here. Order matters where two could claim one file: the more specific first.
 */
import type { Recogniser } from '../catalogue/types.js';
import { arrayStore } from './array-store.js';
import { config } from './config.js';
import { consoleLog } from './console-log.js';
import { d3rlpy } from './d3rlpy.js';
import { evidence } from './evidence.js';
import { hfTrainer } from './hf-trainer.js';
import { longTable } from './long-table.js';
import { metricTables } from './metric-tables.js';
import { mlflow } from './mlflow.js';
import { mlflowDb } from './mlflow-db.js';
import { monitor } from './monitor.js';
import { npySeries } from './npy-series.js';
import { phases } from './phases.js';
import { rayTrial } from './ray-trial.js';
import { rlZoo } from './rl-zoo.js';
import { runsReport } from './runs-report.js';
import { runsTable } from './runs-table.js';
import { sacred } from './sacred.js';
import { sb3Companions } from './sb3-companions.js';
import { summaries } from './summaries.js';
import { tables } from './tables.js';
import { tensorboard } from './tensorboard.js';
import { tensorboardCsv } from './tensorboard-csv.js';
import { wandbPanel } from './wandb-panel.js';
import { wandbRun } from './wandb-run.js';
import { wideTable } from './wide-table.js';

export const RECOGNISERS: readonly Recogniser[] = [
  runsReport,
  wandbRun,
  mlflowDb,
  mlflow,
  evidence,
  hfTrainer,
  rayTrial,
  rlZoo,
  tensorboard,
  monitor,
  sb3Companions,
  arrayStore,
  npySeries,
  sacred,
  d3rlpy,
  wandbPanel,
  tensorboardCsv,
  phases,
  metricTables,
  wideTable,
  runsTable,
  longTable,
  // before tables: a configuration file named so but not `.json`/`.yaml` (PFRL's args.txt) is no run
  config,
  summaries,
  tables,
  consoleLog,
];

/** What the discovery looks for, for a "nothing found" or "not a run file" message. */
export const LOOKED_FOR =
  'an evidence folder, *monitor.csv, progress.csv, metrics.csv (or any table: comma, tab, semicolon or ' +
  'space separated, any extension), events.out.tfevents.*, trainer_state.json, an mlruns/, Ray trial, ' +
  'sacred or d3rlpy folder, mlflow.db, a W&B run-*.wandb, evaluations.npz, progress.json, a W&B or ' +
  'TensorBoard CSV export, a JSON array, JSON Lines or metric store';
