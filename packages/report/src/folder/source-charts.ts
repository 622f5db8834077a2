/**
 * Draw, of a folder's few runs: each run's own charts (SB3 monitor episodes, one chart per key prefix,
 * a W&B export's panels), the one line that says what is charted, and the facts for the page's Run
 * section.
 */

import { basename, relative, sep } from 'node:path';
import { type Chart, type LineSeries, movingAverage, type Panel } from '@evidence/plots';
import { FORMAT_NAMES, type Run, type Series } from '@evidence/sources';
import { plural } from '../page/format.js';

/** SB3's results_plotter smooths over 100 episodes; shorter runs over a tenth of their episodes. */
export const EPISODE_WINDOW = 100;
/** Keys stacked in one chart (one panel each) before a group is split into several charts. */
const PANELS_PER_CHART = 6;
const PANEL_HEIGHT = 190;
const COLORS = ['#1d4ed8', '#ea580c', '#16a34a', '#c026d3', '#0f766e', '#dc2626', '#64748b'];

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
export function describeSources(root: string, runs: readonly Run[]): string {
  const found = runs.map((run) => `${label(root, run)} (${summary(run)})`);
  const charted = runs.map((run) => `${charting(run)}${overBudget(run, runs)}`);
  return `found ${found.join(', ')}; charting ${charted.join('; ')}`;
}

/** Facts about each source for the page's Run section: format, environment, episodes, steps, tags. */
export function sourceFacts(root: string, runs: readonly Run[]): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  const envs = [...new Set(runs.map((run) => run.meta.envId).filter((e) => typeof e === 'string'))];
  if (envs.length === 1) facts.environment = envs[0];
  // results.json of a model card (SB3 gives it to every table of its folder): shown once
  const results = runs.find((run) => run.meta.results !== undefined)?.meta.results;
  if (results !== undefined) facts.results = results;
  for (const run of runs) {
    const entry: Record<string, unknown> = { format: FORMAT_NAMES[run.format] };
    if (run.format === 'monitor') {
      if (typeof run.meta.envId === 'string') entry.env_id = run.meta.envId;
      const rewards = seriesOf(run, 'r');
      entry.episodes = rewards?.values.length ?? 0;
      entry.timesteps = rewards ? last(rewards.steps) : null;
      const monitor = run.meta.monitor as { t_start?: number; files?: string[] } | undefined;
      if (typeof monitor?.t_start === 'number' && Number.isFinite(monitor.t_start))
        entry.started_at = new Date(monitor.t_start * 1000).toISOString();
      if (Array.isArray(monitor?.files) && monitor.files.length > 1) entry.files = monitor.files.length;
    } else {
      entry.points = run.series.reduce((n, s) => n + s.values.length, 0);
      entry.keys = plotted(run).length;
      entry[`last ${run.x}`] = last(
        Float64Array.from(
          run.series.flatMap((s) => (s.steps.length > 0 ? [s.steps[s.steps.length - 1] as number] : [])),
        ).sort(),
      );
    }
    facts[label(root, run)] = entry;
  }
  return facts;
}

/**
 * The most charts drawn of one source: a 30 KB CSV of 5,000 columns asked for 834 charts (2-3 minutes,
 * 61 MB of PNG). Past it, the first ones are drawn and the page says how many were left out.
 */
export const MAX_CHARTS_PER_SOURCE = 12;

/** How many charts a source would take, beyond the budget; a note for the one-line summary. */
function overBudget(run: Run, runs: readonly Run[]): string {
  const wanted = chartCount(run, runs);
  return wanted > MAX_CHARTS_PER_SOURCE
    ? ` (the first ${MAX_CHARTS_PER_SOURCE} of its ${wanted} charts: at most ${MAX_CHARTS_PER_SOURCE} per source; \`evidence plot\` draws chosen columns)`
    : '';
}

