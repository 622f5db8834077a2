import { type FileHandle, readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { openInput, pushAll } from '@evidence/node-kit';
import type { Reader } from 'protobufjs/light.js';
import { csvField, formatFloat32, formatNumber } from '../cells.js';
import type { Restart, Series } from '../model.js';
import { decodeEvent, eventReader } from './event.js';
import { readRecordsInChunks } from './framing.js';
import { SeriesBuilder, TensorboardLimitError } from './series.js';

/** Event files are read this much at a time: memory holds a chunk, not the whole file. */
const CHUNK_BYTES = 16 * 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** Every scalar of one TensorBoard run, and what was not read. */
export interface TensorboardScalars {
  /** The run folder (or the single event file) read. */
  path: string;
  /** The event files read, in reading order. */
  files: string[];
  /** One series per tag (`add_scalars` subfolders named after their folder), every value kept. */
  series: Series[];
  /** Where a writer started again (SessionLog START, a step going back) and what it purged. */
  restarts: Restart[];
  /** Values that are not scalars, by kind (`histograms`, `images`, `text`, …): how many were skipped. */
  skipped: Map<string, number>;
  /** Hyper-parameters written with the hparams plugin (torch's add_hparams, TF's hp.hparams). */
  hparams: Record<string, number | string | boolean>;
  issues: string[];
}

/** What an event file is, said where a file is listed. */
export const EVENT_FILE = 'a TensorBoard event file';

/** How TensorBoard event files are named by every writer (TF, torch, tensorboardX). */
export function isEventFile(name: string): boolean {
  return name.includes('tfevents');
}

/** One TensorBoard run: a folder with event files, and the event files of its subfolders (add_scalars). */
export interface TensorboardRun {
  dir: string;
  files: string[];
}

/**
 * The TensorBoard runs under `root`: each folder that holds event files is a run, together with the event
 * files below it (torch's `add_scalars` writes one subfolder per series). A folder without event files of
 * its own (SB3's `tensorboard_log` with `PPO_1`, `PPO_2`, CleanRL's `runs/`) is searched for runs.
 */
export async function findTensorboardRuns(root: string, depth = 4): Promise<TensorboardRun[]> {
  const entries = await readdir(root, { withFileTypes: true });
  if (entries.some((entry) => entry.isFile() && isEventFile(entry.name)))
    return [{ dir: root, files: await eventFilesBelow(root, depth) }];
  if (depth === 0) return [];
  const runs: TensorboardRun[] = [];
  for (const entry of sortedDirs(entries))
    pushAll(runs, await findTensorboardRuns(join(root, entry), depth - 1));
  return runs;
}

async function eventFilesBelow(dir: string, depth: number): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && isEventFile(entry.name))
    .map((entry) => entry.name)
    .sort(byPath)
    .map((name) => join(dir, name));
  if (depth > 0)
    for (const sub of sortedDirs(entries)) pushAll(files, await eventFilesBelow(join(dir, sub), depth - 1));
  return files;
}

function sortedDirs(entries: { name: string; isDirectory(): boolean }[]): string[] {
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => entry.name)
    .sort();
}

/** TensorBoard's DirectoryWatcher loads a folder's event files in the order of their paths (sorted). */
function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Reads the scalars of a TensorBoard run folder (or one event file): `simple_value` scalars and TF2
 * scalar tensors (DT_FLOAT/DT_DOUBLE in float_val/double_val or tensor_content). Several event files are
 * merged; a subfolder's tags are named after it (`loss` in `loss_train/` → `loss/train`). Bad records,
 * torn tails and skipped non-scalar values are reported in `issues`/`skipped`, and reading goes on.
 */
export async function readTensorboardScalars(path: string): Promise<TensorboardScalars> {
  let dir = path;
  let files: string[];
  if ((await stat(path)).isDirectory()) {
    const runs = await findTensorboardRuns(path);
    if (runs.length === 0) throw new Error(`${path}: no TensorBoard event files (events.out.tfevents.*)`);
    if (runs.length > 1) {
      const names = runs.map((run) => relative(path, run.dir) || '.');
      throw new Error(
        `${path}: holds ${runs.length} TensorBoard runs (${names.slice(0, 5).join(', ')}${runs.length > 5 ? ', …' : ''}); give one run folder`,
      );
    }
    files = (runs[0] as TensorboardRun).files;
    dir = (runs[0] as TensorboardRun).dir;
  } else files = [path];
  return readScalarsOf(path, dir, files);
}

