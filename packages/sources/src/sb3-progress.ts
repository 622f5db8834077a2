import { readFile } from 'node:fs/promises';
import { numericColumns, parseDelimited } from './delimited.js';
import type { RunTable } from './run-table.js';

/**
 * A Stable-Baselines3 `progress.csv` (its logger's CSV output): slash keys (`rollout/ep_rew_mean`,
 * `time/total_timesteps`, `train/…`), one row per `logger.dump()`, an empty cell while a key is absent.
 * When a new key appears SB3 rewrites the whole file with the longer header and pads the old rows with
 * commas, so the file on disk always has one header; a row cut short while SB3 writes is reported.
 */
export async function readSb3Progress(path: string): Promise<RunTable> {
  const parsed = parseDelimited(path, await readFile(path, 'utf8'), { lastLine: 'torn' });
  const columns = numericColumns(path, parsed);
  return { path, format: 'sb3-progress', columns, meta: {}, issues: parsed.issues };
}

/** `results.json` of an SB3 model card (huggingface_sb3 / the RL Zoo): its keys, or an issue. */
export async function readSb3Results(
  path: string,
): Promise<{ results?: Record<string, unknown>; issue?: string }> {
  try {
    const value: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { issue: `${path}: expected a JSON object` };
    return { results: value as Record<string, unknown> };
  } catch (error) {
    return { issue: `${path}: not readable JSON (${(error as Error).message})` };
  }
}
