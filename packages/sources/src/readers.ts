/** Each source file read into series, with its format's default x and y and what was met reading it. */
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { endsWholeRecord, forEachJsonl, parseNanJson, readRewardHistory } from '@evidence/csv-log';
import { pushAll, readInputText } from '@evidence/node-kit';
import { scalarNumber } from './cells.js';
import {
  type DelimitedColumns,
  type ParseDelimitedOptions,
  readDelimitedFile,
  type TakeColumns,
} from './delimited.js';
import { readEvidenceCsv } from './evidence-csv.js';
import { csvFormat, defaultY, progressFormat } from './formats.js';
import type { ColumnsToRead, Restart, RoleWhy, RunMeta, Series, SourceFormat } from './model.js';
import { describeChoice, sniffX, sniffY } from './role-values.js';
import { chooseY } from './roles.js';
import { ColumnBuilder } from './run-table.js';
import { mergeSb3Monitors, readSb3Monitor } from './sb3-monitor.js';
import { tableSeries } from './series.js';
import { readTensorboardScalars } from './tensorboard/read.js';
import { splitWandbRuns, wandbSeries } from './wandb-csv.js';

/** What one source (a file, a monitor folder, a TensorBoard run, an MLflow run) gives a run. */
export interface RunPart {
  format: SourceFormat;
  series: Series[];
  x: string;
  y: string | null;
  meta: RunMeta;
  restarts: Restart[];
  issues: string[];
  /** Columns of its file left unparsed because the read did not want them (see ColumnsToRead). */
  unread?: string[];
  /** With `unread`: its metric names, read or not, in the file's order. */
  names?: string[];
  /** Why its x and y were chosen, when its values decided them (see role-values). */
  why?: RoleWhy;
}

/** A table's columns as a part: the x from the format's candidates (the row number when none). */
export function tablePart(
  format: SourceFormat,
  columns: Map<string, Float64Array>,
  source: string,
  file: string,
  options: { x?: string; wall?: string; wallScale?: number; meta?: RunMeta; issues?: string[] } = {},
): RunPart {
  const issues = options.issues ?? [];
  const why: RoleWhy = {};
  let x = options.x ?? null;
  if (x === null) {
    const choice = sniffX(columns);
    x = choice.name;
    why.x = describeChoice(choice);
  }
  if (x === null || !columns.has(x)) {
    x = 'row';
    const rows = firstColumnLength(columns);
    columns = new Map([['row', Float64Array.from({ length: rows }, (_, i) => i)], ...columns]);
  }
  let wallTimes: Float64Array | undefined;
  const wallColumn = options.wall ? columns.get(options.wall) : undefined;
  if (wallColumn) wallTimes = wallColumn.map((t) => t * (options.wallScale ?? 1));
  const { series, restarts, missingX } = tableSeries(columns, {
    x,
    source,
    ...(wallTimes ? { wallTimes } : {}),
  });
  if (missingX > 0) issues.push(`${file}: ${missingX} row(s) without a value of "${x}" (the x); left out`);
  for (const restart of restarts)
    issues.push(
      `${file}: "${x}" went back to ${restart.step}: the run restarted; ${restart.purged} earlier row(s) at or after it dropped`,
    );
  const y = sniffY(
    series.map((s) => [s.metric, s.values] as const),
    options.wall ? [options.wall] : [],
  );
  why.y = describeChoice(y);
  return {
    format,
    series,
    x,
    y: y.name,
    meta: options.meta ?? {},
    restarts,
    issues,
    why,
  };
}

/** A JSON file (Python's bare NaN/Infinity allowed); an error names the file. */
export async function readJsonFile(file: string): Promise<unknown> {
  const text = await readInputText(file);
  try {
    return parseNanJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new Error(`${file}: not readable JSON (${(error as Error).message})`);
  }
}

function firstColumnLength(columns: Map<string, Float64Array>): number {
  for (const column of columns.values()) return column.length;
  return 0;
}

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

/**
 * The monitor files of one folder (one per VecEnv worker) as one run, joined by episode end time as
 * SB3's `load_results` does: x = timesteps (cumulative episode length), wall time = t_start + t.
 */
