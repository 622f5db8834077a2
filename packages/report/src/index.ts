export {
  type BeforeAfterMetrics,
  type BeforeAfterOptions,
  computeBeforeAfter,
  type SideStats,
} from './before-after.js';
export { buildReport, type ReportOptions, type ReportResult } from './build-report.js';
export { escapeHtml, escapeMarkdown, markdownCode } from './escape.js';
export { compareEvalFiles, type LoadedEvalFile, loadEvalFile, type ReportIssue } from './eval-files.js';
export {
  type EmbeddedChart,
  type EmbeddedPanel,
  type EmbeddedSeries,
  embedChart,
  type InteractiveChartOptions,
  interactiveAssets,
  interactiveChart,
  LIVE_DATA_FILE,
  type LiveDataResult,
  writeLiveReportData,
} from './interactive/index.js';
export { mulberry32, type Random } from './prng.js';
export { DEFAULT_REWARD_KEY, type EvalRecord, rateName, type Step, stepsOf } from './records.js';
export { iqm, mean, median, probabilityOfImprovement, std } from './summary.js';
export {
  formatSampleTrajectories,
  type SampleEpisode,
  type SampleTrajectories,
  type SampleTrajectoriesOptions,
  selectSampleTrajectories,
  writeSampleTrajectories,
} from './trajectories.js';
