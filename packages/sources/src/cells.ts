import { parseNumber } from '@evidence/csv-log';

/**
 * One CSV cell as a number, by csv-log's reading rules (the one copy of Python's CSV-cell rules): empty →
 * NaN (missing); nan, inf, Infinity, True/False… as there; undefined when the cell is text.
 */
export function cellNumber(text: string): number | undefined {
  const cell = text.trim();
  return cell === '' ? Number.NaN : parseNumber(cell);
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