export async function readMonitorPart(
  files: string[],
  folder: string,
  source: string,
  rule: (file: string) => LastLine = () => TORN,
): Promise<RunPart> {
  const tables = [];
  const issues: string[] = [];
  for (const file of files) {
    const table = await readSb3Monitor(file, rule(file));
    if (table.columns.get('r')?.length === 0) issues.push(`${file}: no episode yet (header only)`);
    tables.push(table);
    if (table !== undefined) pushAll(issues, table.issues);
  }
  const joined = mergeSb3Monitors(files.length === 1 ? (files[0] as string) : folder, tables);
  const tStart = Number(joined.meta.t_start ?? Number.NaN);
  const t = joined.columns.get('t') ?? new Float64Array(0);
  const wall = Float64Array.from(t, (v) => tStart + v);
  const columns = new Map(joined.columns);
  columns.set('wall_time', wall);
  const meta: RunMeta = { monitor: { t_start: tStart, files: files.map((f) => basename(f)) } };
  if (typeof joined.meta.env_id === 'string') meta.envId = joined.meta.env_id;
  const part = tablePart('monitor', columns, source, folder, {
    x: 'timesteps',
    wall: 'wall_time',
    meta,
    issues,
  });
  part.series = part.series.filter((s) => s.metric !== 'wall_time');
  part.y = 'r';
  return part;
}

/** How a table is read: the last-line rule and the shape the content showed. */
export type LastLine = Pick<ParseDelimitedOptions, 'lastLine' | 'lastLineWhy'>;
export type TableOptions = LastLine & Pick<ParseDelimitedOptions, 'delimiter' | 'columns'>;
const TORN: LastLine = { lastLine: 'torn' };

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
    // TensorBoard's and W&B's exports name their value and time columns: read whole
    whole: (header) => FIXED_COLUMNS.has(formatOf(header)),
  }));
  const meta: RunMeta = {};
  if (parsed.delimiter !== ',') meta.delimiter = parsed.delimiter;
  if (parsed.leadingComments.length > 0) meta.comments = parsed.leadingComments;
  const part = csvPart(formatOf(parsed.header), parsed.columns, source, file, meta, parsed.issues);
  return withUnread(part, parsed.header, unread);
}

const FIXED_COLUMNS = new Set<SourceFormat>(['tensorboard-csv', 'wandb-history']);

/**
 * A table read keeping the columns `want` gives from its header (see ColumnsToRead), the others named
 * in `unread`; read again whole when the y its names suggest holds text (the values then decide the y).
 * `take()` (called for each read: its `onRow` starts again) gives the columns to leave out in any case
 * (`skip`) and whether a header must be read whole (`whole`).
 */
export async function readWanted(
  file: string,
  options: TableOptions,
  want: ColumnsToRead | undefined,
  takeOf: () => TakeColumns & { whole?: (header: string[]) => boolean },
): Promise<{ parsed: DelimitedColumns; unread: string[] }> {
  let unread: string[] = [];
  let y: string | null = null;
  const read = (wanted: ColumnsToRead | undefined) => {
    const take = takeOf();
    let kept: ReadonlySet<string> | null | undefined;
    return readDelimitedFile(file, options, {
      ...take,
      skip: (column, index, header) => {
        if (take.skip?.(column, index, header)) return true;
        if (kept === undefined) {
          const names = header.filter((name, i) => name !== '' && !take.skip?.(name, i, header));
          kept = wanted && !take.whole?.(header) ? wanted(names) : null;
          y = chooseY(names);
        }
        if (kept === null || kept.has(column)) return false;
        unread.push(column);
        return true;
      },
    });
  };
  let parsed = await read(want);
  if (unread.length > 0 && y !== null && !parsed.columns.has(y)) {
    unread = [];
    parsed = await read(undefined);
  }
  return { parsed, unread };
}

/** A part's metric names, read or not, in its table's order (RunPart.names). */
export function withUnread(part: RunPart, header: readonly string[], unread: string[]): RunPart {
  if (unread.length === 0) return part;
  part.unread = unread;
  const metrics = new Set([...part.series.map((s) => s.metric), ...unread]);
  part.names = header.filter((name) => metrics.has(name));
  return part;
}

