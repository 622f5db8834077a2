/**
 * The registry of formats: each format's module (this folder) says its name, how a table of it is known
 * and read; the general readers ask here and never name a format. Adding a format is its id in ids.ts,
 * its module, and its line in FORMATS (and in CLAIM_ORDER when its header tells it).
 */

import type { RunPart } from '../part.js';
import { baselinesProgress } from './baselines.js';
import { d3rlpyCsv } from './d3rlpy.js';
import { evidenceCsv, rewardHistory } from './evidence.js';
import type { Format, TableRead } from './format.js';
import { hfTrainerState } from './hf-trainer.js';
import { FORMAT_IDS, type Layout, type SourceFormat } from './ids.js';
import { kerasCsv } from './keras.js';
import { lightningCsv } from './lightning.js';
import { mlflow, mlflowSqlite } from './mlflow.js';
import { consoleLog, csv, json, jsonArrays, jsonl, npy, wideTable } from './plain.js';
import { rllibProgress, rllibResult } from './rllib.js';
import { sacredMetrics } from './sacred.js';
import { monitor, sb3Evaluations, sb3Progress } from './sb3.js';
import { spinningupProgress } from './spinningup.js';
import { tensorboard, tensorboardCsv } from './tensorboard.js';
import { wandbHistory, wandbPanel, wandbRun } from './wandb.js';

export type { TableRead } from './format.js';
export { readTrainerStatePart } from './hf-trainer.js';
export { readMlflowPart } from './mlflow.js';
export { readMonitorPart } from './sb3.js';
export { readWandbPanelParts } from './wandb.js';

/** Every format, in FORMAT_IDS order. */
const FORMATS: readonly Format[] = [
  evidenceCsv,
  rewardHistory,
  monitor,
  sb3Progress,
  sb3Evaluations,
  baselinesProgress,
  rllibProgress,
  rllibResult,
  lightningCsv,
  kerasCsv,
  hfTrainerState,
  mlflow,
  mlflowSqlite,
  tensorboard,
  tensorboardCsv,
  wandbPanel,
  wandbHistory,
  wandbRun,
  spinningupProgress,
  sacredMetrics,
  d3rlpyCsv,
  wideTable,
  csv,
  json,
  jsonArrays,
  npy,
  jsonl,
  consoleLog,
];

/**
 * The formats a CSV/TSV's header tells, in the order asked (the first to claim it has it): the exports
 * whose header is theirs alone, then the trainers' progress files, the most specific keys first.
 */
const CLAIM_ORDER: readonly Format[] = [
  tensorboardCsv,
  wandbHistory,
  lightningCsv,
  kerasCsv,
  spinningupProgress,
  sb3Progress,
  rllibProgress,
  baselinesProgress,
];

const BY_ID = new Map<SourceFormat, Format>(FORMATS.map((format) => [format.id, format]));

/** Each format's name for people, in FORMAT_IDS order; a format without its module fails here, at load. */
export const FORMAT_NAMES: Record<SourceFormat, string> = Object.fromEntries(
  FORMAT_IDS.map((id) => {
    const format = BY_ID.get(id);
    if (!format) throw new Error(`format "${id}" has no module in sources' formats/ (FORMATS)`);
    return [id, format.label];
  }),
) as Record<SourceFormat, string>;

/** A folder whose main table is of a format is the layout of that format's logger. */
export const FOLDER_LAYOUT: Partial<Record<SourceFormat, Layout>> = Object.fromEntries(
  FORMATS.flatMap((format) => (format.folderLayout ? [[format.id, format.folderLayout]] : [])),
);

/** What kind of progress file a header is, from the keys each logger writes ('csv' when none's). */
export function progressFormat(header: readonly string[]): SourceFormat {
  return CLAIM_ORDER.find((format) => format.progress && format.claim?.(header, ''))?.id ?? 'csv';
}

/** What another CSV's header (and name) says it is ('csv' when no format claims it). */
export function csvFormat(name: string, header: readonly string[]): SourceFormat {
  return CLAIM_ORDER.find((format) => format.claim?.(header, name))?.id ?? 'csv';
}

/** The format's header names its value and time columns: its table is read whole. */
export function readsWhole(format: SourceFormat): boolean {
  return BY_ID.get(format)?.whole === true;
}

/** The format's table as a part, when the format names its x and y (else undefined: the values decide). */
export function tableRead(format: SourceFormat): ((table: TableRead) => RunPart) | undefined {
  return BY_ID.get(format)?.read;
}

/** The separator the format's JSON records' nested keys are flattened with. */
export function keySeparator(format: SourceFormat): string {
  return BY_ID.get(format)?.keySeparator ?? '.';
}
