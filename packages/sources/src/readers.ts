/** Each source file read into series, with its format's default x and y and what was met reading it. */

import { basename } from 'node:path';
import { endsWholeRecord, forEachJsonl, parseNanJson, readRewardHistory } from '@evidence/csv-log';
import { readEvidenceCsv } from './evidence-csv.js';
import { csvFormat, keySeparator, progressFormat, readsWhole, tableRead } from './formats/index.js';
import { defaultY } from './formats.js';
import { longRecords } from './long-records.js';
import type { ColumnsToRead, RunMeta, SourceFormat } from './model.js';
import {
  type LastLine,
  RecordColumns,
  type RunPart,
  readJsonFile,
  readWanted,
  recordColumns,
  type TableOptions,
  TORN,
  tablePart,
  withUnread,
} from './part.js';
import { readTensorboardScalars } from './tensorboard/read.js';

// what the recognisers and stores import from here: the shared part of reading, and each format's reads
export {
  readMlflowPart,
  readMonitorPart,
  readTrainerStatePart,
  readWandbPanelParts,
} from './formats/index.js';
export {
  type LastLine,
  type RunPart,
  readJsonFile,
  readWanted,
  recordColumns,
  type TableOptions,
  tablePart,
  withUnread,
} from './part.js';

/** Our training_log.csv and friends. */
export async function readEvidenceCsvPart(file: string, source: string): Promise<RunPart> {
  const table = await readEvidenceCsv(file);
  return tablePart('evidence-csv', table.columns, source, file, { x: 'step', issues: table.issues });
}

/** The curve recorder's `<mode>_reward_history.json`, through csv-log's one reader: x = episode. */
export async function readRewardHistoryPart(file: string, source: string): Promise<RunPart> {
  const history = await readRewardHistory(file);
  const columns = new Map<string, Float64Array>([
    ['episode', Float64Array.from(history.reward_history, (_, i) => i)],
    ['reward', Float64Array.from(history.reward_history)],
    ['average_reward', Float64Array.from(history.average_history)],
  ]);
  for (const [name, list] of Object.entries(history.metric_histories))
    if (!columns.has(name))
      columns.set(
        name,
        Float64Array.from(history.reward_history, (_, i) => list[i] ?? Number.NaN),
      );
  return tablePart('reward-history', columns, source, file, { x: 'episode' });
}

/** A CSV/TSV of another tool: its format from its name and header, its default x and y. */
export async function readCsvPart(
  file: string,
  source: string,
  options: TableOptions = TORN,
  want?: ColumnsToRead,
): Promise<RunPart> {
  const name = basename(file);
  const formatOf = (header: readonly string[]) =>
    /^progress\.(csv|tsv|txt)$/i.test(name) ? progressFormat(header) : csvFormat(name, header);
  const { parsed, unread } = await readWanted(file, options, want, () => ({
    // pandas writes its index as a first column without a name (`df.to_csv(path)`): left out
    skip: (column, index) => index === 0 && column === '',
    // a format whose header names its value and time columns (an export's) is read whole
    whole: (header) => readsWhole(formatOf(header)),
  }));
  const meta: RunMeta = {};
  if (parsed.delimiter !== ',') meta.delimiter = parsed.delimiter;
  if (parsed.leadingComments.length > 0) meta.comments = parsed.leadingComments;
  const part = csvPart(formatOf(parsed.header), parsed.columns, source, file, meta, parsed.issues);
  return withUnread(part, parsed.header, unread);
}

/** A table's columns as its format reads them (formats/): the x and y its writer names, else the values'. */
function csvPart(
  format: SourceFormat,
  columns: Map<string, Float64Array>,
  source: string,
  file: string,
  meta: RunMeta,
  issues: string[],
): RunPart {
  const read = tableRead(format);
  if (read) return read({ columns, source, file, meta, issues });
  return tablePart(format, columns, source, file, { meta, issues });
}

/**
 * JSON Lines (a trial's result.json too), streamed: each record's numbers go into columns as it
 * is read (nested keys flattened with the format's separator), so memory holds columns, not records.
 */
export async function readJsonlPart(
  file: string,
  source: string,
  format: SourceFormat,
  rule: LastLine = TORN,
): Promise<RunPart> {
  const columns = new RecordColumns(keySeparator(format));
  const issues = await forEachJsonl(file, (record) => columns.add(record));
  const out: string[] = [];
  if (issues.torn) {
    const last = completeRecord(issues.torn.text);
    if (rule.lastLine === 'keep-if-complete' && last && endsWholeRecord(issues.torn.text, 'json')) {
      columns.add(last);
      out.push(
        `${file}:${issues.torn.line}: last line has no line end; read as data: it is a complete JSON object${rule.lastLineWhy ? ` and ${rule.lastLineWhy}` : ''}`,
      );
    } else
      out.push(
        `${file}:${issues.torn.line}: last line has no line end (torn${rule.lastLineWhy ? `: ${rule.lastLineWhy}` : ''}); not read`,
      );
  }
  for (const skipped of issues.skipped) out.push(`${file}:${skipped.line}: ${skipped.reason}`);
  return tablePart(format, columns.finish(), source, file, { issues: out });
}

function completeRecord(text: string): Record<string, unknown> | null {
  try {
    const value = parseNanJson(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A JSON array of records (pandas `to_json(orient="records")`, exported histories): one run, or in long
 * format (see long-records) a run per block and pass, named by its block.
 */
export async function readJsonArrayPart(
  file: string,
  source: string,
): Promise<RunPart | { group: string; run: string; part: RunPart }[]> {
  const value = await readJsonFile(file);
  if (!Array.isArray(value) || !value.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r)))
    throw new Error(`${file}: expected a JSON array of records ({"step": …, "reward": …} objects)`);
  const records = value as Record<string, unknown>[];
  const blocks = longRecords(records);
  if (blocks === null) return tablePart('json', recordColumns(records, '.'), source, file);
  return blocks.flatMap(({ group, runs }) =>
    runs.map((rows, i) => ({
      group,
      run: runs.length > 1 ? `${group} ${i + 1}` : group,
      part: tablePart('json', recordColumns(rows, '.'), source, file),
    })),
  );
}

/** A TensorBoard run folder (or one event file): every scalar, restarts applied; x = step. */
export async function readTensorboardPart(path: string): Promise<RunPart> {
  const scalars = await readTensorboardScalars(path);
  const names = scalars.series.map((s) => s.metric);
  return {
    format: 'tensorboard',
    series: scalars.series,
    x: 'step',
    y: defaultY(names),
    meta: {
      tensorboard: { files: scalars.files.length, skipped: Object.fromEntries(scalars.skipped) },
      ...(Object.keys(scalars.hparams).length > 0
        ? { config: scalars.hparams, configFiles: ['hparams'] }
        : {}),
    },
    restarts: scalars.restarts,
    issues: scalars.issues,
  };
}
