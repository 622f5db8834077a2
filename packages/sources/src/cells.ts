import { parseNumber } from '@evidence/csv-log';

/**
 * What pandas' `read_csv` reads as missing by default (its `na_values`): a DataFrame's `to_csv`, Python's
 * `str(None)` and spreadsheets write these where a value is missing, and one of them must not turn a
 * column of numbers into text.
 */
const MISSING = new Set([
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
]);

/**
 * One scalar as Python prints a tensor or array holding it, logged without `.item()`: `tensor(0.5000)`,
 * `tensor(0.5, device='cuda:0', grad_fn=<MeanBackward0>)`, `np.float64(0.5)`, `array(0.5, dtype=float32)`.
 * The first group is the value; the rest may only be `keyword=value` arguments, so a list stays text.
 */
const SCALAR =
  /^(?:tensor|array|(?:np|numpy)\.(?:float|int|uint)\d*)\(\s*([^\s,()[\]]+)\s*(?:,\s*\w+=(?:'[^']*'|<[^<>]*>|[\w.]+)\s*)*\)$/;

/**
 * One CSV cell as a number, by csv-log's reading rules (the one copy of Python's CSV-cell rules: nan,
 * inf, Infinity, True/False… as there), spaces around it ignored; a missing value (empty, pandas' NA
 * spellings) is NaN and a scalar tensor or array its value; undefined when the cell is text.
 */
export function cellNumber(text: string): number | undefined {
  const cell = text.trim();
  if (cell === '') return Number.NaN;
  return parseNumber(cell) ?? (MISSING.has(cell) ? Number.NaN : scalarNumber(cell));
}

/** The value of a scalar tensor or array as Python prints it (see SCALAR), else undefined. */
export function scalarNumber(cell: string): number | undefined {
  // (most text cells end otherwise: the pattern is not tried on them)
  if (cell.charCodeAt(cell.length - 1) !== 41 /* ) */) return undefined;
  const inner = SCALAR.exec(cell)?.[1];
  return inner === undefined ? undefined : parseNumber(inner);
}

/** A number as CSV text: the shortest text that reads back to the same double; NaN → nan, ±Infinity → inf/-inf. */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Number.POSITIVE_INFINITY) return 'inf';
  if (value === Number.NEGATIVE_INFINITY) return '-inf';
  return Object.is(value, -0) ? '-0' : String(value);
}

/**
 * A float32 value as the shortest text that reads back to the same float32 (what the trainer logged:
 * 0.1, not 0.10000000149011612). toPrecision(p) is the correctly rounded p-digit decimal, and if p digits
 * read back so do p + 1, so the fewest digits are found by bisection over 1..9.
 */
export function formatFloat32(value: number): string {
  if (!Number.isFinite(value) || value === 0) return formatNumber(value);
  let low = 1;
  let high = 9; // 9 significant digits always read back to the same float32
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (Math.fround(Number(value.toPrecision(mid))) === value) high = mid;
    else low = mid + 1;
  }
  return String(Number(value.toPrecision(low)));
}

/** RFC 4180: quote a field holding a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
