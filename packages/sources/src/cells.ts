/**
 * One CSV cell as a number, by the design's reading rules: empty, nan → NaN; inf/-inf/Infinity →
 * ±Infinity; True/False/true/false → 1/0; otherwise a decimal number. Anything else is text: undefined.
 */
export function cellNumber(text: string): number | undefined {
  const cell = text.trim();
  if (cell === '') return Number.NaN;
  const special = SPECIAL.get(cell);
  if (special !== undefined) return special;
  // Number() also takes hex, binary and '  ': only plain decimals are numbers here.
  if (!DECIMAL.test(cell)) return undefined;
  return Number(cell);
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SPECIAL = new Map<string, number>([
  ['nan', Number.NaN],
  ['NaN', Number.NaN],
  ['-nan', Number.NaN],
  ['inf', Number.POSITIVE_INFINITY],
  ['+inf', Number.POSITIVE_INFINITY],
  ['-inf', Number.NEGATIVE_INFINITY],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
  ['True', 1],
  ['False', 0],
  ['true', 1],
  ['false', 0],
]);

/** A number as CSV text: the shortest text that reads back to the same double; NaN → nan, ±Infinity → inf/-inf. */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Number.POSITIVE_INFINITY) return 'inf';
  if (value === Number.NEGATIVE_INFINITY) return '-inf';
  return Object.is(value, -0) ? '-0' : String(value);
}

/**
 * A float32 value as the shortest text that reads back to the same float32 (what the trainer logged:
 * 0.1, not 0.10000000149011612). toPrecision(p) is the correctly rounded p-digit decimal, so the first p
 * that round-trips is the shortest.
 */
export function formatFloat32(value: number): string {
  if (!Number.isFinite(value) || value === 0) return formatNumber(value);
  for (let digits = 1; digits < 9; digits++) {
    const text = String(Number(value.toPrecision(digits)));
    if (Math.fround(Number(text)) === value) return text;
  }
  return String(Number(value.toPrecision(9)));
}

/** RFC 4180: quote a field holding a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
