import type { Chart, LineSeries } from '../chart.js';
import { PALETTE } from '../chart.js';
import { type CsvInput, loadColumns } from '../data.js';
import { type RenderOptions, renderChart } from '../render.js';
import {
  hasFinite,
  indexColumn,
  missingMessage,
  panelsWithData,
  requireAnyColumn,
  requireSomeData,
} from './common.js';

const REWARD = 'mean_reward';
const RATES = ['success_rate', 'mass_acc', 'channel_acc'];

/** Mean evaluation reward with markers (top); success, mass and channel accuracy on [0, 1] (bottom). */
export async function checkpointProgressionChart(csv: CsvInput): Promise<Chart> {
  const cols = await loadColumns(csv, ['step', REWARD, ...RATES], 'step');
  requireAnyColumn(cols, [REWARD, ...RATES], 'checkpoint progression');
  const x = cols.get('step') ?? indexColumn(cols.rowCount);
  const line = (column: string, style: Omit<LineSeries, 'type' | 'x' | 'y'>): LineSeries[] => {
    const y = cols.get(column);
    return hasFinite(y) ? [{ type: 'line', x, y, width: 2, ...style }] : [];
  };
  const reward = line('mean_reward', { color: PALETTE.blue, marker: 'circle' });
  const rates = [
    ...line('success_rate', { label: 'success rate', color: PALETTE.green, marker: 'circle' }),
    ...line('mass_acc', { label: 'mass accuracy', color: PALETTE.purple, marker: 'square', dash: [6, 3] }),
    ...line('channel_acc', {
      label: 'channel accuracy',
      color: PALETTE.orange,
      marker: 'triangle',
      dash: [6, 3],
    }),
  ];
  requireSomeData(cols, [{ series: reward }, { series: rates }], [REWARD, ...RATES]);
  return {
    title: 'Checkpoint evaluations',
    xLabel: 'training step',
    integerX: true,
    panels: panelsWithData([
      {
        yLabel: 'mean eval reward',
        series: reward,
        emptyMessage: missingMessage(cols, [REWARD]),
      },
      {
        yLabel: 'rate',
        yDomain: [0, 1],
        series: rates,
        emptyMessage: missingMessage(cols, RATES),
      },
    ]),
  };
}

/** Renders `checkpoint_evals.csv` (path or loaded log) to `out` (.png/.svg/.pdf). */
export async function renderCheckpointProgression(
  csv: CsvInput,
  out: string,
  options: RenderOptions = {},
): Promise<string> {
  return renderChart(await checkpointProgressionChart(csv), out, options);
}
