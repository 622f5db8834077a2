import type { Chart, LineSeries } from '../chart.js';
import { PALETTE } from '../chart.js';
import { type CsvInput, loadColumns } from '../data.js';
import { type RenderOptions, renderChart } from '../render.js';
import { missingMessage } from './common.js';

const CYCLE = [
  PALETTE.blue,
  PALETTE.orange,
  PALETTE.green,
  PALETTE.magenta,
  PALETTE.teal,
  PALETTE.red,
  PALETTE.slate,
];

export interface ColumnsOptions extends RenderOptions {
  /** the x column */
  x: string;
  /** one or more y columns */
  y: string | readonly string[];
  /** log-scale y axis (values ≤ 0 are not drawn) */
  logY?: boolean;
}

/** Any numeric columns of any CSV: `y` against `x`. Unknown column names are an error naming the file. */
export async function columnsChart(csv: CsvInput, options: ColumnsOptions): Promise<Chart> {
  const ys = typeof options.y === 'string' ? [options.y] : [...options.y];
  if (ys.length === 0) throw new Error('renderColumns: options.y must name at least one column');
  const cols = await loadColumns(csv, [options.x, ...ys], options.x);
  for (const name of [options.x, ...ys]) {
    if (!cols.get(name)) throw new Error(`${cols.path}: no numeric column "${name}"`);
  }
  const x = cols.get(options.x) as Float64Array;
  const series: LineSeries[] = ys.map((name, i) => ({
    type: 'line',
    label: ys.length > 1 ? name : undefined,
    x,
    y: cols.get(name) as Float64Array,
    color: CYCLE[i % CYCLE.length] as string,
    width: 1.6,
  }));
  return {
    title: options.title ?? `${ys.join(', ')} over ${options.x}`,
    xLabel: options.x,
    panels: [
      {
        yLabel:
          ys.length === 1
            ? options.logY
              ? `${ys[0]} (log scale)`
              : ys[0]
            : options.logY
              ? 'log scale'
              : undefined,
        logY: options.logY,
        series,
        emptyMessage: missingMessage(cols, ys),
      },
    ],
  };
}

/** Renders chosen columns of any CSV (path or loaded log) to `out` (.png/.svg/.pdf). */
export async function renderColumns(csv: CsvInput, out: string, options: ColumnsOptions): Promise<string> {
  return renderChart(await columnsChart(csv, options), out, options);
}
