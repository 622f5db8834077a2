import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { detectFileFormat, EVIDENCE_CSV_NAMES, LOOKED_FOR } from './detect.js';
import { readEvidenceCsv } from './evidence-csv.js';
import { readForeignCsv } from './foreign-csv.js';
import { readJsonlTable } from './jsonl.js';
import type { RunFormat, RunTable } from './run-table.js';
import { mergeSb3Monitors, readSb3Monitor } from './sb3-monitor.js';
import { readSb3Progress, readSb3Results } from './sb3-progress.js';
import { findTensorboardRuns, readTensorboardScalars } from './tensorboard/read.js';
import { readWandbCsv } from './wandb-csv.js';

export interface ReadRunTableOptions {
  /** Read as this format instead of detecting it (for a folder: the table of this format it holds). */
  format?: RunFormat;
}

/** A TensorBoard run as one row per step (the last value of a step), for readRunTable's callers. */
async function readTensorboard(path: string): Promise<RunTable> {
  const scalars = await readTensorboardScalars(path);
  const steps = [...new Set(scalars.series.flatMap((s) => [...s.steps]))].sort((a, b) => a - b);
  const rowOf = new Map(steps.map((step, row) => [step, row]));
  const wall = new Float64Array(steps.length).fill(Number.NaN);
  const columns = new Map<string, Float64Array>([
    ['step', Float64Array.from(steps)],
    ['wall_time', wall],
  ]);
  for (const s of scalars.series) {
    const values = new Float64Array(steps.length).fill(Number.NaN);
    for (let i = 0; i < s.steps.length; i++) {
      const row = rowOf.get(s.steps[i] as number) as number;
      values[row] = s.values[i] as number;
      if (!((wall[row] as number) >= (s.wallTimes[i] as number))) wall[row] = s.wallTimes[i] as number;
    }
    columns.set(s.metric === 'step' || s.metric === 'wall_time' ? `${s.metric} (tag)` : s.metric, values);
  }
  const meta = { files: scalars.files, skipped: Object.fromEntries(scalars.skipped) };
  return { path: scalars.path, format: 'tensorboard', columns, meta, issues: scalars.issues };
}

const FILE_READERS: Record<RunFormat, (path: string) => Promise<RunTable>> = {
  'evidence-csv': readEvidenceCsv,
  csv: readForeignCsv,
  'sb3-monitor': readSb3Monitor,
  'sb3-progress': readSb3Progress,
  tensorboard: readTensorboard,
  'wandb-csv': readWandbCsv,
  jsonl: readJsonlTable,
};

/** When a folder holds several tables, the one readRunTable returns: the richest training curve first. */
const PREFERENCE: RunFormat[] = [
  'tensorboard',
  'sb3-progress',
  'evidence-csv',
  'sb3-monitor',
  'wandb-csv',
  'csv',
  'jsonl',
];

/**
 * Reads one run: a file (format from its name and header) or a run folder (a TensorBoard run, an SB3
 * log folder, an evidence folder…). When a folder holds several tables, the first of TensorBoard,
 * progress.csv, our logs (training_log.csv first), monitor files, W&B, other CSV, JSONL is returned, and its `issues`
 * name the others; `options.format` picks one. Throws, naming the path and what was looked for, when
 * there is nothing to read.
 */
export async function readRunTable(path: string, options: ReadRunTableOptions = {}): Promise<RunTable> {
  if (!(await stat(path)).isDirectory()) {
    const format = options.format ?? (await detectFileFormat(path));
    if (!format) throw new Error(`${path}: not a run file (looked for ${LOOKED_FOR.join('; ')})`);
    return FILE_READERS[format](path);
  }
  const { found, lookedFor } = await findRunTables(path);
  const candidates = options.format ? found.filter((table) => table.format === options.format) : found;
  if (candidates.length === 0) {
    throw new Error(
      `${path}: no ${options.format ? `${options.format} ` : ''}run found (looked for ${lookedFor.join('; ')})`,
    );
  }
  // Among our own logs, the training log is the run's curve (EVIDENCE_CSV_NAMES lists it first).
  const rank = (table: RunTable) =>
    PREFERENCE.indexOf(table.format) * 10 + Math.max(0, EVIDENCE_CSV_NAMES.indexOf(basename(table.path)));
  const chosen = [...candidates].sort((a, b) => rank(a) - rank(b))[0] as RunTable;
  const others = found.filter((table) => table !== chosen);
  if (others.length > 0) {
    chosen.issues.push(
      `${path}: also holds ${others.map((table) => `${relative(path, table.path) || '.'} (${table.format})`).join(', ')}; read with { format } to pick another`,
    );
  }
  return chosen;
}

/**
 * Every run table a folder holds, up to 4 levels down: each TensorBoard run, the monitor files of each
 * folder (joined), each progress.csv (with `results.json` of the same folder in `meta.results`), our
 * logs, W&B exports, other CSV/TSV and JSONL files. A file that cannot be read at all is returned with
 * no columns and the reason in `issues`. `lookedFor` says what was searched for, for a "nothing found"
 * message.
 */
export async function findRunTables(dir: string): Promise<{ found: RunTable[]; lookedFor: string[] }> {
  const found: RunTable[] = [];
  for (const run of await findTensorboardRuns(dir))
    found.push(await guarded(run.dir, 'tensorboard', readTensorboard));
  await collectFolder(dir, 4, found);
  return { found, lookedFor: [...LOOKED_FOR] };
}

async function collectFolder(dir: string, depth: number, found: RunTable[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  const here: RunTable[] = [];
  const monitors: RunTable[] = [];
  for (const name of files) {
    const path = join(dir, name);
    const format = await detectFileFormat(path).catch(() => null);
    if (!format || format === 'tensorboard') continue;
    const table = await guarded(path, format, FILE_READERS[format]);
    (format === 'sb3-monitor' && table.columns.size > 0 ? monitors : here).push(table);
  }
  if (monitors.length > 0)
    here.push(mergeSb3Monitors(monitors.length === 1 ? (monitors[0] as RunTable).path : dir, monitors));
  if (files.includes('results.json')) {
    const { results, issue } = await readSb3Results(join(dir, 'results.json'));
    for (const table of here) {
      if (table.format !== 'sb3-monitor' && table.format !== 'sb3-progress') continue;
      if (results) table.meta.results = results;
      if (issue) table.issues.push(issue);
    }
  }
  found.push(...here);
  if (depth === 0) return;
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    await collectFolder(join(dir, entry.name), depth - 1, found);
  }
}

async function guarded(
  path: string,
  format: RunFormat,
  read: (path: string) => Promise<RunTable>,
): Promise<RunTable> {
  try {
    return await read(path);
  } catch (error) {
    const message = (error as Error).message;
    return {
      path,
      format,
      columns: new Map(),
      meta: {},
      issues: [message.startsWith(path) ? message : `${path}: ${message}`],
    };
  }
}