/**
 * The scalars of given event files of one run folder (relative to `dir`): the folder's own files in
 * path order, then each subfolder's (add_scalars series), as the discovery's catalogue claims them.
 */
export async function readTensorboardFiles(
  dir: string,
  files: readonly string[],
): Promise<TensorboardScalars> {
  const own = files.filter((f) => !f.includes('/')).sort(byPath);
  const below = files.filter((f) => f.includes('/')).sort(byPath);
  return readScalarsOf(
    dir,
    dir,
    [...own, ...below].map((f) => join(dir, f)),
  );
}

async function readScalarsOf(path: string, dir: string, files: string[]): Promise<TensorboardScalars> {
  const builder = new SeriesBuilder();
  const hparams: Record<string, number | string | boolean> = {};
  const skipped = new Map<string, number>();
  const issues: string[] = [];
  for (const file of files) {
    const prefix = tagPrefix(dir, file, files.length === 1 && file === path);
    const source = file === path ? basename(file) : relative(dir, file).split(sep).join('/');
    const plugins = new Map<string, string>();
    builder.startFile(source);
    const sink = {
      fileVersion: (version: number) => builder.setFileVersion(version),
      summary: (step: number, tags: () => string[]) =>
        builder.summaryEvent(source, step, () => prefixed(prefix, tags())),
      scalar: (tag: string, step: number, wallTime: number, value: number, float32: boolean) =>
        builder.scalar(prefix(tag), source, step, wallTime, value, float32, file),
      sessionStart: (step: number) => builder.sessionStart(source, step),
      hparams: (values: Record<string, number | string | boolean>) => Object.assign(hparams, values),
      skipped(kind: string, tag: string, why?: string) {
        skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
        if (why && (skipped.get(kind) ?? 0) <= 3) issues.push(`${file}: tag "${tag}": ${why}; skipped`);
      },
    };
    let chunk: Buffer | null = null;
    let reader: Reader | null = null;
    // node-kit's one way to open an input: a FIFO or a device is refused before any blocking open
    const handle = await openInput(file);
    try {
      await readRecordsInChunks(
        (position, length) => readAt(handle, position, length),
        (await handle.stat()).size,
        CHUNK_BYTES,
        file,
        issues,
        (bytes, start, end, offset) => {
          if (bytes !== chunk) {
            chunk = bytes;
            reader = eventReader(bytes);
          }
          try {
            decodeEvent(reader as Reader, start, end, plugins, sink);
          } catch (error) {
            if (error instanceof TensorboardLimitError) throw error; // the whole run, not this record
            issues.push(
              `${file}: byte ${offset}: not an Event message (${(error as Error).message}); skipped`,
            );
          }
        },
      );
    } finally {
      await handle.close();
    }
  }
  if (skipped.size > 0) {
    const counts = [...skipped].map(([kind, count]) => `${count} ${kind}`).join(', ');
    issues.push(`${path}: skipped ${counts} (not scalars)`);
  }
  for (const attempt of builder.unmarked)
    issues.push(
      attempt.firstStart
        ? `${join(dir, attempt.file)}: SessionLog START at step ${attempt.step} is the run's first (below step ${attempt.previous} logged before): TensorBoard takes a run's first START as its start, not a restart, and purges nothing; every point of both attempts is kept, as TensorBoard shows them`
        : `${join(dir, attempt.file)}: starts at step ${attempt.step}, below step ${attempt.previous} logged before, with no SessionLog START (a new attempt not marked as a restart); every point of every attempt is kept, as TensorBoard keeps them (files of brain.Event:2 purge only at a SessionLog START)`,
    );
  for (const restart of builder.restarts) {
    issues.push(
      `${join(dir, restart.file)}: ${restart.kind === 'session-start' ? 'SessionLog START' : 'a step going back'} at step ${restart.step}: the run restarted; ${restart.purged} earlier value(s) at or after it dropped, as TensorBoard does`,
    );
  }
  return { path, files, series: builder.finish(), restarts: builder.restarts, skipped, hparams, issues };
}

function prefixed(prefix: (tag: string) => string, tags: string[]): string[] {
  return tags.map(prefix);
}

