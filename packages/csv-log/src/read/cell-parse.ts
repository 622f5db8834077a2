import type { CsvRow } from '../types.js';

// Our own cast instead of papaparse's dynamicTyping, which leaves nan/inf as strings, turns '' into
// null and reads '0x1F' as a number.

/**
 * The number a CSV cell holds, or `undefined` when the text is not a number. Accepts what Python and
 * JavaScript write: `1`, `-2.5e-07`, `nan`/`NaN`, `inf`/`-inf`/`Infinity`, and `True`/`False` (1/0).
 * The empty cell is not handled here (callers treat it as missing).
 */
export function parseNumber(text: string): number | undefined {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  // Number() also accepts whitespace, '0x..', '0b..', '0o..': only let plain decimal text through.
  if (isDigitOrDot(last) && (isDigitOrDot(first) || first === 45 /* - */ || first === 43) /* + */) {
    const value = +text;
    if (!Number.isNaN(value) && !(first === 48 && text.length > 2 && isRadixLetter(text.charCodeAt(1)))) {
      return value;
    }
    return undefined;
  }
  return WORDS.get(text) ?? WORDS.get(text.toLowerCase());
}

const WORDS = new Map<string, number>([
  ['nan', Number.NaN],
  ['-nan', Number.NaN],
  ['+nan', Number.NaN],
  ['inf', Number.POSITIVE_INFINITY],
  ['+inf', Number.POSITIVE_INFINITY],
  ['infinity', Number.POSITIVE_INFINITY],
  ['+infinity', Number.POSITIVE_INFINITY],
  ['-inf', Number.NEGATIVE_INFINITY],
  ['-infinity', Number.NEGATIVE_INFINITY],
  ['true', 1],
  ['false', 0],
]);

function isDigitOrDot(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46;
}

function isRadixLetter(code: number): boolean {
  const lower = code | 0x20;
  return lower === 120 /* x */ || lower === 98 /* b */ || lower === 111 /* o */;
}

/** A cell as a row value: '' → null, true/false → boolean, numbers (and nan/inf) → number, else the text. */
export function parseCell(text: string): number | string | boolean | null {
  if (text === '') return null;
  const lower = text.length <= 5 ? text.toLowerCase() : '';
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  const value = parseNumber(text);
  return value === undefined ? text : value;
}

/** A record's fields as a row object keyed by the header, each cell cast by parseCell. */
export function parseRow(header: readonly string[], fields: readonly string[]): CsvRow {
  const row: CsvRow = {};
  for (let i = 0; i < header.length; i++) {
    const name = header[i] as string;
    const value = parseCell(fields[i] as string);
    // `row.__proto__ = …` would replace the prototype instead of adding a cell
    if (name === '__proto__')
      Object.defineProperty(row, name, { value, enumerable: true, writable: true, configurable: true });
    else row[name] = value;
  }
  return row;
}

/** The key a dedupe groups rows by: numbers by value (so `3` and `3.0` match), else the text; none when empty/NaN. */
export function dedupeKey(text: string): string | number | null {
  if (text === '') return null;
  const value = parseNumber(text);
  if (value === undefined) return text;
  return Number.isNaN(value) ? null : value;
}
