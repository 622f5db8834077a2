/**
 * Gather, of a folder's runs: what `evidence report DIR` finds under it through @evidence/sources' one
 * discovery (other evidence runs, SB3 monitor and progress files, TensorBoard runs, RLlib, Lightning,
 * HF Trainer, MLflow, W&B and CSV exports), and for a folder of runs, one overlay per metric.
 */

import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import {
  type Discovery,
  discoverRuns,
  FORMAT_NAMES,
  RUN_FILES_LOOKED_FOR,
  type Run,
  type Series,
  type SkippedRun,
  type SourceFormat,
} from '@evidence/sources';
import { plural } from '../page/format.js';
import type { OverlayInput } from '../page/index.js';
import { declaredRanges } from '../runs/declared-ranges.js';
import { metricOverlays } from '../runs/metric-overlays.js';

/** Formats our own evidence report reads itself (and evaluation episodes); every other run is a foreign source. */
const OWN_FORMATS = new Set<SourceFormat>(['evidence-csv', 'reward-history', 'jsonl']);

/** Sources in the order the page shows them: the episodes first, then the training curves. */
const CHART_ORDER: SourceFormat[] = ['monitor', 'sb3-progress', 'tensorboard', 'wandb-panel'];
const orderOf = (format: SourceFormat) => {
  const at = CHART_ORDER.indexOf(format);
  return at < 0 ? CHART_ORDER.length : at;
};

/** Sources charted in one report; a folder of many runs is what `evidence runs` is for. */
export const MAX_SOURCES = 12;

export interface FoundSources {
  /** foreign runs with at least one value, monitor files first (at most MAX_SOURCES) */
  runs: Run[];
  /** readable runs beyond MAX_SOURCES: not charted */
  more: Run[];
  /** every readable foreign run (runs and more) */
  all: Run[];
  /**
   * Several runs (distinct run ids): the report draws TensorBoard's first screen, one overlay per
   * metric with a line per run, instead of each run's own charts.
   */
  overlay: boolean;
  /** runs found that could not be read or hold nothing, with the reason */
  unreadable: SkippedRun[];
  /** what was searched for, for a "nothing found" message */
  lookedFor: string[];
  /** the discovery's one-line summary (the `found` line of `runs` and `plot`) and the files it did not read */
  discovery: Pick<Discovery, 'summary' | 'unread'>;
}

/**
 * Foreign runs under `root`, leaving out our own logs and anything inside `exclude` (the report's
 * folder). Inside an evidence folder, what another trainer wrote beside our logs (a TensorBoard runs/
 * folder, monitor files) is found too. A run with monitor files and another log (an SB3 logger folder)
 * is shown as two sources: its episodes and its training curve.
 */
export async function findSources(root: string, options: { exclude?: string } = {}): Promise<FoundSources> {
  const exclude = options.exclude ? resolve(options.exclude) : undefined;
  const log = join(resolve(root), 'training_log.csv');
  // An evidence folder's training log can hold millions of rows, read by the report itself (decimated):
  // the discovery is told not to read it, and what lies in the report's folder is left out afterwards.
  let found = existsSync(log)
    ? outside(await discoverRuns(root, { inside: true, exclude: log }), resolve(root), exclude)
    : await discoverRuns(root, exclude ? { exclude } : {});
  if (!existsSync(log) && found.runs.some((run) => run.id === '.' && run.layout === 'evidence'))
    found = await discoverRuns(root, { inside: true, ...(exclude ? { exclude } : {}) });
  // our own logs and evaluation files are the evidence report's to read and judge
  if (existsSync(log) || found.runs.some((run) => run.layout === 'evidence' && run.id === '.'))
    found.skipped = found.skipped.filter((skip) => !isOwnFile(skip.path));
  // the folder's own logs are the evidence report's; an evidence run in a subfolder is one run among others
  const foreign = found.runs
    .filter((run) => !(OWN_FORMATS.has(run.format) && ofRoot(resolve(root), run)))
    .flatMap(views)
    .sort((a, b) => orderOf(a.format) - orderOf(b.format));
  const all = [...foreign];
  // a W&B panel export is drawn as its panels were, one chart per metric with a line per run, already
  const overlay =
    new Set(all.map((run) => run.id)).size > 1 && !all.every((run) => run.format === 'wandb-panel');
  const more = foreign.splice(MAX_SOURCES);
  return {
    runs: foreign,
    more,
    all,
    overlay,
    unreadable: found.skipped,
    lookedFor: [RUN_FILES_LOOKED_FOR],
    discovery: { summary: found.summary, unread: found.unread },
  };
}

