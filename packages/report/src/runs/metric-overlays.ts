// A folder of runs as TensorBoard's first screen: one overlay per metric (tag), a line per run coloured by
// its group, and each group's mean with its band. Built on the run model's shape (a run: an id, a group
// and series per metric with steps, wall times and values), so any discovered run can be drawn.
import type { OverlayInput } from '../page/index.js';
import { naturalCompare } from './natural-order.js';

export interface MetricSeries {
  metric: string;
  steps: ArrayLike<number>;
  /** seconds since the Unix epoch of each point; NaN (or absent) where not logged */
  wallTimes?: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface MetricRun {
  id: string;
  group: string;
  series: readonly MetricSeries[];
}

/** The groups' colours, in the groups' natural order. */
export const GROUP_COLORS = [
  '#1d4ed8',
  '#c026d3',
  '#16a34a',
  '#ea580c',
  '#7c3aed',
  '#0f766e',
  '#dc2626',
  '#64748b',
];

/** Points of each group's mean curve, evenly spaced over the x its runs span. */
const GRID_POINTS = 100;

/**
 * The mean of the runs at each grid x (each run's last value at or before x, within the x it logged)
 * and a band of 1.96 standard errors around it; null where fewer than two runs have a value.
 */
function groupCurve(
  series: readonly MetricSeries[],
): Pick<OverlayInput['groups'][number], 'x' | 'center' | 'low' | 'high'> {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of series)
    for (let i = 0; i < s.steps.length; i++) {
      const x = s.steps[i] as number;
      if (!Number.isFinite(x) || !Number.isFinite(s.values[i] as number)) continue;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  if (!(lo <= hi)) return { x: [], center: [], low: [], high: [] };
  const grid = Array.from({ length: GRID_POINTS }, (_, i) =>
    hi > lo ? lo + ((hi - lo) * i) / (GRID_POINTS - 1) : lo,
  );
  const sorted = series.map((s) => {
    const order = [...Array(s.steps.length).keys()]
      .filter((i) => Number.isFinite(s.steps[i] as number) && Number.isFinite(s.values[i] as number))
      .sort((a, b) => (s.steps[a] as number) - (s.steps[b] as number) || a - b);
    return { x: order.map((i) => s.steps[i] as number), y: order.map((i) => s.values[i] as number) };
  });
  const cursors = sorted.map(() => -1);
  const center: number[] = [];
  const low: number[] = [];
  const high: number[] = [];
  for (const at of grid) {
    const values: number[] = [];
    sorted.forEach((run, r) => {
      let k = cursors[r] as number;
      while (k + 1 < run.x.length && (run.x[k + 1] as number) <= at) k++;
      cursors[r] = k;
      if (k >= 0 && at <= (run.x[run.x.length - 1] as number)) values.push(run.y[k] as number);
    });
    if (values.length < 2) {
      center.push(values.length ? (values[0] as number) : Number.NaN);
      low.push(Number.NaN);
      high.push(Number.NaN);
      continue;
    }
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
    const half = 1.96 * Math.sqrt(variance / values.length);
    center.push(mean);
    low.push(mean - half);
    high.push(mean + half);
  }
  return { x: grid, center, low, high };
}

/**
 * One overlay per metric the runs logged (in natural order of the metric names), with a line per run
 * that logged it and each group's mean and band. A run with two series of one metric (two files) is
 * drawn once per series, named `<id> (<n>)`.
 */
export function metricOverlays(
  runs: readonly MetricRun[],
  options: { xLabel?: string } = {},
): OverlayInput[] {
  const groups = [...new Set(runs.map((r) => r.group))].sort(naturalCompare);
  const color = (group: string): string =>
    GROUP_COLORS[groups.indexOf(group) % GROUP_COLORS.length] as string;
  const metrics = [...new Set(runs.flatMap((r) => r.series.map((s) => s.metric)))].sort(naturalCompare);
  return metrics.map((metric) => {
    const lines: OverlayInput['runs'][number][] = [];
    const byGroup = new Map<string, MetricSeries[]>();
    for (const run of runs) {
      const series = run.series.filter((s) => s.metric === metric);
      series.forEach((s, k) => {
        const wall =
          s.wallTimes && Array.from(s.wallTimes).some((w) => Number.isFinite(w)) ? s.wallTimes : null;
        lines.push({
          name: series.length > 1 ? `${run.id} (${k + 1})` : run.id,
          group: run.group,
          x: s.steps,
          y: s.values,
          wall,
        });
        byGroup.set(run.group, [...(byGroup.get(run.group) ?? []), s]);
      });
    }
    return {
      title: metric,
      metric,
      xLabel: options.xLabel ?? 'step',
      statistic: 'mean',
      band: '95% band (mean ± 1.96 SE)',
      runs: lines,
      groups: groups
        .filter((g) => byGroup.has(g))
        .map((g) => ({
          name: g,
          color: color(g),
          runs: byGroup.get(g)?.length ?? 0,
          ...groupCurve(byGroup.get(g) ?? []),
        })),
    };
  });
}
