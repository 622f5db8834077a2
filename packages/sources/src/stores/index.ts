/**
 * The field's other stores, recognised by their content: SB3's `evaluations.npz` and `progress.json`,
 * MLflow's SQLite store, W&B run files. The recognisers (`src/recognisers/wandb-run.ts`, `mlflow-db.ts`,
 * `sb3-companions.ts`) claim them; what is here reads them.
 */
import type { SplitRuns } from '../catalogue/types.js';
import { isMlflowDatabase, readMlflowDatabase } from './mlflow-sqlite.js';
import { isSb3Evaluations } from './sb3-evaluations.js';
import { isWandbRunFile } from './wandb-run.js';

export { isMlflowDatabase, readMlflowDatabase } from './mlflow-sqlite.js';
export { parseNpy } from './npy.js';
export { readNpz } from './npz.js';
export { isSb3Evaluations, readSb3Evaluations } from './sb3-evaluations.js';
export { isProgressJson, readProgressJson } from './sb3-progress-json.js';
export { scanWandbRecords } from './wandb-records.js';
export { isWandbRunFile, readWandbRun, wandbIdentity } from './wandb-run.js';

/**
 * A store that is binary by design (a W&B run file, an MLflow SQLite store, an EvalCallback .npz): not
 * to be called "binary data, not a text log". An .npz is only opened when so named: telling it from a
 * saved model's zip means reading the whole zip.
 */
export async function isBinaryStore(abs: string): Promise<boolean> {
  return (
    (await isWandbRunFile(abs)) ||
    (/\.npz$/i.test(abs) && (await isSb3Evaluations(abs))) ||
    (await isMlflowDatabase(abs))
  );
}

/** The runs of an MLflow SQLite store, keyed by run id; deleted runs (MLflow's trash) left out and said. */
export async function mlflowRuns(abs: string): Promise<SplitRuns> {
  const runs = await readMlflowDatabase(abs);
  const out: SplitRuns = new Map();
  const deleted = runs.filter((r) => r.deleted);
  for (const run of runs.filter((r) => !r.deleted))
    out.set(run.runId, {
      part: run.part,
      identity: { group: run.experiment, run: run.name, ...(run.task ? { task: run.task } : {}) },
    });
  const first = out.values().next().value;
  if (first && deleted.length > 0)
    first.part.issues.push(
      `${abs}: ${deleted.length} run(s) deleted in MLflow left out (${deleted.map((r) => `${r.name} ${r.runId}`).join(', ')})`,
    );
  if (out.size === 0)
    throw new Error(`${abs}: an MLflow store with no run${deleted.length > 0 ? ' (all deleted)' : ''}`);
  return out;
}
