export { formatValue, formatWithSpec } from './format/format-value';
export { type Align, type FormatSpec, FormatSpecError, parseFormatSpec } from './format/spec';
export { type FormatWarningHandler, resetFormatWarnings, setFormatWarningHandler } from './format/warnings';
