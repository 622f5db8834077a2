export { formatOf, type OutputFormat, registerFonts } from './canvas-backend';
export type { BarSeries, Chart, HistogramSeries, LineSeries, Marker, Panel, Series } from './chart';
export {
  type BeforeAfterOptions,
  type BeforeAfterSummary,
  beforeAfterChart,
  renderBeforeAfter,
} from './charts/before-after';
export { checkpointProgressionChart, renderCheckpointProgression } from './charts/checkpoint-progression';
export { type ColumnsOptions, columnsChart, renderColumns } from './charts/columns';
export { NoDataError } from './charts/common';
export { renderRewardComponents, rewardComponentsChart } from './charts/reward-components';
export {
  binEdges,
  histogram,
  type RewardDistributionOptions,
  renderRewardDistribution,
  rewardDistributionChart,
} from './charts/reward-distribution';
export { renderTrainingCurve, trainingCurveChart } from './charts/training-curve';
export {
  CurveRecorder,
  type CurveRecorderFromEnvOptions,
  type CurveRecorderOptions,
  curveRecorderFromEnv,
  type RewardHistory,
  readRewardHistory,
} from './curve-recorder';
export type { CsvInput, CsvLogLike, EvalInput, EvalRecord } from './data';
export { type Decimated, decimate } from './decimate';
export { drawChart } from './draw';
export {
  ChartInputReader,
  type ChartInputs,
  type DrawStandardChartsOptions,
  drawStandardCharts,
  type StandardChartsResult,
} from './draw-standard-charts';
export { type LiveChart, type LivePlot, type LivePlotOptions, livePlot } from './live-plot';
export { movingAverage } from './moving-average';
export { encodeChart, type RenderOptions, renderChart } from './render';
export {
  type CsvChartOptions,
  type CsvStandardChart,
  chartNeeds,
  type EvalChartOptions,
  type EvalStandardChart,
  type StandardChart,
  type StandardChartName,
  standardCharts,
} from './standard-charts';
export { nice, tickStep, ticks } from './ticks';
