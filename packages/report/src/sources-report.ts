/**
 * What `evidence report DIR` shows of files other trainers wrote (read by @evidence/sources): SB3
 * monitor and progress files, TensorBoard runs, W&B and other CSV exports. Finds them, says in one line
 * what it found and what it will chart, and describes each chart; build-report draws and places them.
 */

import { readdir } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { type Chart, type LineSeries, movingAverage, type Panel } from '@evidence/plots';
import {
  detectFileFormat,
  findRunTables,
  isEventFile,
  LOOKED_FOR,
  type RunTable,
  rowCount,
  type WandbSeries,
} from '@evidence/sources';
import type { ReportIssue } from './eval-files.js';
import { plural } from './model.js';
import { X_CANDIDATES } from './runs/compare-runs.js';

/** Formats our own evidence report reads itself; every other table is a foreign source. */
const OWN_FORMATS = new Set<RunTable['format']>(['evidence-csv', 'jsonl']);

const FORMAT_NAMES: Record<RunTable['format'], string> = {
  'evidence-csv': 'evidence log',
  csv: 'CSV/TSV log',
  'sb3-monitor': 'Stable-Baselines3 monitor',
  'sb3-progress': 'Stable-Baselines3 progress.csv',
  tensorboard: 'TensorBoard run',
  'wandb-csv': 'W&B export',
  jsonl: 'JSON Lines',
};

/** Sources in the order the page shows them: the episodes first, then the training curves. */
const CHART_ORDER: RunTable['format'][] = ['sb3-monitor', 'sb3-progress', 'tensorboard', 'wandb-csv', 'csv'];

/** SB3's results_plotter smooths over 100 episodes; shorter runs over a tenth of their episodes. */
export const EPISODE_WINDOW = 100;
/** Keys stacked in one chart (one panel each) before a group is split into several charts. */
const PANELS_PER_CHART = 6;
const PANEL_HEIGHT = 190;
const COLORS = ['#1d4ed8', '#ea580c', '#16a34a', '#c026d3', '#0f766e', '#dc2626', '#64748b'];

/** Sources charted in one report; a folder of many runs is what `evidence runs` is for. */
export const MAX_SOURCES = 12;

export interface FoundSources {
  /** foreign tables with at least one row, monitor files first (at most MAX_SOURCES) */
  tables: RunTable[];
  /** readable tables beyond MAX_SOURCES: not charted */
  more: RunTable[];
  /** tables that could not be read or hold nothing, with the reader's reasons */
  unreadable: RunTable[];
  /** what was searched for, for a "nothing found" message */
  lookedFor: string[];
}

/** Foreign run tables under `root`, leaving out our own logs and anything inside `exclude` (the report's folder). */
export async function findSources(root: string, options: { exclude?: string } = {}): Promise<FoundSources> {
  const exclude = options.exclude ? resolve(options.exclude) : null;
  const inside = (path: string) =>
    exclude !== null && (resolve(path) === exclude || resolve(path).startsWith(exclude + sep));
  // An evidence folder's logs can be large: read every table only when a foreign file is there at all.
  const { found, lookedFor } = (await hasForeignFile(root, SEARCH_DEPTH, inside))
    ? await findRunTables(root)
    : { found: [], lookedFor: [...LOOKED_FOR] };
  const tables: RunTable[] = [];
  const unreadable: RunTable[] = [];
  for (const table of found) {
    if (OWN_FORMATS.has(table.format) || inside(table.path)) continue;
    (rowCount(table) > 0 ? tables : unreadable).push(table);
  }
  tables.sort((a, b) => CHART_ORDER.indexOf(a.format) - CHART_ORDER.indexOf(b.format));
  const more = tables.splice(MAX_SOURCES);
  // our own logs are named by build-report itself; JSONL is read as evaluations, not charted as a source
  return {
    tables,
    more,
    unreadable,
    lookedFor: lookedFor.filter((entry) => !entry.endsWith('(evidence)') && entry !== '*.jsonl'),
  };
}

/** How deep findRunTables looks (its documented 4 levels). */
const SEARCH_DEPTH = 4;

