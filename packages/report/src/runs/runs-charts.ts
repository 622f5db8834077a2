/** The charts of a runs report, as @evidence/plots chart descriptions. */
import type { Chart, LineSeries, Panel, Series } from '@evidence/plots';
import { formatNumber, plural } from '../page/format.js';
import type { OverlayInput } from '../page/index.js';
import type { GroupSummary, Improvement, RunsAnalysis } from './compare-runs.js';
import { naturalCompare } from './natural-order.js';
import { MAX_ALL_PAIRS_GROUPS, ranking } from './sweep-view.js';

/** Above this many runs of a task, its PNG and SVG draw the groups' means and bands only (no line per run). */
export const MAX_RUN_LINES = 20;

const COLORS = ['#1d4ed8', '#c026d3', '#16a34a', '#ea580c', '#7c3aed', '#0f766e', '#dc2626', '#64748b'];
export const colorOf = (groups: readonly string[], group: string): string =>
  COLORS[Math.max(0, groups.indexOf(group)) % COLORS.length] as string;

export interface RunsChart {
  /** file stem, without extension */
  stem: string;
  title: string;
  chart: Chart;
  /** a line chart as the page draws it: the same series, each named for the legend and the hover */
  page?: Chart;
  /** the runs one by one and their groups' aggregates, as the page's overlay draws them */
  overlay?: OverlayInput;
}

/** `chart` with its single panel's series named `labels` (the PNG's legend names only the means). */
const named = (chart: Chart, labels: readonly string[]): Chart => ({
  ...chart,
  panels: chart.panels.map((panel) => ({
    ...panel,
    series: panel.series.map((s, i) => ({ ...s, label: labels[i] ?? s.label ?? '' })),
  })),
});

/** A file-name part from a task name: safe characters only, numbered so two tasks never share a file. */
const stemPart = (text: string, index: number): string =>
  `${index + 1}-${text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)}`;

/**
 * Per task, each group's mean curve with its 95 % band (shaded), individual runs faint (up to
 * MAX_RUN_LINES runs; incomplete runs dotted); the page gets the overlay of every run.
 */
function curveChart(
  analysis: RunsAnalysis,
  task: string,
  index: number,
  groups: readonly string[],
): RunsChart {
  const { summary, aligned, curves } = analysis;
  const series: Series[] = [];
  const overlayRuns: OverlayInput['runs'][number][] = [];
  summary.runs.forEach((run, i) => {
    const rows = aligned[i];
    if (run.task === task && rows)
      overlayRuns.push({
        name: run.path,
        group: run.group,
        x: rows.x,
        y: rows.y,
        wall: rows.wall?.some(Number.isFinite) ? rows.wall : null,
      });
  });
  const lines = overlayRuns.length <= MAX_RUN_LINES;
  summary.runs.forEach((run, i) => {
    if (run.task !== task || !lines) return;
    const rows = aligned[i];
    if (!rows) return;
    series.push({
      type: 'line',
      x: rows.x,
      y: rows.y,
      color: colorOf(groups, run.group),
      width: 1,
      alpha: 0.22,
      ...(run.complete ? {} : { dash: [2, 3] }),
    });
  });
  for (const [group, curve] of Object.entries(curves[task] ?? {})) {
    const color = colorOf(groups, group);
    const stats = summary.tasks[task]?.groups[group];
    series.push(
      { type: 'band', x: curve.x, low: curve.lo, high: curve.hi, color, alpha: 0.16 },
      {
        type: 'line',
        label: `${group} (${plural(stats?.runs ?? 0, 'run')}), mean ± 95% band`,
        x: curve.x,
        y: curve.mean,
        color,
        width: 2.5,
      },
    );
  }
  const chart: Chart = {
    title: lines
      ? `${task}: mean ${summary.y} across runs (shaded: 95% band)`
      : `${task}: mean ${summary.y} of ${overlayRuns.length} runs (shaded: 95% band)`,
    xLabel: summary.x,
    width: 960,
    height: 540,
    panels: [{ series, yLabel: summary.y }],
  };
  return {
    stem: `curve-${stemPart(task, index)}`,
    title: lines
      ? `${task}: mean ${summary.y} across runs with its 95% band (shaded); each run faint, runs that stopped early dotted`
      : `${task}: mean ${summary.y} of each group with its 95% band (shaded); the page draws every run`,
    chart,
    overlay: {
      title: `${task}: ${summary.y}`,
      metric: summary.y,
      xLabel: summary.x,
      statistic: 'mean',
      band: '95% band',
      runs: overlayRuns,
      groups: Object.entries(curves[task] ?? {}).map(([group, curve]) => ({
        name: group,
        color: colorOf(groups, group),
        runs: summary.tasks[task]?.groups[group]?.runs ?? 0,
        x: curve.x,
        center: curve.mean,
        low: curve.lo,
        high: curve.hi,
      })),
    },
  };
}