/** How many charts a source asks for, counted without drawing them. */
function chartCount(run: Run, runs: readonly Run[]): number {
  if (run.format === 'monitor' && seriesOf(run, 'r') && seriesOf(run, 'l')) return 2;
  if (run.format === 'wandb-panel') return wandbMetricNames(runs.filter((r) => r.path === run.path)).length;
  return [...groupByPrefix(plotted(run).map((s) => s.metric)).values()].reduce(
    (sum, keys) => sum + Math.ceil(keys.length / PANELS_PER_CHART),
    0,
  );
}

/** The charts of one source, the first MAX_CHARTS_PER_SOURCE only. */
function chartsOf(root: string, run: Run, runs: readonly Run[]): NamedChart[] {
  if (run.format === 'monitor') return monitorCharts(root, run);
  if (run.format === 'wandb-panel')
    return wandbCharts(
      root,
      runs.filter((r) => r.format === 'wandb-panel' && r.path === run.path),
    ).slice(0, MAX_CHARTS_PER_SOURCE);
  return groupedCharts(root, run, MAX_CHARTS_PER_SOURCE);
}

/** Every chart of every source, named `source-<n>-<what>`; the runs of one W&B export share charts. */
export function sourceCharts(root: string, runs: readonly Run[]): SourceChart[] {
  const charts: SourceChart[] = [];
  const wandbDone = new Set<string>();
  runs.forEach((run, index) => {
    if (run.format === 'wandb-panel') {
      if (wandbDone.has(run.path)) return;
      wandbDone.add(run.path);
    }
    const own = chartsOf(root, run, runs);
    for (const chart of own)
      charts.push({ ...chart, name: `source-${index + 1}-${chart.name}`, source: run.path });
  });
  return charts;
}

/** A source by its path under root (and its one file, in a run folder); a run split out of a table by its name there. */
function label(root: string, run: Run): string {
  const under = relative(root, run.path).split(sep).join('/');
  const view = typeof run.meta.view === 'string' ? run.meta.view : '';
  const name = [under, view].filter(Boolean).join('/') || basename(run.path);
  const hash = run.id.indexOf('#');
  return hash >= 0 ? `${name}#${run.id.slice(hash + 1)}` : name;
}

function seriesOf(run: Run, metric: string): Series | undefined {
  return run.series.find((s) => s.metric === metric);
}

function last(values: ArrayLike<number> | undefined): number | null {
  if (!values) return null;
  for (let i = values.length - 1; i >= 0; i--) if (Number.isFinite(values[i])) return values[i] as number;
  return null;
}

function summary(run: Run): string {
  const kind = FORMAT_NAMES[run.format];
  if (run.format === 'monitor') {
    const env = typeof run.meta.envId === 'string' ? `${run.meta.envId}, ` : '';
    return `${kind}: ${env}${plural(seriesOf(run, 'r')?.values.length ?? 0, 'episode')}`;
  }
  const points = run.series.reduce((n, s) => n + s.values.length, 0);
  if (run.format === 'tensorboard')
    return `${kind}: ${plural(plotted(run).length, 'scalar tag')}, ${plural(points, 'value')}`;
  return `${kind}: ${plural(plotted(run).length, 'numeric key')}, ${plural(points, 'value')}`;
}

function charting(run: Run): string {
  if (run.format === 'monitor')
    return 'episode reward (raw and moving average) and episode length, over episodes and over timesteps';
  if (run.format === 'wandb-panel') return `W&B run ${run.run} over Step`;
  const groups = [...groupByPrefix(plotted(run).map((s) => s.metric)).keys()];
  return `${plural(plotted(run).length, 'key')} in ${plural(groups.length, 'group')} (${groups.join(', ')}) over ${run.x}`;
}

/** Series worth a line: with a finite value. */
function plotted(run: Run): Series[] {
  return run.series.filter((s) => s.values.some((v) => Number.isFinite(v)));
}

