import { MAX_SCALE, MIN_SCALE, powersOfTen, SPLIT } from './powers-of-ten.js';
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
 * `parseNumber(text.slice(start, end))` without making the slice for plain decimals of up to 19
 * significant digits (every double's shortest text has at most 17). Up to 15 digits: Clinger's fast
 * path (the digits and the power of ten are exact doubles, so one correctly rounded multiply or divide
 * gives the nearest double, as `Number()` does). 16 to 19 digits: digits times the power of ten in
 * double-double arithmetic (~104 bits), rounded to the nearest double unless the exact value lies
 * within 2^-30 of an ulp of a halfway point (or the result sits at a power of two), where `Number()`
 * decides. Why hand-written: `Number()` on a slice costs ~150-200 ns and a full-precision double is in
 * most cells of a training log. Everything else (nan, inf, True, odd text) goes through the general
 * rule below. The readers' only cast: a property test checks it against `Number()` on the slice.
 */
export function parseNumberIn(text: string, start: number, end: number): number | undefined {
  if (start >= end) return undefined;
  if (end - start > 40) return parseGeneral(text, start, end);
  let i = start;
  let c = text.charCodeAt(i);
  const negative = c === 45; /* - */
  if (negative || c === 43 /* + */) i++;
  // the significant digits: the first 15 in `high`, up to 4 more in `low`
  let high = 0;
  let highDigits = 0;
  let low = 0;
  let lowDigits = 0;
  let scale = 0;
  let seenDigit = false;
  let dot = false;
  for (; i < end; i++) {
    c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      seenDigit = true;
      if (highDigits === 0 && c === 48) {
        if (dot) scale++;
        continue;
      }
      if (highDigits < 15) {
        high = high * 10 + (c - 48);
        highDigits++;
      } else if (lowDigits < 4) {
        low = low * 10 + (c - 48);
        lowDigits++;
      } else return parseGeneral(text, start, end);
      if (dot) scale++;
    } else if (c === 46 /* . */ && !dot) dot = true;
    else break;
  }
  if (!seenDigit) return parseGeneral(text, start, end);
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
  if (highDigits === 0) value = 0;
  else if (lowDigits > 0) {
    value = scaledLongDecimal(high, low, lowDigits, k);
    if (value < 0) return parseGeneral(text, start, end);
  } else if (k === 0) value = high;
  else if (k > 0 && k <= 22) value = high * (POW10[k] as number);
  else if (k < 0 && k >= -22) value = high / (POW10[-k] as number);
  else return parseGeneral(text, start, end);
  return negative ? -value : value;
}

const view = new Float64Array(1);
const words = new Uint32Array(view.buffer);
const HIGH_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/**
 * The double nearest (high·10^lowDigits + low)·10^k, or -1 when too close to call. high has 15
 * digits, so the result's magnitude is known: k within the table keeps it far from overflow and
 * subnormals.
 */
function scaledLongDecimal(high: number, low: number, lowDigits: number, k: number): number {
  if (k < MIN_SCALE || k > MAX_SCALE - 25) return -1;
  const powers = powersOfTen();
  // m = high·10^lowDigits + low exactly, as mHigh + mLow (Dekker's product; high < 2^50, 10^4 < 2^14)
  const scaleUp = POW10[lowDigits] as number;
  const product = high * scaleUp;
  const t = SPLIT * high;
  const hHigh = t - (t - high);
  const hLow = high - hHigh;
  const productError = hHigh * scaleUp - product + hLow * scaleUp; // scaleUp < 2^27 needs no split
  const sum = product + low;
  const sumError = product - (sum - (sum - product)) + (low - (sum - product));
  const mHigh = sum;
  const mLow = productError + sumError;
  // × 10^k (hi + lo)
  const i = k - MIN_SCALE;
  const pHi = powers.hi[i] as number;
  const p = mHigh * pHi;
  const u = SPLIT * mHigh;
  const mHighHigh = u - (u - mHigh);
  const mHighLow = mHigh - mHighHigh;
  const pHiHigh = powers.hiHigh[i] as number;
  const pHiLow = powers.hiLow[i] as number;
  const error = mHighHigh * pHiHigh - p + mHighHigh * pHiLow + mHighLow * pHiHigh + mHighLow * pHiLow;
  const tail = error + mHigh * (powers.lo[i] as number) + mLow * pHi;
  const result = p + tail;
  const rest = tail - (result - p); // result + rest ≈ the exact value, |rest| ≤ half an ulp of result
  // the ulp of result, from its exponent bits; a power of two (mantissa bits all zero) has a smaller
  // ulp below it: left to Number()
  view[0] = result;
  const highWord = words[HIGH_WORD] as number;
  if ((highWord & 0xfffff) === 0 && (words[1 - HIGH_WORD] as number) === 0) return -1;
  const ulp = 2 ** (((highWord >>> 20) & 0x7ff) - 1075);
  const fromHalf = Math.abs(rest) - ulp / 2;
  if (fromHalf > -ulp * 2 ** -30 && fromHalf < ulp * 2 ** -30) return -1;
  return result;
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