/** What a whisker cannot say by itself: a point (all runs equal) or a range instead of an interval. */
function whiskerWords(s: GroupSummary): string {
  if (s.all_equal) return `all ${s.complete} equal`;
  if (s.range) return `range of ${s.complete} runs`;
  return '';
}

/** IQM of the final scores with 95 % intervals: one panel per task (and one for the normalized aggregate). */
function iqmChart(analysis: RunsAnalysis, groups: readonly string[]): RunsChart {
  const { summary } = analysis;
  const panels: Panel[] = Object.entries(summary.tasks).map(([task, { groups: stats }]) => {
    const names = groups.filter((g) => stats[g]);
    return {
      series: [
        {
          type: 'bars',
          label: '',
          values: names.map((g) => stats[g]?.iqm ?? Number.NaN),
          whiskers: names.map((g) => stats[g]?.iqm_ci ?? stats[g]?.range ?? null),
          color: '#1d4ed8',
        },
      ],
      categories: names,
      groupNotes: names.map((g) => (stats[g] ? whiskerWords(stats[g]) : '')),
      yLabel: `${task}: IQM of final ${summary.y}`,
    };
  });
  if (summary.aggregate) {
    const names = groups.filter((g) => summary.aggregate?.groups[g]);
    panels.push({
      series: [
        {
          type: 'bars',
          label: '',
          values: names.map((g) => summary.aggregate?.groups[g]?.iqm ?? Number.NaN),
          whiskers: names.map(
            (g) => summary.aggregate?.groups[g]?.iqm_ci ?? summary.aggregate?.groups[g]?.ranges?.iqm ?? null,
          ),
          color: '#7c3aed',
        },
      ],
      categories: names,
      groupNotes: names.map((g) => (summary.aggregate?.groups[g]?.iqm_ci ? '' : 'range')),
      yLabel: `all tasks: normalized IQM (${summary.aggregate.normalize})`,
    });
  }
  return {
    stem: 'iqm',
    title: 'IQM of final scores with 95% bootstrap intervals',
    chart: {
      title:
        'IQM of final scores (whiskers: 95% bootstrap interval over runs, or the range of the runs where noted)',
      width: Math.max(640, 320 * panels.length),
      height: 480,
      layout: 'columns',
      panels,
    },
  };
}

/**
 * rliable's figure: the four aggregates of the normalized final scores (IQM, median, mean, optimality
 * gap) side by side, each group with its 95 % stratified bootstrap interval.
 */
function aggregatesChart(analysis: RunsAnalysis, groups: readonly string[]): RunsChart | null {
  const aggregate = analysis.summary.aggregate;
  if (!aggregate) return null;
  const names = groups.filter((g) => aggregate.groups[g]);
  const metrics = [
    ['iqm', 'IQM'],
    ['median', 'median'],
    ['mean', 'mean'],
    ['optimality_gap', 'optimality gap (lower is better)'],
  ] as const;
  const panels: Panel[] = metrics.map(([key, label]) => ({
    series: [
      {
        type: 'bars',
        label: '',
        values: names.map((g) => aggregate.groups[g]?.[key] ?? Number.NaN),
        whiskers: names.map(
          (g) => aggregate.groups[g]?.[`${key}_ci`] ?? aggregate.groups[g]?.ranges?.[key] ?? null,
        ),
        color: '#7c3aed',
      },
    ],
    categories: names,
    groupNotes: names.map((g) => (aggregate.groups[g]?.[`${key}_ci`] ? '' : 'range of runs')),
    yLabel: `${label} (normalized: ${aggregate.normalize})`,
  }));
  return {
    stem: 'aggregates',
    title: "rliable's aggregates across tasks: IQM, median, mean and optimality gap with 95% intervals",
    chart: {
      title: 'Across tasks: IQM, median, mean, optimality gap (whiskers: 95% stratified bootstrap interval)',
      width: 1280,
      height: 480,
      layout: 'columns',
      panels,
    },
  };
}

