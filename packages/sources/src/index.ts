export { detectFileFormat, EVIDENCE_CSV_NAMES, LOOKED_FOR } from './detect.js';
export {
  DEFAULT_TASK,
  discoverRuns,
  LOOKED_FOR as RUN_FILES_LOOKED_FOR,
  RUN_COLUMNS,
  UnknownFileError,
} from './discover.js';
export { readEvidenceCsv } from './evidence-csv.js';
export { readForeignCsv } from './foreign-csv.js';
export { FORMAT_NAMES, X_CANDIDATES, Y_CANDIDATES } from './formats.js';
export { readJsonlTable, valueAtKey } from './jsonl.js';
export type {
  DiscoverOptions,
  Discovery,
  Layout,
  Restart,
  Run,
  RunMeta,
  Series,
  SkippedRun,
  SourceFormat,
} from './model.js';
export { type CompiledPattern, compilePattern, matchPattern, PatternError } from './pattern.js';
export { findRunTables, type ReadRunTableOptions, readRunTable } from './read-run-table.js';
export { type RunFormat, type RunTable, rowCount } from './run-table.js';
export { MONITOR_SUFFIX, mergeSb3Monitors, readSb3Monitor } from './sb3-monitor.js';
export { readSb3Progress, readSb3Results } from './sb3-progress.js';
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
export { readWandbCsv, splitWandbRuns, type WandbSeries, wandbSeries } from './wandb-csv.js';
