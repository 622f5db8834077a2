/**
 * The one line that says what was found, with exact counts, how the task, group, x and y were decided,
 * what was not read, and how to override: "11,253 runs in 3 groups (a2c, dqn, ppo) × 2 tasks …".
 */
import { FORMAT_NAMES } from '../formats.js';
import type { Run, SkippedRun } from '../model.js';
import type { Roles } from './roles-of-runs.js';

const n = (value: number): string => value.toLocaleString('en-US');
const plural = (value: number, one: string, many = `${one}s`) => `${n(value)} ${value === 1 ? one : many}`;

function names(values: string[]): string {
  const unique = [...new Set(values)];
  return `(${unique.slice(0, 4).join(', ')}${unique.length > 4 ? `, … ${n(unique.length - 4)} more` : ''})`;
}

/** `path (Gym id) 10, metadata 1` — each way a role was decided, with how many runs. */
function how(record: Record<string, number>, limit = 3): string {
  const entries = Object.entries(record).sort((a, b) => b[1] - a[1]);
  const shown = entries.slice(0, limit).map(([why, count]) => `${why} ${n(count)}`);
  return `${shown.join(', ')}${entries.length > limit ? `, … ${n(entries.length - limit)} more` : ''}`;
}

/** Why the most common x (or y) was chosen, when the values decided it: ` (steps, counting up …)`. */
function because(roles: Roles, role: 'x' | 'y'): string {
  const top = Object.entries(roles[role]).sort((a, b) => b[1] - a[1])[0]?.[0];
  const why = top === undefined ? undefined : roles.why?.[role][top];
  return why === undefined ? '' : ` (${why})`;
}

export function summarize(
  runs: Run[],
  skipped: SkippedRun[],
  unread: SkippedRun[],
  roles: Roles,
  patterned: boolean,
): string {
  const groups = new Set(runs.map((r) => r.group)).size;
  const tasks = new Set(runs.map((r) => r.task)).size;
  const layouts = new Map<string, number>();
  for (const run of runs) layouts.set(run.layout, (layouts.get(run.layout) ?? 0) + 1);
  const from = [...layouts].map(([layout, count]) => `${n(count)} ${layout}`).join(', ');
  const formats = [...new Set(runs.map((r) => FORMAT_NAMES[r.format]))].join(', ');
  return (
    `${plural(runs.length, 'run')} in ${plural(groups, 'group')} ${names(runs.map((r) => r.group))}` +
    ` × ${plural(tasks, 'task')} ${names(runs.map((r) => r.task))}, by ${patterned ? '--pattern' : 'layout'} (${from}; ${formats})` +
    `; task from ${how(roles.task)}; group from ${how(roles.group)}; x ${how(roles.x)}${because(roles, 'x')}; y ${how(roles.y)}${because(roles, 'y')}` +
    (skipped.length > 0 ? `; ${n(skipped.length)} skipped` : '') +
    (unread.length > 0 ? `; ${plural(unread.length, 'other file')} not read` : '') +
    '; override with --pattern, --group-by, --x, --y'
  );
}

/** Unread files named in the note before "… N more": enough to see what kind was left, short enough to read. */
export const UNREAD_SHOWN = 5;

/**
 * The files a discovery did not read, by name and why (`log.txt (text starting "Logging to …")`), the
 * first few then how many more; null when every file was read. Paths are relative to the root.
 */
export function unreadNote(unread: readonly SkippedRun[], base = '', limit = UNREAD_SHOWN): string | null {
  if (unread.length === 0) return null;
  const shown = unread
    .slice(0, limit)
    .map((u) => `${base === '' || base === '.' ? u.path : `${base}/${u.path}`} (${u.why})`);
  const more = unread.length > limit ? `; … ${n(unread.length - limit)} more` : '';
  return `not read: ${shown.join('; ')}${more}`;
}
