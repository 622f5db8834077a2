export {
  type BeforeAfterMetrics,
  type BeforeAfterOptions,
  computeBeforeAfter,
  type IntervalMethod,
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
export { compareEvalFiles, type LoadedEvalFile, loadEvalFile, type ReportIssue } from './eval-files.js';
export { type LiveDataResult, writeLiveReportData } from './folder/live-data.js';
export { NOT_OURS, OutputFolder, type OutputFolderOptions, OWNED_FILES_RECORD } from './output-folder.js';
export { escapeHtml, escapeMarkdown, markdownCode } from './page/escape.js';
export {
  type EmbeddedChart,
  type EmbeddedOverlay,
  type EmbeddedPanel,
  type EmbeddedSeries,
  embedChart,
  embedOverlay,
  type InteractiveChartOptions,
  interactiveAssets,
  interactiveChart,
  interactiveFigure,
  LIVE_DATA_FILE,
  MAX_OVERLAY_LINES,
  type OverlayGroup,
  type OverlayInput,
  type OverlayRun,
  overlayChart,
} from './page/index.js';
export {
  booleanKeys,
  DEFAULT_REWARD_KEY,
  type EvalRecord,
  rateName,
  rewardOf,
  type Step,
  stepsOf,
} from './records.js';
export { RUN_FILE, type RunInfo, readRunInfo, runRows, runTitle } from './run-info.js';
export {
  type AggregateSummary,
  type AlignedRun,
  analyzeRuns,
  type CompareRunsOptions,
  type Curve,
  compareRuns,
  type DeclaredRange,
  type GroupSummary,
  type Improvement,
  type Normalize,
  type Restart,
  type RunInput,
  type RunSummary,
  type RunsAnalysis,
  type RunsSummary,
  type SkippedInput,
  X_CANDIDATES,
  Y_CANDIDATES,
} from './runs/compare-runs.js';
export { withDeclaredRanges } from './runs/declared-ranges.js';
export {
  type Config,
  type HyperParameterEffect,
  hyperParameterEffects,
  spearman,
} from './runs/hyperparameters.js';
export { type LoadedRuns, loadRuns } from './runs/load-runs.js';
export {
  GROUP_COLORS,
  type MetricRun,
  type MetricSeries,
  metricOverlays,
  overlayCurves,
} from './runs/metric-overlays.js';
export { naturalCompare } from './runs/natural-order.js';
export { type RunTable, readRunTable } from './runs/run-table.js';
export {
  findings as runsFindings,
  formatNumber as formatRunsNumber,
  groupInterval,
  improvementInterval,
  normalizeNote,
  type RunsNotes,
  seedsAcross,
  seedsOf,
  seedsSentence,
  verdict as improvementVerdict,
} from './runs/runs-page.js';
export { MAX_ALL_PAIRS_GROUPS, ranking as runsRanking, sweepConfigs } from './runs/sweep-view.js';
export { LEVEL, passes, runCounts, runsVerdict, testWords } from './runs/verdict.js';
export { type RunsReportResult, writeRunsReport } from './runs/write-runs-report.js';
export { type Direction, type Verdict, verdictOf } from './stats/direction.js';
export { PAIR_KEYS, type Pairing } from './stats/pairing.js';
export { loadRunJson } from './stats/run-info.js';
export { whiskerIntervals } from './stats/whiskers.js';
export {
  formatSampleTrajectories,
  type SampleEpisode,
  type SampleTrajectories,
  type SampleTrajectoriesOptions,
  selectSampleTrajectories,
  writeSampleTrajectories,
} from './trajectories.js';
