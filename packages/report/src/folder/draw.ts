/**
 * Draw: the standard charts of the trainer's logs and evaluations, each run's own charts, and the
 * overlays of a folder of runs. Every file goes through the report's guarded write; a chart not drawn
 * is listed as skipped with why, and a trainer's own chart is shown in its place.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  type ChartInputs,
  drawStandardCharts,
  encodeChart,
  renderChart,
  type StandardChart,
  type StandardChartsResult,
  standardCharts,
} from '@evidence/plots';
import { capText } from '../cap-text.js';
import type { LoadedCsvLog } from '../io.js';
import type { OverlayInput } from '../page/index.js';
import { DEFAULT_REWARD_KEY } from '../records.js';
import type { Picture } from './assets.js';
import type { BeforeAfterMetrics } from './before-after.js';
import { summaryForChart } from './chart-summary.js';
import { message, REFUSED, type ReportContext, throwIfWriteFailed } from './context.js';
import type { EvidenceInputs } from './gather.js';
import { describeLineChart } from './live-data.js';
import { decimationNote } from './log-views.js';
import { overlayFigures } from './overlay-figures.js';
import type { SourceChart } from './source-charts.js';

/** The logs already read, by path: the charts draw from them, never read them twice. */
const loadedLogs = (inputs: EvidenceInputs): Map<string, LoadedCsvLog | null> =>
  new Map([
    [inputs.paths.trainingLog, inputs.trainingLog],
    [inputs.paths.rewardComponents, inputs.rewardComponents],
    [inputs.paths.checkpointEvals, inputs.checkpointEvals],
  ]);

/** A line chart of a log is drawn in the page too, from the log already loaded. */
async function lineChart(
  ctx: ReportContext,
  chart: StandardChart,
  log: LoadedCsvLog | null | undefined,
): Promise<Pick<Picture, 'interactive'>> {
  const input = chart.inputs[0] as string;
  const description = log ? await describeLineChart(chart.name, log) : null;
  if (!description) return {};
  return {
    interactive: { id: chart.name, chart: description, data: ctx.href(input), dataLabel: ctx.name(input) },
  };
}

/** Each chart drawn, or why not (a trainer's own file shown in its place). */
async function placeStandard(
  ctx: ReportContext,
  all: readonly StandardChart[],
  notDrawn: { chart: StandardChart; why: string }[],
  result: Pick<StandardChartsResult, 'written'>,
  logs: Map<string, LoadedCsvLog | null>,
  charts: Picture[],
): Promise<void> {
  for (const chart of all) {
    const log = chart.source === 'csv' ? logs.get(chart.inputs[0] as string) : null;
    const drawn = result.written.find((w) => w.chart === chart);
    if (drawn) {
      charts.push({
        title: `${chart.title}${decimationNote(log)}`,
        file: ctx.href(drawn.path),
        label: ctx.name(drawn.path),
        ...(await lineChart(ctx, chart, log)),
      });
      continue;
    }
    const why = notDrawn.find((n) => n.chart === chart)?.why;
    if (why === undefined) continue;
    // A chart the trainer drew itself is still evidence: show it, and say it was not redrawn.
    const trainers = existsSync(chart.out);
    ctx.skipped.push({
      what: ctx.name(join(ctx.out, basename(chart.out))),
      why: trainers ? `${why}; showing the trainer's ${basename(chart.out)}` : why,
    });
    if (trainers)
      charts.push({
        title: `${chart.title} (the trainer's file, not redrawn)`,
        file: ctx.href(chart.out),
        label: ctx.name(chart.out),
      });
  }
}

