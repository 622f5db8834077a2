import { RUN_FILE, RunJsonError, readRunJson } from '@evidence/sources';
import { capText } from './cap-text.js';

/**
 * run.json (`RUN_FILE`): what was trained and how, written by the trainer (any trainer, any language).
 * Every key is optional; the report shows whatever it holds, in this order first, then the other keys.
 */
export { RUN_FILE };

const KNOWN_ORDER = [
  'environment',
  'algorithm',
  'seed',
  'budget',
  'hyperparameters',
  'evaluation',
  'command',
  'versions',
  'git_commit',
  'started_at',
  'wall_time_s',
  'metrics',
];

export type RunInfo =
  | { state: 'found'; file: string; data: Record<string, unknown> }
  | { state: 'missing'; file: string }
  | { state: 'invalid'; file: string; reason: string };

/** Reads `<dir>/run.json` (through sources' `readRunJson`); a missing or broken file is a state the report shows, never an error. */
export async function readRunInfo(path: string): Promise<RunInfo> {
  let data: unknown;
  try {
    data = await readRunJson(path);
  } catch (error) {
    return {
      state: 'invalid',
      file: path,
      reason: error instanceof RunJsonError ? error.reason : (error as Error).message,
    };
  }
  if (data === undefined) return { state: 'missing', file: path };
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return { state: 'invalid', file: path, reason: 'expected a JSON object' };
  return { state: 'found', file: path, data: data as Record<string, unknown> };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? capText(value.trim(), 80)
    : typeof value === 'number'
      ? String(value)
      : null;

/** "CartPole-v1 · PPO · seed 1" from run.json, or null when it names neither environment nor algorithm. */
export function runTitle(info: RunInfo): string | null {
  if (info.state !== 'found') return null;
  const { environment, algorithm, seed } = info.data;
  const parts = [text(environment), text(algorithm)].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  const seedText = text(seed);
  if (seedText !== null) parts.push(`seed ${seedText}`);
  return parts.join(' · ');
}

/** One shown value: numbers and strings as they are, arrays joined, capped. */
function show(value: unknown): string {
  if (typeof value === 'string') return capText(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return capText(value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' '));
  return capText(JSON.stringify(value) ?? String(value));
}

/**
 * run.json as rows of (key, value): nested objects one level deep become `budget.updates`, deeper ones
 * are shown as JSON. Known keys first, in the documented order.
 */
export function runRows(data: Record<string, unknown>): [key: string, value: string][] {
  const keys = Object.keys(data).sort((a, b) => rank(a) - rank(b));
  const rows: [string, string][] = [];
  for (const key of keys) {
    const value = data[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.length === 0) rows.push([capText(key), '{}']);
      for (const [sub, inner] of entries) rows.push([capText(`${key}.${sub}`), show(inner)]);
    } else {
      rows.push([capText(key), show(value)]);
    }
  }
  return rows;
}

function rank(key: string): number {
  const i = KNOWN_ORDER.indexOf(key);
  return i === -1 ? KNOWN_ORDER.length : i;
}
