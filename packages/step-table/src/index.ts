export { colorByDefault } from './console/color.js';
export { createRunConsole, type RunConsole, type RunConsoleOptions } from './console/run-console.js';
export { formatValue, formatWithSpec } from './format/format-value.js';
export { type Align, type FormatSpec, FormatSpecError, parseFormatSpec } from './format/spec.js';
export {
  type FormatWarningHandler,
  resetFormatWarnings,
  setFormatWarningHandler,
} from './format/warnings.js';
export { type LoggingOptions, type LogLevel, type RunLog, setupLogging } from './logging/setup-logging.js';
export type { CsvMirrorOptions } from './table/csv-mirror.js';
export { type CellAlign, displayWidth } from './table/display-width.js';
export { escapeControls } from './table/escape-controls.js';
export { type ColumnSpec, StepTable, type StepTableOptions } from './table/step-table.js';