/** Whether any file under dir (not in an excluded folder) has a foreign format, from names and first lines only. */
async function hasForeignFile(
  dir: string,
  depth: number,
  excluded: (path: string) => boolean,
): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isFile()) {
      if (isEventFile(entry.name) && !excluded(path)) return true;
      const format = await detectFileFormat(path).catch(() => null);
      if (format !== null && !OWN_FORMATS.has(format) && !excluded(path)) return true;
    }
  }
  if (depth === 0) return false;
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (!excluded(path) && (await hasForeignFile(path, depth - 1, excluded))) return true;
  }
  return false;
}

export interface SourceChart {
  /** file name without extension, unique within one report */
  name: string;
  chart: Chart;
  /** the file or folder its data comes from */
  source: string;
}

/** A chart before it is tied to its source. */
type NamedChart = Omit<SourceChart, 'source'>;

/** One line: what was found and what will be charted. */
export function describeSources(root: string, tables: readonly RunTable[]): string {
  const found = tables.map((table) => `${label(root, table)} (${summary(table)})`);
  const charted = tables.map((table) => `${charting(table)}${overBudget(table)}`);
  return `found ${found.join(', ')}; charting ${charted.join('; ')}`;
}

/** Facts about each source for the page's Run section: format, environment, episodes, steps, tags. */
export function sourceFacts(root: string, tables: readonly RunTable[]): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  const envs = [...new Set(tables.map((table) => table.meta.env_id).filter((e) => typeof e === 'string'))];
  if (envs.length === 1) facts.environment = envs[0];
  // results.json of a model card (SB3 gives it to every table of its folder): shown once
  const results = tables.find((table) => table.meta.results !== undefined)?.meta.results;
  if (results !== undefined) facts.results = results;
  for (const table of tables) {
    const entry: Record<string, unknown> = { format: FORMAT_NAMES[table.format] };
    if (table.format === 'sb3-monitor') {
      if (typeof table.meta.env_id === 'string') entry.env_id = table.meta.env_id;
      entry.episodes = rowCount(table);
      entry.timesteps = last(table.columns.get('timesteps'));
      if (typeof table.meta.t_start === 'number')
        entry.started_at = new Date(table.meta.t_start * 1000).toISOString();
      if (Array.isArray(table.meta.files)) entry.files = table.meta.files.length;
    } else {
      entry.rows = rowCount(table);
      entry.keys = plottedKeys(table).length;
      const x = xColumn(table);
      if (x) entry[`last ${x}`] = last(table.columns.get(x));
    }
    facts[label(root, table)] = entry;
  }
  return facts;
}

/** Every chart of every source, named `source-<n>-<what>`. */
export function sourceCharts(root: string, tables: readonly RunTable[]): SourceChart[] {
  return tables.flatMap((table, index) =>
    chartsOf(root, table).map((chart) => ({
      ...chart,
      name: `source-${index + 1}-${chart.name}`,
      source: table.path,
    })),
  );
}

/**
 * The most charts drawn of one source: a 30 KB CSV of 5,000 columns asked for 834 charts (2-3 minutes,
 * 61 MB of PNG). Past it, the first ones are drawn and the page says how many were left out.
 */
export const MAX_CHARTS_PER_SOURCE = 12;

function chartsOf(root: string, table: RunTable): NamedChart[] {
  return allChartsOf(root, table).slice(0, MAX_CHARTS_PER_SOURCE);
}

function allChartsOf(root: string, table: RunTable): NamedChart[] {
  if (table.format === 'sb3-monitor') return monitorCharts(root, table);
  if (table.format === 'wandb-csv') return wandbCharts(root, table);
  return groupedCharts(root, table);
}

/** How many charts a source would take, beyond the budget; a note for the one-line summary. */
function overBudget(table: RunTable): string {
  const wanted =
    table.format === 'wandb-csv'
      ? wandbMetrics(table).size
      : table.format === 'sb3-monitor'
        ? 2
        : [...groupByPrefix(plottedKeys(table)).values()].reduce(
            (sum, keys) => sum + Math.ceil(keys.length / PANELS_PER_CHART),
            0,
          );
  return wanted > MAX_CHARTS_PER_SOURCE
    ? ` (the first ${MAX_CHARTS_PER_SOURCE} of its ${wanted} charts: at most ${MAX_CHARTS_PER_SOURCE} per source; \`evidence plot\` draws chosen columns)`
    : '';
}

