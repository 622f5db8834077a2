/**
 * One run's log read into numeric columns. The shape is the one @evidence/sources exports
 * (`readRunTable`); until it lands, this module reads CSV logs (ours or anyone's) and evidence folders.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import Papa from 'papaparse';

export interface RunTable {
  path: string;
  format: 'evidence-csv' | 'csv' | 'sb3-monitor' | 'sb3-progress' | 'tensorboard' | 'wandb-csv' | 'jsonl';
  /** numeric columns in file order, NaN where a row has no value */
  columns: Map<string, Float64Array>;
  meta: Record<string, unknown>;
  issues: string[];
}

/** Where a column stopped being numeric: kept in `meta.textColumns` so errors can quote it. */
export interface TextCell {
  line: number;
  text: string;
}

const SPECIAL: ReadonlyMap<string, number> = new Map([
  ['', Number.NaN],
  ['nan', Number.NaN],
  ['NaN', Number.NaN],
  ['inf', Number.POSITIVE_INFINITY],
  ['+inf', Number.POSITIVE_INFINITY],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-inf', Number.NEGATIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
  ['True', 1],
  ['true', 1],
  ['False', 0],
  ['false', 0],
]);

/** A cell as a number (missing, nan, inf, True/False included), or undefined when it is text. */
export function cellNumber(text: string): number | undefined {
  const value = Number(text); // the common case first: one call per cell on big logs
  if (!Number.isNaN(value)) return value === 0 && text.trim() === '' ? Number.NaN : value;
  return SPECIAL.get(text);
}

/**
 * Any CSV text with a header line: RFC 4180 quoting, `\r\n`, a BOM. A last line without a newline
 * (a crash cut it short) and rows of the wrong width are reported in `issues`, never returned.
 */
export function parseCsvRunTable(path: string, text: string, format: RunTable['format'] = 'csv'): RunTable {
  const issues: string[] = [];
  let body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new Error(`${path}: empty file, expected a header line`);
  if (!body.endsWith('\n')) {
    const cut = body.lastIndexOf('\n');
    const lineNo = body.slice(0, cut + 1).split('\n').length;
    if (cut >= 0) {
      issues.push(`${path}:${lineNo}: torn last line ignored (no newline at the end)`);
      body = body.slice(0, cut + 1);
    }
  }
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: true, delimiter: ',' });
  for (const error of parsed.errors)
    if (error.code !== 'UndetectableDelimiter')
      issues.push(`${path}:${(error.row ?? 0) + 1}: ${error.message}`);
  const [header, ...rows] = parsed.data;
  if (!header) throw new Error(`${path}: expected a header line`);
  const width = header.length;
  const numbers = header.map(() => new Float64Array(rows.length));
  const textAt: (TextCell | null)[] = header.map(() => null);
  let kept = 0;
  rows.forEach((row, r) => {
    const line = r + 2;
    if (row.length !== width) {
      issues.push(`${path}:${line}: expected ${width} fields, found ${row.length}; row skipped`);
      return;
    }
    for (let c = 0; c < width; c++) {
      const cell = row[c] as string;
      const value = cellNumber(cell);
      if (value === undefined) {
        textAt[c] ??= { line, text: cell };
        (numbers[c] as Float64Array)[kept] = Number.NaN;
      } else (numbers[c] as Float64Array)[kept] = value;
    }
    kept++;
  });
  const columns = new Map<string, Float64Array>();
  const textColumns: Record<string, TextCell> = {};
  header.forEach((name, c) => {
    if (columns.has(name) || Object.hasOwn(textColumns, name)) {
      issues.push(`${path}:1: column "${name}" appears twice; the first is used`);
      return;
    }
    const at = textAt[c];
    if (at) textColumns[name] = at;
    else columns.set(name, (numbers[c] as Float64Array).subarray(0, kept));
  });
  return { path, format, columns, meta: { header, textColumns, rows: kept }, issues };
}

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
 * Reads one run: a CSV file, or an evidence folder (its `training_log.csv`, else the first
 * `curves/<mode>/<mode>_reward_history.json`). Throws, naming the file, when it cannot be read.
 */
export async function readRunTable(path: string): Promise<RunTable> {
  const info = await stat(path);
  if (info.isDirectory()) {
    const log = join(path, 'training_log.csv');
    if (await isFile(log))
      return { ...parseCsvRunTable(log, await readFile(log, 'utf8'), 'evidence-csv'), path };
    const [history] = await rewardHistoryFiles(path);
    if (history) return { ...rewardHistoryTable(history, await readFile(history, 'utf8')), path };
    throw new Error(`${path}: expected training_log.csv or curves/<mode>/<mode>_reward_history.json`);
  }
  const text = await readFile(path, 'utf8');
  if (/\.json$/i.test(path)) return rewardHistoryTable(path, text);
  return parseCsvRunTable(path, text, basename(path) === 'training_log.csv' ? 'evidence-csv' : 'csv');
}