/** A table's columns as its format reads them: the x and y each tool's export names. */
function csvPart(
  format: SourceFormat,
  columns: Map<string, Float64Array>,
  source: string,
  file: string,
  meta: RunMeta,
  issues: string[],
): RunPart {
  const name = basename(file);
  switch (format) {
    case 'tensorboard-csv': {
      // TensorBoard names a download run-<run>-tag-<tag with / as _>.csv
      const tag = /-tag-(.+)\.csv$/.exec(name)?.[1] ?? name.replace(/\.csv$/, '');
      const renamed = new Map([
        ['Step', columns.get('Step') ?? new Float64Array(0)],
        [tag, columns.get('Value') ?? new Float64Array(0)],
        ['Wall time', columns.get('Wall time') ?? new Float64Array(0)],
      ]);
      const part = tablePart(format, renamed, source, file, { x: 'Step', wall: 'Wall time', meta, issues });
      part.series = part.series.filter((s) => s.metric !== 'Wall time');
      part.y = tag;
      return part;
    }
    case 'wandb-history': {
      const part = tablePart(format, columns, source, file, { x: '_step', wall: '_timestamp', meta, issues });
      part.y = defaultY(
        part.series.map((s) => s.metric),
        ['_runtime', '_timestamp'],
      );
      return part;
    }
    case 'lightning-csv':
      return tablePart(format, columns, source, file, { x: 'step', meta, issues });
    case 'keras-csv':
      return tablePart(format, columns, source, file, { x: 'epoch', meta, issues });
    default:
      return tablePart(format, columns, source, file, { meta, issues });
  }
}

/** A W&B panel export: one part per run, x = Step, each metric with its __MIN/__MAX band. */
export async function readWandbPanelParts(
  file: string,
  source: string,
  rule: LastLine = TORN,
): Promise<Map<string, RunPart>> {
  const parsed = await readDelimitedFile(file, rule);
  const series = wandbSeries(parsed.header);
  if (!series) throw new Error(`${file}:1: not a W&B panel export`);
  const columns = parsed.columns;
  const table = { path: file, format: 'wandb-csv' as const, columns, meta: { wandb: series }, issues: [] };
  const out = new Map<string, RunPart>();
  for (const run of splitWandbRuns(table)) {
    const part = tablePart('wandb-panel', run.columns, source, file, { x: series[0]?.x ?? 'step' });
    part.y = series.find((s) => s.run === run.meta.run)?.metric ?? part.y;
    out.set(String(run.meta.run), part);
  }
  const first = out.values().next().value;
  if (first) pushAll(first.issues, parsed.issues);
  return out;
}

/**
 * JSON Lines (result.json of Ray Tune/RLlib too), streamed: each record's numbers go into columns as it
 * is read (nested keys flattened with `sep`), so memory holds columns, not records.
 */
export async function readJsonlPart(
  file: string,
  source: string,
  format: SourceFormat,
  rule: LastLine = TORN,
): Promise<RunPart> {
  const columns = new RecordColumns(format === 'rllib-result' ? '/' : '.');
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

/** A JSON array of records (pandas `to_json(orient="records")`, exported histories). */
export async function readJsonArrayPart(file: string, source: string): Promise<RunPart> {
  const value = await readJsonFile(file);
  if (!Array.isArray(value) || !value.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r)))
    throw new Error(`${file}: expected a JSON array of records ({"step": …, "reward": …} objects)`);
  return tablePart('json', recordColumns(value as Record<string, unknown>[], '.'), source, file);
}

/**
 * Hugging Face Trainer / TRL `trainer_state.json`: `log_history` is one record per logging step (loss,
 * learning_rate, grad_norm, reward, kl…, eval_* at evaluations, train_* once at the end); x = step.
 * Its other keys (global_step, max_steps, train_batch_size…) are the configuration.
 */
export async function readTrainerStatePart(file: string, source: string): Promise<RunPart> {
  const state = (await readJsonFile(file)) as Record<string, unknown> | null;
  const history = state?.log_history;
  if (!Array.isArray(history)) throw new Error(`${file}: expected "log_history" to be an array of records`);
  const config: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state ?? {}))
    if (key !== 'log_history' && (value === null || typeof value !== 'object')) config[key] = value;
  const columns = recordColumns(history as Record<string, unknown>[], '/');
  const part = tablePart('hf-trainer-state', columns, source, file, {
    x: 'step',
    meta: { config, configFiles: [source] },
  });
  return part;
}

/**
 * One MLflow run folder (`mlruns/<experiment>/<run>/`): `metrics/<name>` files of `timestamp value step`
 * lines (timestamp in ms; a metric name with `/` is a subfolder), `params/<name>` as the configuration.
 */
