import { stat } from 'node:fs/promises';
import { readInputText } from '@evidence/node-kit';
import { cellNumber } from './cells.js';
import {
  type DelimitedColumns,
  numericColumns,
  type ParseDelimitedOptions,
  parseDelimited,
  readDelimitedFile,
} from './delimited.js';
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
  // streamed (a monitor of millions of episodes is more text than one string may hold): the file a
  // chunk at a time into its columns, each row's r, l and t looked at as it goes by
  let at: number[] | null = null;
  const damaged: { row: number; name: string; cell: string }[] = [];
  const parsed = await readDelimitedFile(path, rule, {
    skip: (_name, _index, header) => {
      at ??= MONITOR_COLUMNS.map((name) => header.indexOf(name));
      return false;
    },
    onRow: (field, row) => {
      for (const c of at as number[]) {
        if (c < 0) continue;
        const cell = field(c);
        if (cellNumber(cell) !== undefined) continue;
        damaged.push({ row, name: MONITOR_COLUMNS[(at as number[]).indexOf(c)] as string, cell });
        return;
      }
    },
  });
  if (damaged.length > 0 && (await stat(path)).size <= WHOLE_TEXT_BYTES)
    // a damaged row: read as text again, each episode left out named at its line
    return monitorTable(path, parseDelimited(path, await readInputText(path), rule));
  const meta = monitorMeta(path, parsed.leadingComments, parsed.issues);
  checkMonitorHeader(path, parsed.header);
  for (const { row, name, cell } of damaged)
    parsed.issues.push(
      `${path}: data row ${row + 1}: "${name}" is ${JSON.stringify(cell.slice(0, 40))}, not a number; episode left out`,
    );
  const columns = damaged.length === 0 ? parsed.columns : withoutRows(parsed, damaged);
  addEpisodeAxes(columns);
  return { path, format: 'sb3-monitor', columns, meta, issues: parsed.issues };
}

const MONITOR_COLUMNS = ['r', 'l', 't'] as const;
/** A damaged monitor up to this size is read again as one text, its bad rows named by line. */
const WHOLE_TEXT_BYTES = 1 << 27;

/** The columns without the rows of damaged episodes. */
function withoutRows(parsed: DelimitedColumns, damaged: readonly { row: number }[]) {
  const drop = new Set(damaged.map((d) => d.row));
  const columns = new Map<string, Float64Array>();
  for (const [name, values] of parsed.columns)
    columns.set(
      name,
      values.filter((_, row) => !drop.has(row)),
    );
  return columns;
}

/** The #{"t_start": …} line as meta; a missing or broken one said in `issues`. */
function monitorMeta(path: string, comments: readonly string[], issues: string[]) {
  const meta: Record<string, unknown> = {};
  const first = comments[0];
  if (first === undefined) issues.push(`${path}:1: no #{"t_start": …} line (expected as SB3 writes it)`);
  else {
    try {
      Object.assign(meta, JSON.parse(first));
    } catch (error) {
      issues.push(`${path}:1: the # line is not JSON (${(error as Error).message})`);
    }
  }
  return meta;
}

function checkMonitorHeader(path: string, header: readonly string[]) {
  for (const name of MONITOR_COLUMNS) {
    if (!header.includes(name)) {
      throw new Error(
        `${path}: not an SB3 monitor file: no column "${name}" (header: ${header.join(',') || 'none'})`,
      );
    }
  }
}

/** A monitor read as one text (a damaged one, small enough): each bad row named at its line. */
function monitorTable(path: string, parsed: ReturnType<typeof parseDelimited>): RunTable {
  const meta = monitorMeta(path, parsed.leadingComments, parsed.issues);
  checkMonitorHeader(path, parsed.header);
  // r, l and t are numbers by SB3's definition: a row with text in one (a damaged line) is left out
  // and named, not allowed to turn the whole column to text (which would leave no reward at all).
  const indices = MONITOR_COLUMNS.map((name) => parsed.header.indexOf(name));
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
