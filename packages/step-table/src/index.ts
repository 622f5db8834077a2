export { createRunConsole, type RunConsole, type RunConsoleOptions } from './console/run-console';
export { formatValue, formatWithSpec } from './format/format-value';
export { type Align, type FormatSpec, FormatSpecError, parseFormatSpec } from './format/spec';
export { type FormatWarningHandler, resetFormatWarnings, setFormatWarningHandler } from './format/warnings';
export { type LoggingOptions, type LogLevel, type RunLog, setupLogging } from './logging/setup-logging';
export type { CsvMirrorOptions } from './table/csv-mirror';
export { type CellAlign, displayWidth } from './table/display-width';
export { escapeControls } from './table/escape-controls';
export { type ColumnSpec, StepTable, type StepTableOptions } from './table/step-table';