/** A source by its path under root; joined monitor files by their names. */
function label(root: string, table: RunTable): string {
  const files = table.meta.files;
  const under = (path: string) => relative(root, path).split(sep).join('/') || basename(path);
  if (table.format === 'sb3-monitor' && Array.isArray(files) && files.length > 1)
    return files.map((file) => under(String(file))).join(' + ');
  return under(table.path);
}

function last(column: Float64Array | undefined): number | null {
  if (!column) return null;
  for (let i = column.length - 1; i >= 0; i--) if (Number.isFinite(column[i])) return column[i] as number;
  return null;
}

function summary(table: RunTable): string {
  const kind = FORMAT_NAMES[table.format];
  if (table.format === 'sb3-monitor') {
    const env = typeof table.meta.env_id === 'string' ? `${table.meta.env_id}, ` : '';
    return `${kind}: ${env}${plural(rowCount(table), 'episode')}`;
  }
  if (table.format === 'tensorboard')
    return `${kind}: ${plural(plottedKeys(table).length, 'scalar tag')}, ${plural(rowCount(table), 'step')}`;
  return `${kind}: ${plural(plottedKeys(table).length, 'numeric key')}, ${plural(rowCount(table), 'row')}`;
}

function charting(table: RunTable): string {
  if (table.format === 'sb3-monitor')
    return 'episode reward (raw and moving average) and episode length, over episodes and over timesteps';
  if (table.format === 'wandb-csv') return `${wandbMetrics(table).size} W&B metrics over Step`;
  const groups = [...groupByPrefix(plottedKeys(table)).keys()];
  const x = xColumn(table) ?? 'row';
  return `${plural(plottedKeys(table).length, 'key')} in ${plural(groups.length, 'group')} (${groups.join(', ')}) over ${x}`;
}

/** x of a table: TensorBoard's step, SB3 progress's total timesteps, else the first of the runs' x candidates. */
function xColumn(table: RunTable): string | null {
  if (table.format === 'tensorboard') return 'step';
  return X_CANDIDATES.find((name) => table.columns.has(name)) ?? null;
}

/** Columns worth a line: not the x, not TensorBoard's wall time, not empty. */
function plottedKeys(table: RunTable): string[] {
  const x = xColumn(table);
  const keys: string[] = [];
  for (const [name, column] of table.columns) {
    if (name === x || (table.format === 'tensorboard' && name === 'wall_time')) continue;
    if (column.some((v) => Number.isFinite(v))) keys.push(name);
  }
  return keys;
}

/** Keys grouped by the part before their first `/` (`charts/`, `losses/`, `rollout/`…); others together. */
export function groupByPrefix(keys: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of keys) {
    const slash = key.indexOf('/');
    const group = slash > 0 ? `${key.slice(0, slash)}/` : 'other';
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  return groups;
}

/** The rows where both x and y are finite: sparse keys (a tag logged every 10 steps) drawn as lines, not dots. */
function finitePairs(x: ArrayLike<number>, y: ArrayLike<number>): { x: Float64Array; y: Float64Array } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < y.length; i++) {
    if (Number.isFinite(y[i]) && Number.isFinite(x[i])) {
      xs.push(x[i] as number);
      ys.push(y[i] as number);
    }
  }
  return { x: Float64Array.from(xs), y: Float64Array.from(ys) };
}

const slug = (text: string): string =>
  text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'other';

function groupedCharts(root: string, table: RunTable): NamedChart[] {
  const xName = xColumn(table);
  const n = rowCount(table);
  const x = xName
    ? (table.columns.get(xName) as Float64Array)
    : Float64Array.from({ length: n }, (_, i) => i);
  const where = label(root, table);
  const charts: NamedChart[] = [];
  for (const [group, keys] of groupByPrefix(plottedKeys(table))) {
    const parts = Math.ceil(keys.length / PANELS_PER_CHART);
    for (let part = 0; part < parts; part++) {
      const chunk = keys.slice(part * PANELS_PER_CHART, (part + 1) * PANELS_PER_CHART);
      const panels: Panel[] = chunk.map((key, i) => {
        const pairs = finitePairs(x, table.columns.get(key) as Float64Array);
        const line: LineSeries = {
          type: 'line',
          x: pairs.x,
          y: pairs.y,
          color: COLORS[i % COLORS.length] as string,
          width: 1.6,
          ...(pairs.x.length === 1 ? { marker: 'circle' as const } : {}),
        };
        return { yLabel: key, series: [line] };
      });
      const of = parts > 1 ? ` (${part + 1} of ${parts})` : '';
      charts.push({
        name: `${slug(group)}${parts > 1 ? `-${part + 1}` : ''}`,
        chart: {
          title: `${where}: ${group}${of}`,
          xLabel: xName ?? 'row',
          panels,
          height: Math.max(360, 120 + PANEL_HEIGHT * panels.length),
          integerX: true,
        },
      });
    }
  }
  return charts;
}