export async function readMlflowPart(
  dir: string,
  rule: (file: string) => LastLine = () => TORN,
): Promise<RunPart> {
  const series: Series[] = [];
  const issues: string[] = [];
  const restarts: Restart[] = [];
  for (const name of await filesBelow(join(dir, 'metrics'))) {
    const file = join(dir, 'metrics', name);
    const text = await readInputText(file);
    const lines = text.split('\n');
    const { lastLine, lastLineWhy } = rule(file);
    const unended = !text.endsWith('\n') && text.length > 0;
    // a last line without its line end is data only when its end proves it whole (csv-log's rule): a
    // line of three bare numbers never does (`… 12` may be a cut of `… 125`)
    const complete = endsWholeRecord(lines.at(-1) ?? '', 'csv');
    const torn = unended && !(lastLine === 'keep-if-complete' && complete);
    const why =
      torn && lastLine === 'keep-if-complete'
        ? ': its last number may be cut short, nothing proves the line ended'
        : lastLineWhy
          ? `: ${lastLineWhy}`
          : '';
    if (torn) issues.push(`${file}:${lines.length}: last line has no line end (torn${why}); not read`);
    else if (unended)
      issues.push(`${file}:${lines.length}: last line has no line end; read as data: it is complete${why}`);
    const usable = torn ? lines.slice(0, -1) : lines;
    const rows: number[][] = [];
    usable.forEach((line, i) => {
      if (line.trim() === '') return;
      const parts = line.trim().split(/\s+/);
      const numbers = parts.map(Number);
      if (
        parts.length < 2 ||
        parts.length > 3 ||
        numbers.some((v, k) => Number.isNaN(v) && !/nan/i.test(parts[k] ?? ''))
      ) {
        issues.push(`${file}:${i + 1}: expected "timestamp value step"; line skipped`);
        return;
      }
      rows.push([numbers[0] as number, numbers[1] as number, numbers[2] ?? 0]);
    });
    const columns = new Map([
      ['step', Float64Array.from(rows, (r) => r[2] as number)],
      [name, Float64Array.from(rows, (r) => r[1] as number)],
      ['timestamp', Float64Array.from(rows, (r) => r[0] as number)],
    ]);
    const part = tablePart('mlflow', columns, `metrics/${name}`, file, {
      x: 'step',
      wall: 'timestamp',
      wallScale: 1e-3,
      issues,
    });
    pushAll(
      series,
      part.series.filter((s) => s.metric !== 'timestamp'),
    );
    pushAll(restarts, part.restarts);
  }
  const config: Record<string, unknown> = {};
  for (const name of await filesBelow(join(dir, 'params')))
    config[name] = (await readInputText(join(dir, 'params', name))).trim();
  const names = series.map((s) => s.metric);
  return {
    format: 'mlflow',
    series,
    x: 'step',
    y: defaultY(names),
    meta: Object.keys(config).length > 0 ? { config, configFiles: ['params/'] } : {},
    restarts,
    issues,
  };
}

async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.isDirectory()) pushAll(out, await filesBelow(join(dir, entry.name), `${prefix}${entry.name}/`));
    else if (entry.isFile()) out.push(prefix + entry.name);
  }
  return out;
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

/** Records as columns: numbers and booleans (1/0) kept, nested objects flattened with `sep`, text left out. */
export function recordColumns(
  records: readonly Record<string, unknown>[],
  sep: string,
): Map<string, Float64Array> {
  const columns = new RecordColumns(sep);
  for (const record of records) columns.add(record);
  return columns.finish();
}

/** recordColumns one record at a time. */
class RecordColumns {
  private readonly builder = new ColumnBuilder();
  constructor(private readonly sep: string) {}

  add(record: Record<string, unknown>): void {
    this.flatten(record, '', this.builder.addRow());
  }

  finish(): Map<string, Float64Array> {
    return this.builder.finish();
  }

  private flatten(value: Record<string, unknown>, prefix: string, row: number): void {
    for (const [key, item] of Object.entries(value)) {
      const name = prefix + key;
      if (typeof item === 'number') this.builder.set(name, row, item);
      else if (typeof item === 'boolean') this.builder.set(name, row, item ? 1 : 0);
      else if (typeof item === 'string') {
        // a value a Python logger wrote as its repr (`"tensor(0.5)"`, `"np.float64(1.5)"`)
        const number = scalarNumber(item.trim());
        if (number !== undefined) this.builder.set(name, row, number);
      } else if (item !== null && typeof item === 'object' && !Array.isArray(item))
        this.flatten(item as Record<string, unknown>, `${name}${this.sep}`, row);
    }
  }
}
