import type { Chart, Panel } from '../chart.js';
import { PALETTE } from '../chart.js';
import { type CsvInput, loadColumns } from '../data.js';
import { type RenderOptions, renderChart } from '../render.js';
import { indexColumn, missingMessage, requireAnyColumn, requireSomeData } from './common.js';

/** Mean reward (top) and loss (bottom) over training step, shared x axis. */
export async function trainingCurveChart(csv: CsvInput): Promise<Chart> {
  const cols = await loadColumns(csv, ['step', 'reward', 'loss'], 'step');
  requireAnyColumn(cols, ['reward', 'loss'], 'training curve');
  const step = cols.get('step') ?? indexColumn(cols.rowCount);
  const panel = (name: string, label: string, color: string): Panel => {
    const y = cols.get(name);
    return {
      yLabel: label,
      series: y ? [{ type: 'line', x: step, y, color, width: 1.8 }] : [],
      emptyMessage: missingMessage(cols, [name]),
    };
  };
  const panels = [panel('reward', 'mean reward', PALETTE.blue), panel('loss', 'loss', PALETTE.magenta)];
  requireSomeData(cols, panels, ['reward', 'loss']);
  return { title: 'Training: reward over steps', xLabel: 'training step', integerX: true, panels };
}

/** Renders the training curve of a `training_log.csv` (path or loaded log) to `out` (.png/.svg/.pdf). */
export async function renderTrainingCurve(
  csv: CsvInput,
  out: string,
  options: RenderOptions = {},
): Promise<string> {
  return renderChart(await trainingCurveChart(csv), out, options);
}
