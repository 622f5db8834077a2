/**
 * The report's drawings of @evidence/plots' standard charts: each fed with what the report already
 * loaded, the before/after chart with the statistics' intervals as whiskers.
 */
import type { EvidencePaths, LoadedCsvLog } from '@evidence/csv-log';
import { type BeforeAfterSummary, chartNeeds, type StandardChart, standardCharts } from '@evidence/plots';
import type { BeforeAfterMetrics } from './before-after.js';
import type { EvalRecord } from './records.js';
import { whiskerIntervals } from './stats/whiskers.js';

export interface ChartDrawing {
  title: string;
  /** path of the chart to write */
  out: string;
  /** what it needs, for the "skipped" list */
  needs: string;
  /** draws the chart, or null when its inputs are missing */
  draw: (() => Promise<string>) | null;
}

const drawing = (chart: StandardChart, draw: ChartDrawing['draw']): ChartDrawing => ({
  title: chart.title,
  out: chart.out,
  needs: chartNeeds(chart),
  draw,
});

/** The charts drawn from the CSV logs (each with no drawing when its log is missing). */
export function logChartDrawings(
  paths: EvidencePaths,
  logs: {
    trainingLog: LoadedCsvLog | null;
    rewardComponents: LoadedCsvLog | null;
    checkpointEvals: LoadedCsvLog | null;
  },
): ChartDrawing[] {
  const loaded = new Map<string, LoadedCsvLog | null>([
    [paths.trainingLog, logs.trainingLog],
    [paths.rewardComponents, logs.rewardComponents],
    [paths.checkpointEvals, logs.checkpointEvals],
  ]);
  return standardCharts(paths).flatMap((chart) => {
    if (chart.source !== 'csv') return [];
    const log = loaded.get(chart.inputs[0] as string) ?? null;
    return [drawing(chart, log ? () => chart.draw(log) : null)];
  });
}

/** The charts drawn from the evaluation episodes, with the statistics' intervals as whiskers. */
export function evalChartDrawings(
  paths: EvidencePaths,
  evals: { pre: EvalRecord[]; post: EvalRecord[] } | null,
  metrics: BeforeAfterMetrics | null,
  rewardKey: string,
): ChartDrawing[] {
  const options = { rewardKey, ...(metrics ? { summary: summaryForChart(metrics) } : {}) };
  return standardCharts(paths).flatMap((chart) =>
    chart.source === 'evals' ? [drawing(chart, evals ? () => chart.draw(evals, options) : null)] : [],
  );
}

/** What the before/after chart draws: every statistic but n, with the intervals as whiskers. */
function summaryForChart(metrics: BeforeAfterMetrics): BeforeAfterSummary {
  const withoutN = (stats: Record<string, number>): Record<string, number> =>
    Object.fromEntries(Object.entries(stats).filter(([key]) => key !== 'n'));
  return {
    pre: withoutN(metrics.pre),
    post: withoutN(metrics.post),
    delta: metrics.delta,
    ci95: whiskerIntervals(metrics), // cut to the value's possible range
  };
}
