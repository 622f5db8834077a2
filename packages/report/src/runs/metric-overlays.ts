// A folder of runs as TensorBoard's first screen: one overlay per metric (tag), a line per run coloured by
// its group, and each group's mean with its band. Built on the run model's shape (a run: an id, a group
// and series per metric with steps, wall times and values), so any discovered run can be drawn.
import { DEFAULT_TASK } from '@evidence/sources';
import { type MeanCurve, meanCurve } from '@evidence/stats';
import type { OverlayInput } from '../page/index.js';
import type { DeclaredRange } from './compare-runs.js';
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
  /** the run's task (environment): runs of different tasks are never drawn in one chart */
  task?: string;
  series: readonly MetricSeries[];
  /** per metric, the range the run declares (run.json `metrics.<name>.min/max`): bands stay inside */
  ranges?: Record<string, DeclaredRange>;
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

/**
 * A group's mean curve and band: @evidence/stats' meanCurve (the one rule of `runs`, the report, the
 * PNG, the SVG and the page), cut to `range`.
 */
function groupCurve(
  series: readonly MetricSeries[],
  range: DeclaredRange = {},
): Pick<OverlayInput['groups'][number], 'x' | 'center' | 'low' | 'high'> {
  const curve = meanCurve(
    series.map((s) => ({ x: s.steps, y: s.values })),
    { range },
  );
  return { x: curve.x, center: curve.mean, low: curve.lo, high: curve.hi };
}

/** Per metric, per group, the overlays' mean curves in the shape `evidence runs --json` gives them. */
export function overlayCurves(overlays: readonly OverlayInput[]): Record<string, Record<string, MeanCurve>> {
  const out: Record<string, Record<string, MeanCurve>> = {};
  for (const overlay of overlays) {
    const groups: Record<string, MeanCurve> = {};
    for (const g of overlay.groups)
      groups[g.name] = {
        x: Array.from(g.x),
        mean: Array.from(g.center),
        lo: Array.from(g.low),
        hi: Array.from(g.high),
      };
    // keyed by title: a metric's name, or `<metric> (<task>)` when a folder holds several tasks
    out[overlay.title] = groups;
  }
  return out;
}

/** The range every run of a group declares (the widest of their bounds); none when one run declares none. */
function sharedRange(ranges: readonly (DeclaredRange | undefined)[]): DeclaredRange {
  const range: DeclaredRange = {};
  const mins = ranges.map((r) => r?.min);
  const maxs = ranges.map((r) => r?.max);
  if (mins.length > 0 && mins.every((m) => m !== undefined)) range.min = Math.min(...(mins as number[]));
  if (maxs.length > 0 && maxs.every((m) => m !== undefined)) range.max = Math.max(...(maxs as number[]));
  return range;
}

/**
 * One overlay per metric the runs logged (in natural order of the metric names), with a line per run
 * that logged it and each group's mean and band. A run with two series of one metric (two files) is
 * drawn once per series, named `<id> (<n>)`. Runs of several tasks give one overlay per metric per task
 * (titled `<metric> (<task>)`): one task's scores never share an axis or a mean with another's.
 */
export function metricOverlays(
  runs: readonly MetricRun[],
  options: { xLabel?: string } = {},
): OverlayInput[] {
  const groups = [...new Set(runs.map((r) => r.group))].sort(naturalCompare);
  const color = (group: string): string =>
    GROUP_COLORS[groups.indexOf(group) % GROUP_COLORS.length] as string;
  const metrics = [...new Set(runs.flatMap((r) => r.series.map((s) => s.metric)))].sort(naturalCompare);
  const tasks = [...new Set(runs.map((r) => r.task ?? ''))].sort(naturalCompare);
  return metrics.flatMap((metric) =>
    tasks
      .map((task) => ({ task, runs: runs.filter((r) => (r.task ?? '') === task) }))
      .filter(({ runs: some }) => some.some((r) => r.series.some((s) => s.metric === metric)))
      .map(({ task, runs: some }) =>
        overlayOf(metric, some, color, groups, {
          title:
            tasks.length > 1
              ? `${metric} (${task && task !== DEFAULT_TASK ? task : 'task unknown'})`
              : metric,
          xLabel: options.xLabel ?? 'step',
        }),
      ),
  );
}

/** The overlay of one metric over `runs`: a line per series, each group's mean and band. */
function overlayOf(
  metric: string,
  runs: readonly MetricRun[],
  color: (group: string) => string,
  groups: readonly string[],
  labels: { title: string; xLabel: string },
): OverlayInput {
  const lines: OverlayInput['runs'][number][] = [];
  const byGroup = new Map<string, MetricSeries[]>();
  const declared = new Map<string, (DeclaredRange | undefined)[]>();
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
      declared.set(run.group, [...(declared.get(run.group) ?? []), run.ranges?.[metric]]);
    });
  }
  return {
    title: labels.title,
    metric,
    xLabel: labels.xLabel,
    statistic: 'mean',
    band: '95% t-interval of the mean',
    runs: lines,
    groups: groups
      .filter((g) => byGroup.has(g))
      .map((g) => ({
        name: g,
        color: color(g),
        runs: byGroup.get(g)?.length ?? 0,
        ...groupCurve(byGroup.get(g) ?? [], sharedRange(declared.get(g) ?? [])),
      })),
  };
}