/**
 * P(A > B) per task with 90 % intervals (the verdict's level), on [0, 1]: every ordered pair up to MAX_ALL_PAIRS_GROUPS
 * groups, else the best group (by IQM) against each other one.
 */
function improvementChart(analysis: RunsAnalysis): RunsChart {
  const shown = (task: string, pairs: readonly Improvement[]): Improvement[] => {
    if (Object.keys(analysis.summary.tasks[task]?.groups ?? {}).length <= MAX_ALL_PAIRS_GROUPS)
      return [...pairs];
    const best = ranking(analysis.summary, task)[0]?.group;
    return pairs.filter((p) => p.a === best);
  };
  const panels: Panel[] = Object.entries(analysis.summary.improvement).map(([task, all]) => {
    const pairs = shown(task, all);
    return {
      series: [
        {
          type: 'bars',
          label: '',
          values: pairs.map((p) => p.p ?? Number.NaN),
          whiskers: pairs.map((p) => p.ci),
          color: '#0f766e',
        },
      ],
      categories: pairs.map((p) => `${p.a} > ${p.b}`),
      // a separated pair says so, with what the test makes of it (2 v 2: p = 0.17, cannot tell); past a
      // dozen bars the notes would cover each other, and the tables say it
      groupNotes: pairs.map((p) =>
        pairs.length > 12
          ? ''
          : p.p === 0 || p.p === 1
            ? `all runs apart, p = ${formatNumber(p.verdict === 'below' ? p.p_value_reverse : p.p_value)}${p.verdict === 'cannot-tell' ? ': cannot tell' : ''}`
            : '',
      ),
      yLabel: `${task}: P(A > B)`,
      yDomain: [0, 1] as const,
      reference: { y: 0.5, label: '0.5: neither ahead' },
    };
  });
  return {
    stem: 'improvement',
    title: "Probability of improvement P(A > B) with 90% intervals (the test's 5% each way)",
    chart: {
      title:
        'P(A > B): chance a run of A ends above a run of B (whiskers: 90% Newcombe interval; dashed: 0.5)',
      // room for each pair's label: about 40 px a bar in the widest panel
      width: Math.max(
        640,
        360 * panels.length,
        40 * Math.max(0, ...panels.map((p) => p.categories?.length ?? 0)) + 120,
      ),
      height: 480,
      layout: 'columns',
      panels,
    },
  };
}

/** Fraction of runs with a normalized final score above τ, per group, with 95 % bands (dashed). */
function profileChart(analysis: RunsAnalysis, groups: readonly string[]): RunsChart | null {
  const profile = analysis.profile;
  if (!profile) return null;
  const series: LineSeries[] = [];
  const labels: string[] = [];
  for (const [group, p] of Object.entries(profile.groups)) {
    const color = colorOf(groups, group);
    labels.push(`${group} 95% band low`, `${group} 95% band high`, group);
    series.push(
      { type: 'line', x: profile.taus, y: p.low, color, width: 1, dash: [5, 4], alpha: 0.8 },
      { type: 'line', x: profile.taus, y: p.high, color, width: 1, dash: [5, 4], alpha: 0.8 },
      { type: 'line', label: group, x: profile.taus, y: p.fraction, color, width: 2.5 },
    );
  }
  const chart: Chart = {
    title: 'Performance profile (dashed: 95% stratified bootstrap band)',
    xLabel: 'normalized score τ',
    width: 960,
    height: 540,
    panels: [{ series, yLabel: 'fraction of runs with score > τ', yDomain: [0, 1] }],
  };
  return {
    stem: 'profile',
    title: 'Performance profile: fraction of runs above τ, with 95% bands',
    chart,
    page: named(chart, labels),
  };
}

export function runsCharts(analysis: RunsAnalysis): RunsChart[] {
  const groups = [...new Set(analysis.summary.runs.map((r) => r.group))].sort(naturalCompare);
  const charts = Object.keys(analysis.summary.tasks).map((task, i) => curveChart(analysis, task, i, groups));
  charts.push(iqmChart(analysis, groups), improvementChart(analysis));
  const aggregates = aggregatesChart(analysis, groups);
  if (aggregates) charts.push(aggregates);
  const profile = profileChart(analysis, groups);
  if (profile) charts.push(profile);
  return charts;
}
