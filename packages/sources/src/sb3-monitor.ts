import { readInputText } from '@evidence/node-kit';
import { cellNumber } from './cells.js';
import { numericColumns, type ParseDelimitedOptions, parseDelimited } from './delimited.js';
import type { RunTable } from './run-table.js';

/** SB3's Monitor.EXT: files named `monitor.csv` or `<anything>.monitor.csv`. */
export const MONITOR_SUFFIX = 'monitor.csv';

/**
 * A Stable-Baselines3 `*monitor.csv`: a first line `#{"t_start": …, "env_id": …}` (kept as `meta`), then
 * `r,l,t` (episode reward, length, seconds since t_start) and any reset/info keywords, one row per
 * episode. Adds `episode` (0, 1, …) and `timesteps` (the cumulative sum of `l`), the x axes SB3's
 * results_plotter uses.
 */
export async function readSb3Monitor(
  path: string,
  rule: Pick<ParseDelimitedOptions, 'lastLine' | 'lastLineWhy'> = { lastLine: 'torn' },
): Promise<RunTable> {
  const parsed = parseDelimited(path, await readInputText(path), rule);
  const meta: Record<string, unknown> = {};
  const first = parsed.leadingComments[0];
  if (first === undefined)
    parsed.issues.push(`${path}:1: no #{"t_start": …} line (expected as SB3 writes it)`);
  else {
    try {
      Object.assign(meta, JSON.parse(first));
    } catch (error) {
      parsed.issues.push(`${path}:1: the # line is not JSON (${(error as Error).message})`);
    }
  }
  for (const name of ['r', 'l', 't']) {
    if (!parsed.header.includes(name)) {
      throw new Error(
        `${path}: not an SB3 monitor file: no column "${name}" (header: ${parsed.header.join(',') || 'none'})`,
      );
    }
  }
  // r, l and t are numbers by SB3's definition: a row with text in one (a damaged line) is left out
  // and named, not allowed to turn the whole column to text (which would leave no reward at all).
  const indices = ['r', 'l', 't'].map((name) => parsed.header.indexOf(name));
  parsed.rows = parsed.rows.filter(({ line, fields }) => {
    const bad = indices.find((c) => cellNumber(fields[c] as string) === undefined);
    if (bad === undefined) return true;
    const name = parsed.header[bad] as string;
    const cell = (fields[bad] as string).slice(0, 40);
    parsed.issues.push(
      `${path}:${line}: "${name}" is ${JSON.stringify(cell)}, not a number; episode left out`,
    );
    return false;
  });
  const columns = numericColumns(path, parsed);
  addEpisodeAxes(columns);
  return { path, format: 'sb3-monitor', columns, meta, issues: parsed.issues };
}

function addEpisodeAxes(columns: Map<string, Float64Array>): void {
  const lengths = columns.get('l') ?? new Float64Array(0);
  const timesteps = new Float64Array(lengths.length);
  let total = 0;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i] as number;
    if (!Number.isNaN(length)) total += length;
    timesteps[i] = total;
  }
  columns.set(
    'episode',
    Float64Array.from(lengths, (_, i) => i),
  );
  columns.set('timesteps', timesteps);
}

/**
 * Several monitor files of one run (one per vectorized env, `0.monitor.csv`, `1.monitor.csv`, …) as one
 * table, the way SB3's load_results joins them: episodes ordered by end time, `t` counted from the
 * earliest t_start; `episode` and `timesteps` are then counted over the joined episodes.
 */
export function mergeSb3Monitors(path: string, tables: readonly RunTable[]): RunTable {
  if (tables.length === 1) return tables[0] as RunTable;
  const starts = tables.map((table) => Number(table.meta.t_start ?? 0));
  const earliest = Math.min(...starts);
  const rows: { table: number; row: number; t: number }[] = [];
  tables.forEach((table, index) => {
    const t = table.columns.get('t') as Float64Array;
    // The offset first: t_start is ~1.7e9 s, and adding t to it would lose t's last digits.
    const offset = (starts[index] as number) - earliest;
    for (let row = 0; row < t.length; row++) rows.push({ table: index, row, t: (t[row] as number) + offset });
  });
  rows.sort((a, b) => a.t - b.t);
  const names: string[] = [];
  for (const table of tables)
    for (const name of table.columns.keys())
      if (name !== 'episode' && name !== 'timesteps' && !names.includes(name)) names.push(name);
  const columns = new Map<string, Float64Array>();
  for (const name of names) {
    columns.set(
      name,
      Float64Array.from(rows, ({ table, row, t }) =>
        name === 't' ? t : ((tables[table] as RunTable).columns.get(name)?.[row] ?? Number.NaN),
      ),
    );
  }
  addEpisodeAxes(columns);
  return {
    path,
    format: 'sb3-monitor',
    columns,
    meta: { ...tables[0]?.meta, t_start: earliest, files: tables.map((table) => table.path) },
    issues: tables.flatMap((table) => table.issues),
  };
}
