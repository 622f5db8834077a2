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

type Spec = Omit<LineSeries, 'type' | 'x' | 'y'> & { column: string };

const REWARDS: Spec[] = [
  { column: 'mean_cumulative', label: 'cumulative (total)', color: PALETTE.ink, width: 2.4 },
  { column: 'mean_terminal', label: 'terminal grade', color: PALETTE.blue, width: 1.6 },
  { column: 'mean_step_shaping', label: 'step shaping', color: PALETTE.purple, width: 1.6 },
];

const RATES: Spec[] = [
  { column: 'discovered_rate', label: 'discovery rate', color: PALETTE.green, marker: 'circle' },
  {
    column: 'mass_correct_rate',
    label: 'mass correct',
    color: PALETTE.purple,
    marker: 'square',
    dash: [6, 3],
  },
  {
    column: 'channel_correct_rate',
    label: 'channel correct',
    color: PALETTE.orange,
    marker: 'triangle',
    dash: [6, 3],
  },
  {
    column: 'spin_correct_rate',
    label: 'spin correct',
    color: PALETTE.teal,
    marker: 'diamond',
    dash: [2, 3],
  },
  { column: 'parsed_rate', label: 'parsed action', color: PALETTE.slate, marker: 'x', dash: [1.5, 3.5] },
];

/** Reward components (top) and per-rollout rates on [0, 1] with distinct markers (bottom). */
export async function rewardComponentsChart(csv: CsvInput): Promise<Chart> {
  const all = [...REWARDS, ...RATES].map((s) => s.column);
  const cols = await loadColumns(csv, ['step', ...all], 'step');
  requireAnyColumn(cols, all, 'reward components');
  const x = cols.get('step') ?? indexColumn(cols.rowCount);
  // a column that is absent or entirely empty (e.g. spin on a task without spin) gets no legend entry
  const series = (specs: Spec[]): LineSeries[] =>
    specs.flatMap(({ column, ...style }) => {
      const y = cols.get(column);
      return hasFinite(y) ? [{ type: 'line' as const, x, y, width: 1.6, ...style }] : [];
    });
  const rewards = series(REWARDS);
  const rates = series(RATES);
  requireSomeData(cols, [{ series: rewards }, { series: rates }], all);
  // "terminal vs step-shaping" only when the log has that split; a task without shaping shows its total.
  const split = rewards.some((s) => s.label !== 'cumulative (total)');
  return {
    title: split ? 'Reward components: terminal vs step-shaping' : 'Reward components',
    xLabel: 'training step',
    integerX: true,
    panels: panelsWithData([
      {
        yLabel: 'mean per-rollout reward',
        series: rewards,
        emptyMessage: missingMessage(
          cols,
          REWARDS.map((s) => s.column),
        ),
      },
      {
        yLabel: 'rate over rollouts',
        yDomain: [0, 1],
        series: rates,
        emptyMessage: missingMessage(
          cols,
          RATES.map((s) => s.column),
        ),
      },
    ]),
  };
}

/** Renders `reward_components.csv` (path or loaded log) to `out` (.png/.svg/.pdf). */
export async function renderRewardComponents(
  csv: CsvInput,
  out: string,
  options: RenderOptions = {},
): Promise<string> {
  return renderChart(await rewardComponentsChart(csv), out, options);
}
