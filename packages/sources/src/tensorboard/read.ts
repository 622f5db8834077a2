import { constants } from 'node:fs';
import { type FileHandle, open, readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { Reader } from 'protobufjs/light.js';
import { csvField, formatFloat32, formatNumber } from '../cells.js';
import type { RunTable } from '../run-table.js';
import { decodeEvent, eventReader } from './event.js';
import { readRecordsInChunks } from './framing.js';
import { GridBudgetError, type ScalarGrid, ScalarGridBuilder, type TagColumn } from './scalar-grid.js';

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
export interface TensorboardScalars extends ScalarGrid {
  /** The run folder (or the single event file) read. */
  path: string;
  /** The event files read, in reading order. */
  files: string[];
  /** Values that are not scalars, by kind (`histograms`, `images`, `text`, …): how many were skipped. */
  skipped: Map<string, number>;
  issues: string[];
}

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
    runs.push(...(await findTensorboardRuns(join(root, entry), depth - 1)));
  return runs;
}

async function eventFilesBelow(dir: string, depth: number): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && isEventFile(entry.name))
    .map((entry) => entry.name)
    .sort(byWriteTime)
    .map((name) => join(dir, name));
  if (depth > 0)
    for (const sub of sortedDirs(entries)) files.push(...(await eventFilesBelow(join(dir, sub), depth - 1)));
  return files;
}

function sortedDirs(entries: { name: string; isDirectory(): boolean }[]): string[] {
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => entry.name)
    .sort();
}

/** events.out.tfevents.<seconds>.<host>…: oldest first, so a later file's value at the same step wins. */
function byWriteTime(a: string, b: string): number {
  const time = (name: string) => Number(/tfevents\.(\d+)/.exec(name)?.[1] ?? 0);
  return time(a) - time(b) || (a < b ? -1 : a > b ? 1 : 0);
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

  const grid = new ScalarGridBuilder();
  const skipped = new Map<string, number>();
  const issues: string[] = [];
  for (const file of files) {
    const prefix = tagPrefix(dir, file, files.length === 1 && file === path);
    const plugins = new Map<string, string>();
    const sink = {
      scalar: (tag: string, step: number, wallTime: number, value: number, float32: boolean) =>
        grid.add(prefix(tag), step, wallTime, value, float32),
      skipped(kind: string, tag: string, why?: string) {
        skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
        if (why && (skipped.get(kind) ?? 0) <= 3) issues.push(`${file}: tag "${tag}": ${why}; skipped`);
      },
    };
    let chunk: Buffer | null = null;
    let reader: Reader | null = null;
    // O_NONBLOCK: a FIFO named as an event file is refused below instead of blocking the open.
    const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      if (!(await handle.stat()).isFile())
        throw new Error(`${file}: not a regular file (a named pipe or a device)`);
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
            if (error instanceof GridBudgetError) throw new Error(`${file}: ${error.message}`);
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
  return { path, files, ...grid.finish(), skipped, issues };
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

/** Column names for the tags: a tag named like one of the first two columns gets a suffix, never replaces it. */
function tagColumns(scalars: TensorboardScalars): [string, TagColumn][] {
  return [...scalars.tags].map(([tag, column]) => [
    tag === 'step' || tag === 'wall_time' ? `${tag} (tag)` : tag,
    column,
  ]);
}

/** A TensorBoard run as a RunTable: `step`, `wall_time`, then every scalar tag (NaN where a tag has no value). */
export function tensorboardRunTable(scalars: TensorboardScalars): RunTable {
  const columns = new Map<string, Float64Array>([
    ['step', scalars.steps],
    ['wall_time', scalars.wallTimes],
  ]);
  for (const [tag, column] of tagColumns(scalars)) {
    const values = column.values.slice();
    for (let row = 0; row < values.length; row++) if (!column.present[row]) values[row] = Number.NaN;
    columns.set(tag, values);
  }
  const meta: Record<string, unknown> = {
    files: scalars.files,
    skipped: Object.fromEntries(scalars.skipped),
  };
  return { path: scalars.path, format: 'tensorboard', columns, meta, issues: scalars.issues };
}

/**
 * The scalars as one wide CSV: `step`, `wall_time`, then every tag; one row per step; an empty cell
 * where a tag has no value at that step. float32 values are written as the shortest text that reads back
 * to the same float32 (0.1, as logged), doubles as the shortest that reads back to the same double.
 */
export function tensorboardCsv(scalars: TensorboardScalars): string {
  const tags = tagColumns(scalars);
  const lines = [['step', 'wall_time', ...tags.map(([tag]) => tag)].map(csvField).join(',')];
  for (let row = 0; row < scalars.steps.length; row++) {
    let line = `${formatNumber(scalars.steps[row] as number)},${formatNumber(scalars.wallTimes[row] as number)}`;
    for (const [, column] of tags) {
      line += ',';
      if (!column.present[row]) continue;
      const value = column.values[row] as number;
      line += column.float32 ? formatFloat32(value) : formatNumber(value);
    }
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

/** Reads a TensorBoard run folder or event file into a RunTable. */
export async function readTensorboard(path: string): Promise<RunTable> {
  return tensorboardRunTable(await readTensorboardScalars(path));
}