/** The standard charts of one kind of input: the logs (`csv`) or the evaluations (`evals`). */
export async function drawStandard(
  ctx: ReportContext,
  inputs: EvidenceInputs,
  source: 'csv' | 'evals',
  metrics: BeforeAfterMetrics | null,
  charts: Picture[],
): Promise<void> {
  const outputFor = (file: string): string => join(ctx.out, basename(file));
  const logs = loadedLogs(inputs);
  const { evals, paths } = inputs;
  const chartInputs: ChartInputs = {
    csv: async (path) => logs.get(path) ?? null,
    evals: async (path) => (evals ? (path === paths.preEval ? evals.pre : evals.post) : null),
  };
  const off = ctx.options.charts === false;
  const all = standardCharts(paths).filter((chart) => chart.source === source);
  const drawable = all.filter((chart) => !ctx.isProtected(outputFor(chart.out)));
  for (const chart of all) if (!drawable.includes(chart)) ctx.markRefused(outputFor(chart.out));
  const rewardKey = ctx.options.rewardKey ?? DEFAULT_REWARD_KEY;
  const result = off
    ? { written: [], skipped: drawable.map((chart) => ({ chart, why: 'charts turned off' })), failed: [] }
    : await drawStandardCharts(drawable, {
        outputFor: (chart) => ctx.stagePath(outputFor(chart.out)),
        inputs: chartInputs,
        evalOptions: { rewardKey, ...(metrics ? { summary: summaryForChart(metrics) } : {}) },
        onProgress: (_, __, what) => ctx.progress(what),
        onWritten: async (path) => void (await ctx.stage(path)),
      });
  // the charts were drawn into the staging folder: the page names the files they become
  for (const drawn of result.written) drawn.path = ctx.targetOf(drawn.path);
  for (const { error } of result.failed) throwIfWriteFailed(ctx.folder.nameTarget(error));
  const notDrawn = [
    ...all.filter((chart) => !drawable.includes(chart)).map((chart) => ({ chart, why: REFUSED })),
    ...result.skipped,
    ...result.failed.map(({ chart, error }) => ({
      chart,
      why: `could not render: ${capText(message(error))}`,
    })),
  ];
  // every chart counts once in the progress, drawn here or not
  for (const chart of all) if (off || !drawable.includes(chart)) ctx.progress(basename(chart.out));
  await placeStandard(ctx, all, notDrawn, result, logs, charts);
}

/** Each other run's own charts (a run, or the two views of an SB3 folder). */
export async function drawSourceCharts(
  ctx: ReportContext,
  foreign: readonly SourceChart[],
  charts: Picture[],
): Promise<void> {
  for (const { name: file, chart, source } of foreign) {
    const path = join(ctx.out, `${file}.png`);
    ctx.progress(file);
    if (ctx.isProtected(path)) ctx.refuse(path);
    else if (ctx.options.charts === false)
      ctx.skipped.push({ what: ctx.name(path), why: 'charts turned off' });
    else {
      try {
        await ctx.stage(await renderChart(chart, ctx.stagePath(path)));
        charts.push({
          title: chart.title ?? file,
          file: ctx.href(path),
          label: ctx.name(path),
          // drawn in the page too, like the evidence folder's own line charts
          interactive: { id: file, chart, data: ctx.href(source), dataLabel: ctx.name(source) },
        });
      } catch (error) {
        throwIfWriteFailed(ctx.folder.nameTarget(error));
        ctx.skipped.push({ what: ctx.name(path), why: `could not render: ${capText(message(error))}` });
      }
    }
  }
}

/** A folder of runs: one overlay per metric, as PNG and SVG, and in the page. */
export async function drawOverlays(
  ctx: ReportContext,
  overlays: readonly OverlayInput[],
  charts: Picture[],
): Promise<void> {
  for (const { file, data, chart } of overlayFigures(overlays)) {
    const png = join(ctx.out, `${file}.png`);
    const svg = join(ctx.out, `${file}.svg`);
    ctx.progress(file);
    const refused = [png, svg].filter((path) => ctx.isProtected(path));
    if (refused.length > 0) for (const path of refused) ctx.refuse(path);
    else if (ctx.options.charts === false)
      ctx.skipped.push({ what: ctx.name(png), why: 'charts turned off' });
    else {
      try {
        await ctx.write(png, await encodeChart(chart, 'png'));
        await ctx.write(svg, await encodeChart(chart, 'svg'));
        charts.push({
          title: chart.title ?? data.title,
          file: ctx.href(png),
          label: ctx.name(png),
          overlay: { id: file, data },
        });
      } catch (error) {
        throwIfWriteFailed(ctx.folder.nameTarget(error));
        ctx.skipped.push({ what: ctx.name(png), why: `could not render: ${capText(message(error))}` });
      }
    }
  }
}
