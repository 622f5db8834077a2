// the reader of the curve recorder's history lives with the evidence folder's other formats
export { type RewardHistory, readRewardHistory } from '@evidence/csv-log';
export { formatOf, type OutputFormat, registerFonts } from './canvas-backend.js';
export type {
  BandSeries,
  BarSeries,
  Chart,
  HistogramSeries,
  LineSeries,
  Marker,
  Panel,
  Series,
} from './chart.js';
export {
  type BeforeAfterOptions,
  type BeforeAfterSummary,
  beforeAfterChart,
  MAX_RATE_BARS,
  renderBeforeAfter,
} from './charts/before-after.js';
export { checkpointProgressionChart, renderCheckpointProgression } from './charts/checkpoint-progression.js';
export { type ColumnsOptions, columnsChart, renderColumns } from './charts/columns.js';
export { NoDataError } from './charts/common.js';
export { renderRewardComponents, rewardComponentsChart } from './charts/reward-components.js';
export {
  binEdges,
  histogram,
  type RewardDistributionOptions,
  renderRewardDistribution,
  rewardDistributionChart,
} from './charts/reward-distribution.js';
export { renderTrainingCurve, trainingCurveChart } from './charts/training-curve.js';
export {
  CurveRecorder,
  type CurveRecorderFromEnvOptions,
  type CurveRecorderOptions,
  curveRecorderFromEnv,
} from './curve-recorder.js';
export type { CsvInput, CsvLogLike, EvalInput, EvalRecord } from './data.js';
export { type Decimated, decimate } from './decimate.js';
export { drawChart } from './draw.js';
export {
  ChartInputReader,
  type ChartInputs,
  type DrawStandardChartsOptions,
  drawStandardCharts,
  type StandardChartsResult,
} from './draw-standard-charts.js';
export { type LiveChart, type LivePlot, type LivePlotOptions, livePlot } from './live-plot.js';
export { movingAverage } from './moving-average.js';
export { encodeChart, type RenderOptions, renderChart } from './render.js';
export {
  type CsvChartOptions,
  type CsvStandardChart,
  chartNeeds,
  type EvalChartOptions,
  type EvalStandardChart,
  type StandardChart,
  type StandardChartName,
  standardCharts,
} from './standard-charts.js';
export { prefixPower, shortNumber, tickLabels } from './tick-labels.js';
export { nice, tickStep, ticks } from './ticks.js';