function monitorCharts(root: string, table: RunTable): NamedChart[] {
  const reward = table.columns.get('r') as Float64Array;
  const length = table.columns.get('l') as Float64Array;
  const episodes = rowCount(table);
  const window = episodes >= EPISODE_WINDOW ? EPISODE_WINDOW : Math.max(1, Math.round(episodes / 10));
  const env = typeof table.meta.env_id === 'string' ? `${table.meta.env_id}: ` : '';
  const where = label(root, table);
  const chartOver = (xName: 'episode' | 'timesteps', xLabel: string): NamedChart => {
    const x = table.columns.get(xName) as Float64Array;
    const panel = (values: Float64Array, name: string, color: string): Panel => ({
      yLabel: name,
      series: [
        { type: 'line', label: `${name}, each episode`, x, y: values, color, width: 1, alpha: 0.35 },
        {
          type: 'line',
          label: `moving average (${window} episode${window === 1 ? '' : 's'})`,
          x,
          y: movingAverage(values, window),
          color,
          width: 2,
        },
      ],
    });
    return {
      name: `monitor-over-${xName}`,
      chart: {
        title: `${env}episode reward and length over ${xLabel} (${plural(episodes, 'episode')}, ${where})`,
        xLabel,
        panels: [panel(reward, 'episode reward', '#1d4ed8'), panel(length, 'episode length', '#ea580c')],
        height: 640,
        integerX: true,
      },
    };
  };
  return [chartOver('episode', 'episodes'), chartOver('timesteps', 'timesteps')];
}

function wandbMetrics(table: RunTable): Map<string, WandbSeries[]> {
  const byMetric = new Map<string, WandbSeries[]>();
  for (const series of (table.meta.wandb ?? []) as WandbSeries[])
    byMetric.set(series.metric, [...(byMetric.get(series.metric) ?? []), series]);
  return byMetric;
}

/** A W&B panel export: one chart per metric, one line per run over `Step`. */
function wandbCharts(root: string, table: RunTable): NamedChart[] {
  const step = table.columns.get('Step') ?? Float64Array.from({ length: rowCount(table) }, (_, i) => i);
  const where = label(root, table);
  return [...wandbMetrics(table)].map(([metric, runs]) => ({
    name: `wandb-${slug(metric)}`,
    chart: {
      title: `${where}: ${metric}`,
      xLabel: 'Step',
      integerX: true,
      panels: [
        {
          yLabel: metric,
          series: runs.flatMap((run, i) => {
            const column = table.columns.get(run.column);
            if (!column) return [];
            const pairs = finitePairs(step, column);
            return [
              {
                type: 'line' as const,
                label: run.run,
                x: pairs.x,
                y: pairs.y,
                color: COLORS[i % COLORS.length] as string,
                width: 1.6,
              },
            ];
          }),
        },
      ],
    },
  }));
}

/**
 * A table's issues as report issues. @evidence/sources names each "<file>:<line>: why", "<file>: byte
 * <n>: why" or "<file>: why"; the file is the table's path or a file inside it.
 */
export function sourceIssues(table: RunTable): ReportIssue[] {
  return table.issues.map((issue) => splitIssue(issue, table.path));
}

export function splitIssue(issue: string, path: string): ReportIssue {
  const at = /^(.+?):(\d+): (.*)$/s.exec(issue);
  if (at && (at[1] as string).startsWith(path))
    return { file: at[1] as string, line: Number(at[2]), reason: at[3] as string };
  const whole = /^(.+?): (.*)$/s.exec(issue);
  if (whole && (whole[1] as string).startsWith(path))
    return { file: whole[1] as string, line: 0, reason: whole[2] as string };
  return { file: path, line: 0, reason: issue };
}
