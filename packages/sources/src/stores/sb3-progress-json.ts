/**
 * The JSON output of SB3's logger (`configure(folder, ["json"])`) and of OpenAI baselines' logger:
 * `progress.json`, one `json.dumps(key_values)` line per dump (stable_baselines3/common/logger.py
 * JSONOutputFormat.write), with the keys of progress.csv (`rollout/ep_rew_mean`, `time/total_timesteps`).
 */

import { basename } from 'node:path';
import { openInput } from '@evidence/node-kit';
import { progressFormat } from '../formats.js';
import { type LastLine, type RunPart, readJsonlPart } from '../readers.js';

/** A file named progress.json whose first non-blank character opens a JSON object (a JSON Lines log). */
export async function isProgressJson(path: string): Promise<boolean> {
  if (basename(path) !== 'progress.json') return false;
  const handle = await openInput(path).catch(() => null);
  if (!handle) return false;
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head
      .toString('utf8', 0, bytesRead)
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('{');
  } finally {
    await handle.close();
  }
}

/** The log as a run table, like progress.csv: x = `time/total_timesteps` (SB3), y = `rollout/ep_rew_mean`. */
export async function readProgressJson(
  path: string,
  source = basename(path),
  rule?: LastLine,
): Promise<RunPart> {
  const part = await readJsonlPart(path, source, 'jsonl', rule);
  const format = progressFormat([part.x, ...part.series.map((s) => s.metric)]);
  part.format = format === 'csv' ? 'jsonl' : format;
  return part;
}
