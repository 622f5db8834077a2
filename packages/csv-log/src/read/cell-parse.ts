import { doubleView, doubleWords, HIGH_WORD, LOW_WORD } from './double-words.js';
import { MAX_SCALE, MIN_SCALE, POW2_OFFSET, pow2, productLow, timesPowerOfTen } from './powers-of-ten.js';
import type { CsvRow } from '../types.js';

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

/** Longer cells are never plain decimals this path reads (a double's text has at most 24 characters). */
const MAX_PLAIN = 40;
const scratch = Buffer.alloc(MAX_PLAIN);

/**
 * `parseNumber(text.slice(start, end))` without making the slice when the cell is a plain decimal:
 * its characters are copied to a small byte buffer for parseDecimalPrefix (one parser, on bytes, for
 * text and for the readers' chunks; the copy costs a text cell ~30 ns); everything else (nan, inf, True, 19+ digits, odd text) goes through
 * the general rule below. Property tests check it against `Number()` on the slice.
 */
export function parseNumberIn(text: string, start: number, end: number): number | undefined {
  if (start >= end) return undefined;
  const length = end - start;
  if (length <= MAX_PLAIN) {
    let bits = 0; // every character's bits: above 127 when one is not ASCII (then its byte is wrong)
    for (let i = 0; i < length; i++) {
      const c = text.charCodeAt(start + i);
      bits |= c;
      scratch[i] = c;
    }
    if (bits <= 127) {
      const value = parseDecimalPrefix(scratch, 0, length);
      if (value !== undefined && decimalEnd === length) return value;
    }
  }
  return parseGeneral(text.slice(start, end));
}

/**
 * parseNumberIn for a cell of ASCII bytes (a reader's chunk, where every byte is a character), without
 * decoding it unless it is not a plain decimal.
 */
export function parseNumberAscii(bytes: Buffer, start: number, end: number): number | undefined {
  if (start >= end) return undefined;
  const value = parseDecimalPrefix(bytes, start, end);
  if (value !== undefined && decimalEnd === end) return value;
  return parseGeneral(bytes.toString('latin1', start, end));
}

/** Where the last decimal parseDecimalPrefix returned ends (a module variable: no object per call). */
export let decimalEnd = 0;

/**
 * The plain decimal (sign, up to 18 significant digits, point, exponent) that the ASCII bytes
 * [start, end) begin with, as `Number()` reads that text; its end in `decimalEnd`. `undefined` when
 * they do not begin with one this path reads (no digit, nan, inf, 19+ digits, …): the caller then cuts
 * the whole cell and reads it with parseNumberAscii. A reader finds a numeric cell's end this way,
 * without searching for the comma first.
 *
 * The digits are gathered 9 at a time in int32 (a chain of float multiply-adds per digit was the loop's
 * cost), into m = a·10^nb + b. Up to 15 digits: Clinger's fast path (m and the power of ten are exact
 * doubles, so one correctly rounded multiply or divide gives the nearest double). 16 to 18 digits: m
 * times the power of ten in double-double arithmetic (~104 bits), rounded to the nearest double unless
 * the exact value lies within 2^-30 of an ulp of a halfway point (or the result is a power of two),
 * where `Number()` decides. Why hand-written, and on bytes: measured on full-precision cells, ~68 ns a
 * cell from bytes, ~85 ns from a string (charCodeAt), ~150 ns for slice + `Number()`.
 */
export function parseDecimalPrefix(bytes: Uint8Array, start: number, end: number): number | undefined {
  let i = start;
  let c = bytes[i] as number;
  const negative = c === 45; /* - */
  if (negative || c === 43 /* + */) i++;
  // significant digits: the first 9 in a, the next 9 in b (int32 arithmetic)
  let a = 0;
  let na = 0;
  let b = 0;
  let nb = 0;
  let point = -1; // where the decimal point is, if any
  const digitsFrom = i;
  for (; i < end; i++) {
    c = bytes[i] as number;
    const d = c - 48;
    if (d >>> 0 > 9) {
      if (c === 46 /* . */ && point < 0) {
        point = i;
        continue;
      }
      break;
    }
    // leading zeros leave a at 0 and are not counted
    if (na < 9) {
      a = a * 10 + d;
      if (a !== 0) na++;
    } else if (nb < 9) {
      b = b * 10 + d;
      nb++;
    } else return undefined;
  }
  const scale = point < 0 ? 0 : i - point - 1; // digits after the point, leading zeros included
  const seenDigit = i - digitsFrom > (point < 0 ? 0 : 1);
  if (!seenDigit) return undefined;
  let exponent = 0;
  if (i < end && (c === 101 || c === 69) /* e E */) {
    // an exponent only with digits after it; else the decimal ends before the e
    let j = i + 1;
    const sign = j < end ? (bytes[j] as number) : 0;
    if (sign === 45 || sign === 43) j++;
    const digitsAt = j;
    for (; j < end; j++) {
      const d = (bytes[j] as number) - 48;
      if (d >>> 0 > 9) break;
      if (exponent > 400) return undefined;
      exponent = exponent * 10 + d;
    }
    if (j > digitsAt) {
      i = j;
      if (sign === 45) exponent = -exponent;
    } else exponent = 0;
  }
  const k = exponent - scale;
  let value: number;
  if (na === 0) value = 0;
  else {
    // a·10^nb is exact: a < 2^30 and 10^nb = 2^nb·5^nb with 5^nb < 2^21
    const head = a * (POW10[nb] as number);
    if (na + nb <= 15) {
      const m = head + b; // < 10^15 < 2^53: exact
      if (k === 0) value = m;
      else if (k > 0 && k <= 22) value = m * (POW10[k] as number);
      else if (k < 0 && k >= -22) value = m / (POW10[-k] as number);
      else return undefined;
    } else {
      // m = head + b exactly as mHigh + mLow (Knuth's two-sum)
      const mHigh = head + b;
      const bb = mHigh - head;
      const mLow = head - (mHigh - bb) + (b - bb);
      value = scaledLongDecimal(mHigh, mLow, k);
      if (value < 0) return undefined;
    }
  }
  decimalEnd = i;
  return negative ? -value : value;
}

/** How near (in ulps) to a halfway point the double-double result defers to Number(); its error is ~2^-47 ulp. */
const TOO_CLOSE = 2 ** -30;

/**
 * The double nearest (mHigh + mLow)·10^k (m < 10^18), or -1 when too close to call. m has 16 to 18
 * digits, so k within the table keeps the result far from overflow and subnormals.
 */
function scaledLongDecimal(mHigh: number, mLow: number, k: number): number {
  if (k < MIN_SCALE || k > MAX_SCALE - 25) return -1;
  const result = timesPowerOfTen(mHigh, mLow, k - MIN_SCALE);
  const rest = productLow[0] as number; // result + rest ≈ the exact value, |rest| ≤ half an ulp of result
  // the ulp of result, from its exponent bits; a power of two (mantissa bits all zero) has a smaller
  // ulp below it: left to Number()
  doubleView[0] = result;
  const highWord = doubleWords[HIGH_WORD] as number;
  if ((highWord & 0xfffff) === 0 && (doubleWords[LOW_WORD] as number) === 0) return -1;
  const ulp = pow2[((highWord >>> 20) & 0x7ff) - 1075 + POW2_OFFSET] as number;
  const fromHalf = Math.abs(rest) - ulp / 2;
  const margin = ulp * TOO_CLOSE;
  if (fromHalf > -margin && fromHalf < margin) return -1;
  return result;
}

function parseGeneral(text: string): number | undefined {
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
