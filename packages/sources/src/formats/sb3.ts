/** Stable-Baselines3 (and baselines' Monitor wrapper): monitor files, the logger's progress, EvalCallback's npz. */

import { basename } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import type { RunMeta } from '../model.js';
import { type LastLine, type RunPart, TORN, tablePart } from '../part.js';
import { mergeSb3Monitors, readSb3Monitor } from '../sb3-monitor.js';
import type { Format } from './format.js';

/** `*.monitor.csv`: a `#{"t_start"…}` first line, then r, l, t per episode (sb3-monitor.ts reads it). */
export const monitor: Format = { id: 'monitor', label: 'SB3/baselines monitor' };

/** The logger's progress.csv: slash keys (rollout/ep_rew_mean, time/total_timesteps). */
export const sb3Progress: Format = {
  id: 'sb3-progress',
  label: 'Stable-Baselines3 progress.csv/json',
  claim: (header) =>
    header.some((name) => /^(rollout|time|train|eval)\//.test(name)) &&
    header.some((name) => /^(rollout|time)\//.test(name)),
  progress: true,
  folderLayout: 'sb3-log',
};

/** EvalCallback's evaluations.npz (stores/sb3-evaluations.ts reads it). */
export const sb3Evaluations: Format = { id: 'sb3-evaluations', label: 'Stable-Baselines3 evaluations.npz' };

/**
 * The monitor files of one folder (one per VecEnv worker) as one run, joined by episode end time as
 * SB3's `load_results` does: x = timesteps (cumulative episode length), wall time = t_start + t.
 */
export async function readMonitorPart(
  files: string[],
  folder: string,
  source: string,
  rule: (file: string) => LastLine = () => TORN,
): Promise<RunPart> {
  const tables = [];
  const issues: string[] = [];
  for (const file of files) {
    const table = await readSb3Monitor(file, rule(file));
    if (table.columns.get('r')?.length === 0) issues.push(`${file}: no episode yet (header only)`);
    tables.push(table);
    if (table !== undefined) pushAll(issues, table.issues);
  }
  const joined = mergeSb3Monitors(files.length === 1 ? (files[0] as string) : folder, tables);
  const tStart = Number(joined.meta.t_start ?? Number.NaN);
  const t = joined.columns.get('t') ?? new Float64Array(0);
  const wall = Float64Array.from(t, (v) => tStart + v);
  const columns = new Map(joined.columns);
  columns.set('wall_time', wall);
  const meta: RunMeta = { monitor: { t_start: tStart, files: files.map((f) => basename(f)) } };
  if (typeof joined.meta.env_id === 'string') meta.envId = joined.meta.env_id;
  const part = tablePart('monitor', columns, source, folder, {
    x: 'timesteps',
    wall: 'wall_time',
    meta,
    issues,
  });
  part.series = part.series.filter((s) => s.metric !== 'wall_time');
  part.y = 'r';
  return part;
}
