/**
 * One run read into numeric columns, by @evidence/sources (CSV of any trainer, SB3 monitor and progress
 * files, TensorBoard run folders), plus what only an evidence folder holds: the curve recorder's
 * reward history, for folders that have no training_log.csv.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type RunTable, readRunTable as readSourceTable } from '@evidence/sources';

export type { RunTable };

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** The reward histories of an evidence folder's curve recorder, `curves/<mode>/<mode>_reward_history.json`. */
export async function rewardHistoryFiles(dir: string): Promise<string[]> {
  const curves = join(dir, 'curves');
  const modes = await readdir(curves, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const mode of modes
    .filter((m) => m.isDirectory())
    .map((m) => m.name)
    .sort()) {
    const file = join(curves, mode, `${mode}_reward_history.json`);
    if (await isFile(file)) found.push(file);
  }
  return found;
}

/** Whether a folder is an evidence folder this reader knows. */
export async function isEvidenceFolder(dir: string): Promise<boolean> {
  return (await isFile(join(dir, 'training_log.csv'))) || (await rewardHistoryFiles(dir)).length > 0;
}

/** A curve recorder's history: columns `episode` (its index, as the recorder draws it), `reward`, `average_reward`, metrics. */
function rewardHistoryTable(path: string, text: string): RunTable {
  // the Python recorder writes bare NaN, which JSON.parse refuses
  const value = JSON.parse(text.replace(/\bNaN\b/g, 'null').replace(/-?\bInfinity\b/g, 'null')) as Record<
    string,
    unknown
  >;
  const rewards = value?.reward_history;
  if (!Array.isArray(rewards))
    throw new Error(`${path}: expected "reward_history" to be an array of numbers`);
  const column = (list: unknown): Float64Array =>
    Float64Array.from(rewards, (_, i) => {
      const v = Array.isArray(list) ? list[i] : undefined;
      return typeof v === 'number' ? v : Number.NaN;
    });
  const columns = new Map<string, Float64Array>([
    ['episode', Float64Array.from(rewards, (_, i) => i)],
    ['reward', column(rewards)],
    ['average_reward', column(value.average_history)],
  ]);
  const metrics = value.metric_histories;
  if (metrics && typeof metrics === 'object')
    for (const [name, list] of Object.entries(metrics))
      if (!columns.has(name)) columns.set(name, column(list));
  return { path, format: 'evidence-csv', columns, meta: { source: 'reward_history' }, issues: [] };
}

/**
 * Reads one run: an evidence folder (its `training_log.csv`, else the first
 * `curves/<mode>/<mode>_reward_history.json`), a reward history, or anything @evidence/sources reads
 * (a CSV/TSV log, an SB3 monitor or progress file, a TensorBoard run folder). Throws, naming the file,
 * when it cannot be read or holds no numeric column.
 */
export async function readRunTable(path: string): Promise<RunTable> {
  const table = await readAnyRun(path);
  if (table.columns.size === 0)
    throw new Error(
      `${path}: no numeric column${table.issues.length > 0 ? ` (${table.issues.join('; ')})` : ''}`,
    );
  return table;
}

async function readAnyRun(path: string): Promise<RunTable> {
  if ((await stat(path)).isDirectory()) {
    const log = join(path, 'training_log.csv');
    if (await isFile(log)) return { ...(await readSourceTable(log)), path };
    const [history] = await rewardHistoryFiles(path);
    if (history) return { ...rewardHistoryTable(history, await readFile(history, 'utf8')), path };
    return readSourceTable(path);
  }
  if (/\.json$/i.test(path)) return rewardHistoryTable(path, await readFile(path, 'utf8'));
  return readSourceTable(path);
}