/** Keys grouped by the part before their first `/` (`charts/`, `losses/`, `rollout/`…); others together. */
export function groupByPrefix(keys: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of keys) {
    const slash = key.indexOf('/');
    const group = slash > 0 ? `${key.slice(0, slash)}/` : 'other';
    const keys = groups.get(group);
    if (keys) keys.push(key);
    else groups.set(group, [key]);
  }
  return groups;
}

/** The y the discovery chose (the one `runs` compares) leads its group, and its group the charts: never cut. */
function yFirst(groups: Map<string, string[]>, y: string): [string, string[]][] {
  const entries = [...groups].map(([group, keys]): [string, string[]] => [
    group,
    keys.includes(y) ? [y, ...keys.filter((key) => key !== y)] : keys,
  ]);
  return [...entries.filter(([, keys]) => keys[0] === y), ...entries.filter(([, keys]) => keys[0] !== y)];
}

/** The points where both x and y are finite: sparse keys drawn as lines, not dots. */
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

/** One chart per key prefix, a panel per key, each over its own steps (every logged value drawn). */
function groupedCharts(root: string, run: Run, limit = Number.POSITIVE_INFINITY): NamedChart[] {
  const where = label(root, run);
  const charts: NamedChart[] = [];
  const series = plotted(run);
  const byName = new Map(series.map((s) => [s.metric, s]));
  for (const [group, keys] of yFirst(groupByPrefix(series.map((s) => s.metric)), run.y ?? '')) {
    const parts = Math.ceil(keys.length / PANELS_PER_CHART);
    for (let part = 0; part < parts; part++) {
      if (charts.length >= limit) return charts;
      const chunk = keys.slice(part * PANELS_PER_CHART, (part + 1) * PANELS_PER_CHART);
      const panels: Panel[] = chunk.map((key, i) => {
        const s = byName.get(key) as Series;
        const pairs = finitePairs(s.steps, s.values);
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
          xLabel: run.x,
          panels,
          height: Math.max(360, 120 + PANEL_HEIGHT * panels.length),
          integerX: true,
        },
      });
    }
  }
  return charts;
}

function monitorCharts(root: string, run: Run): NamedChart[] {
  const rewards = seriesOf(run, 'r');
  const lengths = seriesOf(run, 'l');
  if (!rewards || !lengths) return groupedCharts(root, run);
  const episodes = rewards.values.length;
  const window = episodes >= EPISODE_WINDOW ? EPISODE_WINDOW : Math.max(1, Math.round(episodes / 10));
  const env = typeof run.meta.envId === 'string' ? `${run.meta.envId}: ` : '';
  const where = label(root, run);
  const overEpisodes = Float64Array.from({ length: episodes }, (_, i) => i);
  const chartOver = (xName: 'episode' | 'timesteps', xLabel: string): NamedChart => {
    const x = xName === 'episode' ? overEpisodes : rewards.steps;
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
        panels: [
          panel(rewards.values, 'episode reward', '#1d4ed8'),
          panel(lengths.values, 'episode length', '#ea580c'),
        ],
        height: 640,
        integerX: true,
      },
    };
  };
  return [chartOver('episode', 'episodes'), chartOver('timesteps', 'timesteps')];
}

function wandbMetricNames(runs: readonly Run[]): string[] {
  return [...new Set(runs.flatMap((run) => run.series.map((s) => s.metric)))].filter(
    (m) => !/__(MIN|MAX)$/.test(m),
  );
}

/** A W&B panel export: one chart per metric, one line per run over `Step`. */
function wandbCharts(root: string, runs: readonly Run[]): NamedChart[] {
  const where = label(root, runs[0] as Run).replace(/#.*$/, '');
  const metrics = wandbMetricNames(runs);
  return metrics.map((metric) => ({
    name: `wandb-${slug(metric)}`,
    chart: {
      title: `${where}: ${metric}`,
      xLabel: 'Step',
      integerX: true,
      panels: [
        {
          yLabel: metric,
          series: runs.flatMap((run, i) => {
            const s = seriesOf(run, metric);
            if (!s) return [];
            const pairs = finitePairs(s.steps, s.values);
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
