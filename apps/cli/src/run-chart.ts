/** A chart of discovered runs: what `plot` draws for any file or folder that is not an evidence folder. */
import { listSome } from '@evidence/node-kit';
import type { Chart, LineSeries, Panel } from '@evidence/plots';
import type { Run } from '@evidence/sources';
import { InputError } from './errors.js';

const COLORS = ['#1d4ed8', '#ea580c', '#16a34a', '#c026d3', '#0f766e', '#dc2626', '#64748b', '#a16207'];
/** Runs drawn as lines of one chart; more is what `evidence runs` is for. */
export const MAX_RUNS_DRAWN = 24;
/** Panels (one per y) of one chart: each adds 220 px of height, so 10,000 y columns would be a 2-GB canvas. */
export const MAX_PANELS_DRAWN = 12;

/** The y columns a chart of `runs` shows a panel for, before the cap (--y, else each run's default y). */
export function chartYs(runs: readonly Run[], options: RunChartOptions): readonly string[] {
  const shown = runs.slice(0, MAX_RUNS_DRAWN);
  return options.y ?? [...new Set(shown.map((run) => run.y).filter((y): y is string => y !== null))];
}

export interface RunChartOptions {
  x?: string;
  y?: readonly string[];
  logY?: boolean;
  title?: string;
}

/**
 * One panel per y (default: each run's own default y), one line per run. Without --x a series is drawn
 * over its own steps (every logged value, several at one step too); with --x the run's columns pair up
 * row by row. A y or x a run does not have is bad input naming the run and what it has.
 */
export async function runsChart(
  runs: readonly Run[],
  where: string,
  options: RunChartOptions,
): Promise<Chart> {
  const { runColumns } = await import('@evidence/sources');
  const shown = runs.slice(0, MAX_RUNS_DRAWN);
  const ys = chartYs(runs, options).slice(0, MAX_PANELS_DRAWN);
  if (ys.length === 0) throw new InputError(where, 'no metric to draw: the runs hold no numeric series');
  const panels: Panel[] = ys.map((y) => ({
    yLabel: y,
    ...(options.logY ? { logY: true } : {}),
    series: shown.flatMap((run, i): LineSeries[] => {
      if (options.y === undefined && run.y !== y) return [];
      const color = COLORS[i % COLORS.length] as string;
      const label = shown.length > 1 ? run.id : y;
      if (options.x === undefined) {
        const series = run.series.find((s) => s.metric === y);
        if (!series) throw new InputError(where, `${run.id}: no metric "${y}"; it has ${names(run)}`);
        return [{ type: 'line', label, x: series.steps, y: series.values, color, width: 1.6 }];
      }
      const columns = runColumns(run);
      const xs = columns.get(options.x);
      const values = columns.get(y);
      if (!xs)
        throw new InputError(
          where,
          `${run.id}: no column "${options.x}" (--x); it has ${listSome([...columns.keys()])}`,
        );
      if (!values)
        throw new InputError(
          where,
          `${run.id}: no column "${y}" (--y); it has ${listSome([...columns.keys()])}`,
        );
      const keep: number[] = [];
      for (let i = 0; i < values.length; i++)
        if (Number.isFinite(values[i]) && Number.isFinite(xs[i])) keep.push(i);
      return [
        {
          type: 'line',
          label,
          x: Float64Array.from(keep, (i) => xs[i] as number),
          y: Float64Array.from(keep, (i) => values[i] as number),
          color,
          width: 1.6,
        },
      ];
    }),
  }));
  const xLabel = options.x ?? [...new Set(shown.map((run) => run.x))].join(' / ');
  const more = runs.length > shown.length ? ` (first ${shown.length} of ${runs.length} runs)` : '';
  return {
    title: options.title ?? `${where}: ${ys.join(', ')}${more}`,
    xLabel,
    panels,
    height: Math.max(420, 160 + 220 * panels.length),
  };
}

function names(run: Run): string {
  const all = [...new Set(run.series.map((s) => s.metric))];
  return `${all.slice(0, 8).join(', ')}${all.length > 8 ? ', …' : ''}`;
}
