export {
  DEFAULT_COLUMNS,
  type EmbeddedChart,
  type EmbeddedPanel,
  type EmbeddedSeries,
  embedChart,
} from './chart-data.js';
export { interactiveCurves } from './curves.js';
export {
  type InteractiveChartOptions,
  interactiveAssets,
  interactiveChart,
  interactiveFigure,
} from './page.js';
export { interactivePicture } from './report-figure.js';
export { LIVE_DATA_FILE } from './runtime.js';
export {
  describeLineChart,
  type LiveDataResult,
  liveDataScript,
  writeLiveReportData,
} from './standard-charts.js';
