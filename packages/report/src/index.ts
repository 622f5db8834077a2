export {
  type BeforeAfterMetrics,
  type BeforeAfterOptions,
  computeBeforeAfter,
  type SideStats,
} from './before-after.js';
export {
  buildReport,
  NothingToReportError,
  REPORT_DIR,
  type ReportOptions,
  type ReportResult,
} from './build-report.js';
export { capText, MAX_TEXT_CHARS } from './cap-text.js';
export { escapeHtml, escapeMarkdown, markdownCode } from './escape.js';
export { compareEvalFiles, type LoadedEvalFile, loadEvalFile, type ReportIssue } from './eval-files.js';
export { mulberry32, type Random } from './prng.js';
export { DEFAULT_REWARD_KEY, type EvalRecord, rateName, type Step, stepsOf } from './records.js';
export { RUN_FILE, type RunInfo, readRunInfo, runRows, runTitle } from './run-info.js';
export { iqm, mean, median, probabilityOfImprovement, std } from './summary.js';
export {
  formatSampleTrajectories,
  type SampleEpisode,
  type SampleTrajectories,
  type SampleTrajectoriesOptions,
  selectSampleTrajectories,
  writeSampleTrajectories,
} from './trajectories.js';
