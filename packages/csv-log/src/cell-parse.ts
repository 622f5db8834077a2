import type { CsvRow } from './types.js';

// Our own cast instead of papaparse's dynamicTyping: it is 2x faster (research/js-deps.md §4) and
// dynamicTyping leaves nan/inf as strings, turns '' into null and reads '0x1F' as a number.

/**
 * The number a CSV cell holds, or `undefined` when the text is not a number. Accepts what Python and
 * JavaScript write: `1`, `-2.5e-07`, `nan`/`NaN`, `inf`/`-inf`/`Infinity`, and `True`/`False` (1/0).
 * The empty cell is not handled here (callers treat it as missing).
 */
export function parseNumber(text: string): number | undefined {
  return parseNumberIn(text, 0, text.length);
}

const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k); // exact doubles up to 1e22

/**
 * `parseNumber(text.slice(start, end))` without making the slice for plain decimals whose digits
 * make an integer below 2^53 (Clinger's fast path: the mantissa and the power of ten are exact doubles, so
 * one correctly rounded multiply or divide is the nearest double, as `Number()` gives). Everything
 * else (17-digit doubles, nan, inf, True, odd text) goes through the general rule below. The readers'
 * only cast: a property test checks it against `Number()` on the slice.
 */
export function parseNumberIn(text: string, start: number, end: number): number | undefined {
  if (start >= end) return undefined;
  // 20+ characters: a 17-digit double (or longer), which the fast path would give up on.
  if (end - start >= 20) return parseGeneral(text, start, end);
  let i = start;
  let c = text.charCodeAt(i);
  const negative = c === 45; /* - */
  if (negative || c === 43 /* + */) i++;
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  let seenDigit = false;
  let dot = false;
  for (; i < end; i++) {
    c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      seenDigit = true;
      if (mantissa === 0 && c === 48) {
        if (dot) scale++;
        continue;
      }
      if (digits === 16) return parseGeneral(text, start, end);
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (dot) scale++;
    } else if (c === 46 /* . */ && !dot) dot = true;
    else break;
  }
  // Below 2^53 every integer is an exact double (a 16-digit mantissa often is).
  if (!seenDigit || mantissa >= 9007199254740992) return parseGeneral(text, start, end);
  let exponent = 0;
  if (i < end) {
    if (c !== 101 && c !== 69 /* e E */) return parseGeneral(text, start, end);
    if (++i >= end) return undefined; // "1e": Number() says NaN
    c = text.charCodeAt(i);
    const negativeExponent = c === 45;
    if (negativeExponent || c === 43) i++;
    if (i >= end) return undefined; // "1e-"
    for (; i < end; i++) {
      c = text.charCodeAt(i);
      if (c < 48 || c > 57 || exponent > 400) return parseGeneral(text, start, end);
      exponent = exponent * 10 + (c - 48);
    }
    if (negativeExponent) exponent = -exponent;
  }
  const k = exponent - scale;
  let value: number;
  if (mantissa === 0) value = 0;
  else if (k === 0) value = mantissa;
  else if (k > 0 && k <= 22) value = mantissa * (POW10[k] as number);
  else if (k < 0 && k >= -22) value = mantissa / (POW10[-k] as number);
  else return parseGeneral(text, start, end);
  return negative ? -value : value;
}

function parseGeneral(text: string, start: number, end: number): number | undefined {
  if (start !== 0 || end !== text.length) text = text.slice(start, end);
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
