export { cellNumber } from './cells.js';
export { type DelimitedText, parseDelimited } from './delimited.js';
export { detectFileFormat, EVIDENCE_CSV_NAMES, LOOKED_FOR } from './detect.js';
export { readEvidenceCsv } from './evidence-csv.js';
export { readForeignCsv } from './foreign-csv.js';
export { readJsonlTable, valueAtKey } from './jsonl.js';
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
  readTensorboard,
  readTensorboardScalars,
  type TensorboardRun,
  type TensorboardScalars,
  tensorboardCsv,
  tensorboardRunTable,
} from './tensorboard/read.js';
export type { ScalarGrid, TagColumn } from './tensorboard/scalar-grid.js';
export { readWandbCsv, splitWandbRuns, type WandbSeries, wandbSeries } from './wandb-csv.js';
