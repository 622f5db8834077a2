// An overlay as a still picture (PNG, SVG, print): each group's aggregate with its band, and every run as
// a thin line when there are few enough to tell apart. Drawn from the embedded (per-pixel decimated)
// overlay, so the SVG of 100 runs × 5,000 steps stays small and shows what the page shows.
import type { Chart, Series } from '@evidence/plots';
import type { EmbeddedOverlay } from './chart-types.js';

/** Above this many runs, the picture draws the groups' aggregates and bands only. */
export const MAX_OVERLAY_LINES = 20;

const numbers = (values: readonly (number | null)[]): number[] =>
  values.map((v) => (v === null ? Number.NaN : v));

export function overlayChart(overlay: EmbeddedOverlay): Chart {
  const color = new Map(overlay.groups.map((g) => [g.name, g.color]));
  const lines = overlay.runs.length <= MAX_OVERLAY_LINES;
  const series: Series[] = [];
  if (lines)
    for (const run of overlay.runs)
      series.push({
        type: 'line',
        x: run.x,
        y: numbers(run.y),
        color: color.get(run.group) ?? '#64748b',
        width: 1,
        alpha: 0.3,
      });
  for (const group of overlay.groups) {
    series.push(
      { type: 'band', x: group.x, low: numbers(group.low), high: numbers(group.high), color: group.color },
      {
        type: 'line',
        label: `${group.name} (${group.runs} run${group.runs === 1 ? '' : 's'})`,
        x: group.x,
        y: numbers(group.center),
        color: group.color,
        width: 2.5,
      },
    );
  }
  const runs = overlay.runs.length;
  return {
    title: lines
      ? `${overlay.title}: ${runs} run${runs === 1 ? '' : 's'} (thin) and each group's ${overlay.statistic} (shaded: ${overlay.band})`
      : `${overlay.title}: each group's ${overlay.statistic} of ${runs} runs (shaded: ${overlay.band})`,
    xLabel: overlay.xLabel,
    width: 960,
    height: 540,
    panels: [{ series, yLabel: overlay.metric }],
  };
}
