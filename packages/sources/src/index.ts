export { type LastLineRule, lastLineRule } from './catalogue/last-line.js';
export { downsampled, selectSeries } from './catalogue/select.js';
export { UNREAD_SHOWN, unreadNote } from './catalogue/summary.js';
export type { MetricsOf, ReadOptions } from './catalogue/types.js';
export { cellNumber } from './cells.js';
export {
  type DelimitedColumns,
  type DelimitedText,
  parseDelimited,
  readDelimitedColumns,
  readDelimitedFile,
  type TakeColumns,
} from './delimited.js';
export {
  DEFAULT_TASK,
  discoverRuns,
  type ListedRun,
  listRuns,
  RUN_COLUMNS,
  type RunList,
  UnknownFileError,
  withSeries,
} from './discover.js';
export {
  type ExportResult,
  type ExportRuns,
  exportCsv,
  exportCsvTo,
  exportParquet,
  exportRowCount,
} from './export.js';
export {
  CONFIG_COLUMNS_MAX,
  type ConfigColumn,
  configColumns,
  configColumnsOf,
  EXPORT_COLUMNS,
} from './export-columns.js';
export { MONITOR_SUFFIX, readSb3Monitor, type WandbSeries, wandbSeries } from './formats/public.js';
export { defaultY, FORMAT_NAMES, OTHER_Y_CANDIDATES, X_CANDIDATES, Y_CANDIDATES } from './formats.js';
export { type RunGrid, runColumns, runGrid } from './grid.js';
export type {
  DiscoverOptions,
  Discovery,
  Layout,
  Restart,
  RoleWhy,
  Run,
  RunMeta,
  Series,
  SkippedRun,
  SourceFormat,
} from './model.js';
export { type CompiledPattern, compilePattern, matchPattern, PatternError } from './pattern.js';
export { LOOKED_FOR as RUN_FILES_LOOKED_FOR } from './recognisers/index.js';
export { chooseX, type RoleChoice, sniffX, sniffY } from './role-values.js';
export { chooseY, isReturnName, isXName, LOWER_IS_BETTER, normaliseName } from './roles.js';
export { RUN_FILE, RunJsonError, readRunJson } from './run-json.js';
export { resolveRestarts, type StepBack } from './series.js';
export { crc32c, maskedCrc32c } from './tensorboard/crc32c.js';
export { decodeEvent, type EventSink } from './tensorboard/event.js';
export {
  type FramingCursor,
  forEachRecord,
  frameRecord,
  readRecordsInChunks,
} from './tensorboard/framing.js';
export {
  findTensorboardRuns,
  isEventFile,
  readTensorboardScalars,
  type TensorboardRun,
  type TensorboardScalars,
  tensorboardCsv,
} from './tensorboard/read.js';
export { valueAtKey } from './values.js';
