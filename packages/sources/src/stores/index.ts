/**
 * The field's other stores, recognised by their content: SB3's `evaluations.npz` and `progress.json`,
 * MLflow's SQLite store, W&B run files. What discovery asks of them: which files of a folder are stores,
 * and the runs (or the parts of a folder's run) they hold.
 */
import { join } from 'node:path';
import type { Layout } from '../model.js';
import type { RunPart } from '../readers.js';
import { isMlflowDatabase, readMlflowDatabase } from './mlflow-sqlite.js';
import { isSb3Evaluations, readSb3Evaluations } from './sb3-evaluations.js';
import { isProgressJson, readProgressJson } from './sb3-progress-json.js';
import { isWandbRunFile, readWandbRun, type WandbIdentity, wandbIdentity } from './wandb-run.js';

export { isMlflowDatabase, readMlflowDatabase } from './mlflow-sqlite.js';
export { parseNpy } from './npy.js';
export { readNpz } from './npz.js';
export { isSb3Evaluations, readSb3Evaluations } from './sb3-evaluations.js';
export { isProgressJson, readProgressJson } from './sb3-progress-json.js';
export { scanWandbRecords } from './wandb-records.js';
export { isWandbRunFile, readWandbRun } from './wandb-run.js';

type Identity = WandbIdentity;
/** What a store gives discovery: a run's parts, or several runs keyed by name with their identity. */
export type StoreRead = () => Promise<RunPart[] | Map<string, { part: RunPart; identity: Identity }>>;

export interface StoreCandidate {
  /** The store's file, relative to the folder; null when the folder itself is the run (a W&B run folder). */
  file: string | null;
  layout: Layout;
  identity: Identity;
  read: StoreRead;
}

const SQLITE_NAME = /\.(db|sqlite|sqlite3)$/i;

/** A file that may add a part to its folder's run: SB3's EvalCallback log or JSON logger output. */
export const isCompanionName = (name: string): boolean => name === 'progress.json' || name.endsWith('.npz');

/**
 * The stores among a folder's files. A folder holding a W&B run file (`run-<id>.wandb`) is that run and
 * nothing below it is read (`files/` holds W&B's copies); an MLflow SQLite file is a store of runs. The
 * files named in `consumed` are the stores' own.
 */
export async function folderStores(
  dir: string,
  files: readonly string[],
): Promise<{ candidates: StoreCandidate[]; consumed: string[]; whole: boolean }> {
  const candidates: StoreCandidate[] = [];
  const consumed: string[] = [];
  const wandb: string[] = [];
  for (const name of files.filter((f) => f.endsWith('.wandb')))
    if (await isWandbRunFile(join(dir, name))) wandb.push(name);
  for (const name of wandb) {
    const abs = join(dir, name);
    candidates.push({
      file: wandb.length === 1 ? null : name,
      layout: 'wandb',
      identity: await wandbIdentity(abs).catch(() => ({})),
      read: async () => [await readWandbRun(abs, name)],
    });
  }
  if (wandb.length > 0) return { candidates, consumed: [...files], whole: true };
  for (const name of files.filter((f) => SQLITE_NAME.test(f)))
    if (await isMlflowDatabase(join(dir, name))) {
      candidates.push({
        file: name,
        layout: 'mlflow-db',
        identity: {},
        read: () => mlflowRuns(join(dir, name)),
      });
      consumed.push(name);
    }
  return { candidates, consumed, whole: false };
}

/** One store file on its own (a file given to a command): how to read it, or null when it is none. */
export async function fileStore(abs: string, name: string): Promise<StoreCandidate | null> {
  if (name.endsWith('.wandb') && (await isWandbRunFile(abs)))
    return {
      file: name,
      layout: 'wandb',
      identity: await wandbIdentity(abs).catch(() => ({})),
      read: async () => [await readWandbRun(abs, name)],
    };
  if (SQLITE_NAME.test(name) && (await isMlflowDatabase(abs)))
    return { file: name, layout: 'mlflow-db', identity: {}, read: () => mlflowRuns(abs) };
  if (isCompanionName(name)) {
    const read = await companionReader(abs, name);
    if (read) return { file: name, layout: 'file', identity: {}, read: async () => [await read()] };
  }
  return null;
}

/** The parts a folder's companion files add to its run (the EvalCallback curve, progress.json). */
export async function companionParts(dir: string, files: readonly string[]): Promise<RunPart[]> {
  const parts: RunPart[] = [];
  for (const name of files.filter(isCompanionName)) {
    const read = await companionReader(join(dir, name), name);
    if (read) parts.push(await read());
  }
  return parts;
}

const isProgress = (part: RunPart) => part.format === 'sb3-progress' || part.format === 'baselines-progress';

/**
 * A folder's parts with its companions': a progress.json goes first when no progress.csv did (the run's
 * curve). Beside event files it is left out: SB3's logger wrote the same values to both, and the event
 * files are what is read (as for progress.csv).
 */
export function withCompanions(parts: RunPart[], companions: RunPart[]): RunPart[] {
  if (parts.some((p) => p.format === 'tensorboard')) companions = companions.filter((p) => !isProgress(p));
  if (parts.some(isProgress)) return [...parts, ...companions];
  return [...companions.filter(isProgress), ...parts, ...companions.filter((p) => !isProgress(p))];
}

/** The companion files of a folder that are stores by their content. */
export async function companionFiles(dir: string, files: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const name of files.filter(isCompanionName))
    if (await companionReader(join(dir, name), name)) out.push(name);
  return out;
}

async function companionReader(abs: string, name: string): Promise<(() => Promise<RunPart>) | null> {
  if (name.endsWith('.npz') && (await isSb3Evaluations(abs))) return () => readSb3Evaluations(abs, name);
  if (await isProgressJson(abs)) return () => readProgressJson(abs, name);
  return null;
}

/** The runs of an MLflow SQLite store, keyed by run id; deleted runs (MLflow's trash) left out and said. */
async function mlflowRuns(abs: string): Promise<Map<string, { part: RunPart; identity: Identity }>> {
  const runs = await readMlflowDatabase(abs);
  const out = new Map<string, { part: RunPart; identity: Identity }>();
  const deleted = runs.filter((r) => r.deleted);
  for (const run of runs.filter((r) => !r.deleted)) {
    const identity: Identity = { group: run.experiment, run: run.name };
    if (run.task) identity.task = run.task;
    out.set(run.runId, { part: run.part, identity });
  }
  const first = out.values().next().value;
  if (first && deleted.length > 0)
    first.part.issues.push(
      `${abs}: ${deleted.length} run(s) deleted in MLflow left out (${deleted.map((r) => `${r.name} ${r.runId}`).join(', ')})`,
    );
  if (out.size === 0)
    throw new Error(`${abs}: an MLflow store with no run${deleted.length > 0 ? ' (all deleted)' : ''}`);
  return out;
}