/** A run of the folder itself or of one of its own files, not of a subfolder. */
function ofRoot(root: string, run: Run): boolean {
  const path = resolve(run.path);
  return (
    path === root || (dirname(path) === root && statSync(path, { throwIfNoEntry: false })?.isFile() === true)
  );
}

/** The discovery without what lies in `folder` (a path under `root`). */
function outside(found: Discovery, root: string, folder: string | undefined): Discovery {
  if (!folder) return found;
  const inFolder = (path: string) => {
    const abs = join(root, path);
    return abs === folder || abs.startsWith(folder + sep);
  };
  return {
    ...found,
    runs: found.runs.filter((run) => !inFolder(run.id.replace(/#.*$/, ''))),
    skipped: found.skipped.filter((skip) => !inFolder(skip.path)),
  };
}

const OWN_FILES =
  /(^|\/)(training_log\.csv|reward_components\.csv|checkpoint_evals\.csv|[^/]*\.jsonl|[^/]*_reward_history\.json)$/;
const isOwnFile = (path: string) => OWN_FILES.test(path);

const isMonitorSeries = (series: Series) => series.source.endsWith('monitor.csv');

/** A run's monitor episodes and its other logs as separate sources (each charted its own way). */
function views(run: Run): Run[] {
  const episodes = run.series.filter(isMonitorSeries);
  if (episodes.length === 0 || episodes.length === run.series.length) return [run];
  const files = (run.meta.monitor as { files?: string[] } | undefined)?.files ?? [];
  const rest = run.series.filter((s) => !isMonitorSeries(s));
  return [
    {
      ...run,
      format: 'monitor',
      series: episodes,
      x: 'timesteps',
      y: 'r',
      meta: { ...run.meta, view: files.join(' + ') },
    },
    {
      ...run,
      series: rest,
      meta: { ...run.meta, view: [...new Set(rest.map((s) => s.source))].join(' + ') },
    },
  ];
}

/** Metrics overlaid in one report; past it the page names the rest (`evidence plot` draws chosen ones). */
export const MAX_OVERLAYS = 48;

/**
 * A folder of runs as TensorBoard's scalar dashboard: one overlay per metric (the runs' y first, then in
 * natural order), a line
 * per run coloured by its group, each group's aggregate with its band. At most MAX_OVERLAYS metrics.
 */
export function sourceOverlays(runs: readonly Run[]): { overlays: OverlayInput[]; metrics: number } {
  const xs = [...new Set(runs.map((run) => run.x))];
  const all = metricOverlays(
    runs.map((run) => ({
      id: run.id,
      group: run.group || 'runs',
      task: run.task,
      series: run.series,
      ranges: declaredRanges(run),
    })),
    { xLabel: xs.length === 1 ? xs[0] : 'step' },
  );
  // the y the discovery chose (the one `runs` compares) leads, and is never cut
  const chosen = new Set(runs.map((run) => run.y));
  const ordered = [...all.filter((o) => chosen.has(o.metric)), ...all.filter((o) => !chosen.has(o.metric))];
  return { overlays: ordered.slice(0, MAX_OVERLAYS), metrics: all.length };
}

/** One line for a folder of runs: how many, of which formats and groups, and the overlays drawn. */
export function describeOverlays(runs: readonly Run[], metrics: number): string {
  const ids = new Set(runs.map((run) => run.id));
  const groups = new Set(runs.map((run) => run.group || 'runs'));
  const formats = [...new Set(runs.map((run) => FORMAT_NAMES[run.format]))].join(', ');
  const tasks = new Set(runs.map((run) => run.task)).size;
  const drawn = Math.min(metrics, MAX_OVERLAYS);
  const first = drawn < metrics ? ` (the first ${drawn} of ${metrics})` : '';
  // with several tasks, `metrics` counts a chart per metric per task (sourceOverlays)
  const charted =
    tasks > 1
      ? `${tasks} tasks apart: ${plural(drawn, 'chart')}${first}, one per metric and task with a line per run`
      : `${plural(drawn, 'metric')}${first}, one chart each with a line per run`;
  return `found ${plural(ids.size, 'run')} (${formats}) in ${plural(groups.size, 'group')}; charting ${charted}`;
}
