// A folder's report: every chart, the before/after statistics, index.html and REPORT.md.

export type { CompareGateResult } from './compare-text.js';
export {
  compareEvalFiles,
  compareEvaluations,
  type EvalComparison,
  type LoadedEvalFile,
  loadEvalFile,
  type ReportIssue,
} from './eval-files.js';
// Two evaluation files compared: the before/after statistics.
export { type BeforeAfterMetrics, computeBeforeAfter } from './folder/before-after.js';
export {
  buildReport,
  NothingToReportError,
  REPORT_DIR,
  type ReportOptions,
  type ReportResult,
} from './folder/build-report.js';
// Writing: the one guarded write, the live data `watch` rewrites, the terminal's tables.
export { type LiveDataResult, writeLiveReportData } from './folder/live-data.js';
export type { MetricTest } from './folder/metric-tests.js';
export { NOT_OURS, OutputFolder, type OutputFolderOptions, OWNED_FILES_RECORD } from './output-folder.js';
export { LIVE_DATA_FILE } from './page/index.js';
export { renderTextTable } from './page/text-table.js';
export { booleanKeys, DEFAULT_REWARD_KEY, type EvalRecord, rateName, rewardOf } from './records.js';
export { RUN_FILE, type RunInfo, readRunInfo, runTitle } from './run-info.js';
// Many runs compared: IQM, intervals, P(A > B), one view as text, JSON and a page.
export type { Normalize, RunsAnalysis, RunsSummary } from './runs/compare-runs.js';
export { type RunsReport, type RunsReportOptions, runsReport } from './runs/runs-report.js';