/** Column names for the tags of an event file in a subfolder of the run (add_scalars). */
function tagPrefix(dir: string, file: string, single: boolean): (tag: string) => string {
  const sub = single ? '' : relative(dir, join(file, '..')).split(sep).join('/');
  if (sub === '') return (tag) => tag;
  const parent = sub.includes('/') ? `${sub.slice(0, sub.lastIndexOf('/'))}/` : '';
  const last = basename(sub);
  // torch's add_scalars(main_tag, {name: v}) writes tag main_tag into folder `<main_tag with / as _>_<name>`.
  return (tag) => {
    const folded = `${tag.replaceAll('/', '_')}_`;
    return last.startsWith(folded) ? `${parent}${tag}/${last.slice(folded.length)}` : `${sub}/${tag}`;
  };
}

/** Cells of the wide CSV written for free; past them, at most this many cells per value. */
export const CSV_CELLS_FREE = 8_000_000;
export const CSV_CELLS_PER_VALUE = 64;

/**
 * The wide CSV has a cell for every tag in every row: sparse tags (20,000 tags each at a step of its own,
 * a 0.9 MB file) would make 400 million cells. Refused, naming the numbers, before anything is built.
 */
function checkCsvBudget(series: readonly Series[]): void {
  const rowsAt = new Map<number, number>();
  let values = 0;
  for (const s of series) {
    const counts = new Map<number, number>();
    for (const step of s.steps) counts.set(step, (counts.get(step) ?? 0) + 1);
    for (const [step, count] of counts) if (count > (rowsAt.get(step) ?? 0)) rowsAt.set(step, count);
    values += s.values.length;
  }
  let rows = 0;
  for (const count of rowsAt.values()) rows += count;
  const cells = rows * series.length;
  if (cells > CSV_CELLS_FREE && cells > CSV_CELLS_PER_VALUE * values)
    throw new Error(
      `at least ${series.length} tags over ${rowsAt.size} steps: a table of ${cells.toLocaleString('en')} cells for ${values} values, more than ${CSV_CELLS_PER_VALUE} cells per value past ${CSV_CELLS_FREE.toLocaleString('en')}; export the long form instead (evidence export RUN --out FILE.csv)`,
    );
}

/** Column names for the series: a tag named like one of the first two columns gets a suffix, never replaces it. */
function tagName(tag: string): string {
  return tag === 'step' || tag === 'wall_time' ? `${tag} (tag)` : tag;
}

/**
 * The scalars as one wide CSV: `step`, `wall_time`, then every tag, rows by step. Every logged value is a
 * cell: a tag logged k times at one step fills k rows of that step (in the order written); an empty cell
 * where a tag has no value in a row, a logged NaN is `nan`. float32 values are written as the shortest
 * text that reads back to the same float32 (0.1, as logged), doubles as the shortest that reads back to
 * the same double. A row's wall_time is the latest of its values'.
 */
export function tensorboardCsv(scalars: Pick<TensorboardScalars, 'series'>): string {
  const { series } = scalars;
  checkCsvBudget(series);
  const lines = [['step', 'wall_time', ...series.map((s) => tagName(s.metric))].map(csvField).join(',')];
  // Each series is sorted by step (stable), then walked together one step at a time.
  const orders = series.map((s) =>
    Array.from({ length: s.steps.length }, (_, i) => i).sort(
      (a, b) => (s.steps[a] as number) - (s.steps[b] as number) || a - b,
    ),
  );
  const at = new Array<number>(series.length).fill(0);
  const cells = new Array<string>(series.length);
  for (;;) {
    let step = Number.POSITIVE_INFINITY;
    series.forEach((s, k) => {
      const i = orders[k]?.[at[k] as number];
      if (i !== undefined && (s.steps[i] as number) < step) step = s.steps[i] as number;
    });
    if (step === Number.POSITIVE_INFINITY) break;
    // rows at this step: as many as the tag logged most often at it
    for (;;) {
      let wall = Number.NEGATIVE_INFINITY;
      let any = false;
      series.forEach((s, k) => {
        const i = orders[k]?.[at[k] as number];
        if (i === undefined || s.steps[i] !== step) {
          cells[k] = '';
          return;
        }
        any = true;
        const value = s.values[i] as number;
        cells[k] = s.float32 ? formatFloat32(value) : formatNumber(value);
        if ((s.wallTimes[i] as number) > wall) wall = s.wallTimes[i] as number;
        at[k] = (at[k] as number) + 1;
      });
      if (!any) break;
      lines.push(
        `${formatNumber(step)},${formatNumber(wall)}${cells.length > 0 ? ',' : ''}${cells.join(',')}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
