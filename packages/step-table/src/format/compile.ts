/**
 * Column formatters compiled once per spec, for StepTable's hot path (25 cells a row, a million rows).
 *
 * Why hand-written: the general path re-reads the spec and re-dispatches on its type for every cell and
 * goes through strings it then cuts apart. A compiled closure knows its type, precision, sign, fill,
 * alignment and width: it takes the rounded integer from one scaled product (fastRounded /
 * fastSignificand, which hand every tie and near-tie to the exact path) and lays out the digits directly.
 * Whatever a closure cannot prove (non-numbers, NaN, ±Infinity, near ties, magnitudes out of range, `=`
 * alignment, `#`, …) goes to formatWithSpec: the output is always formatValue's.
 */
import { fastExponent, fastRounded, fastSignificand } from './digits';
import { formatWithSpec } from './format-value';
import type { FormatSpec } from './spec';
import {
  fractionTable,
  INTS,
  mantissaTable,
  NEGATIVE_INTS,
  POW10,
  SMALL,
  SUFFIX_E,
  SUFFIX_UPPER_E,
  signedInts,
  THREE_DIGITS,
  ZEROS,
} from './tables';

export type CellFormatter = (value: unknown) => string;

/** Pads an ASCII cell to the spec's width with its fill (precomputed runs of the fill). */
class Padding {
  private readonly runs: string[] = [];
  constructor(
    readonly fill: string,
    readonly width: number,
    /** 0 right, 1 left, 2 center */
    readonly side: number,
  ) {
    for (let i = 0; i <= Math.min(width, 64); i++) this.runs.push(fill.repeat(i));
  }

  private run(n: number): string {
    return n <= 64 ? this.runs[n]! : this.fill.repeat(n);
  }

  apply(s: string): string {
    const gap = this.width - s.length;
    if (gap <= 0) return s;
    if (this.side === 0) return this.run(gap) + s;
    if (this.side === 1) return s + this.run(gap);
    const left = gap >> 1;
    return this.run(left) + s + this.run(gap - left);
  }
}

/**
 * A non-negative safe integer with its digits grouped by threes: table reads from the right (exact:
 * n < 2^53). Why: slicing the String() of n cost ~40 ns a cell, the tables ~10.
 */
function groupedInt(n: number, separator: string): string {
  if (n < SMALL)
    return n < 1000 ? INTS[n]! : INTS[(n - (n % 1000)) / 1000]! + separator + THREE_DIGITS[n % 1000]!;
  let out = '';
  while (n >= 1000) {
    const low = n % 1000;
    out = separator + THREE_DIGITS[low]! + out;
    n = (n - low) / 1000;
  }
  return INTS[n]! + out;
}

/** Groups an integer's digits by threes from the right. */
function group3(digits: string, separator: string): string {
  const n = digits.length;
  if (n <= 3) return digits;
  let head = n % 3;
  if (head === 0) head = 3;
  let out = digits.slice(0, head);
  for (let i = head; i < n; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}

function isNegative(x: number): boolean {
  return x < 0 || (x === 0 && 1 / x < 0);
}

/**
 * A formatter for one spec, with the output of `formatWithSpec(value, spec)` for every value; fast for
 * the values a column usually holds (finite numbers for `f F % e E g G`, safe integers for `d`, pairs of
 * safe integers for `frac`).
 */
export function compileFormatter(spec: FormatSpec): CellFormatter {
  const general: CellFormatter = (value) => formatWithSpec(value, spec);
  const align = spec.align ?? (spec.zeroFlag ? '=' : '>');
  // '=' puts the fill between sign and digits (and zero-fill groups the zeros): the general path's job.
  if (align === '=' || spec.alternate) return general;
  const pad = new Padding(spec.fill, spec.width, align === '>' ? 0 : align === '<' ? 1 : 2);
  const plus = spec.sign === '+' ? '+' : spec.sign === ' ' ? ' ' : '';
  const type = spec.type;
  const precision = spec.precision;
  if (type === 'f' || type === 'F' || type === '%') {
    const p = precision < 0 ? 6 : precision;
    if (p > 15) return general;
    return fixedFormatter(spec, pad, plus, p, type === '%', general);
  }
  if (spec.grouping !== null && type !== 'd') return general;
  if (type === 'e' || type === 'E') {
    const p = precision < 0 ? 6 : precision;
    if (p + 1 > 12) return general;
    return exponentFormatter(pad, plus, p, type === 'E' ? SUFFIX_UPPER_E : SUFFIX_E, general);
  }
  if (type === 'g' || type === 'G') {
    const n = precision < 0 ? 6 : precision === 0 ? 1 : precision;
    if (n > 12) return general;
    return generalFormatter(pad, plus, n, type === 'G' ? SUFFIX_UPPER_E : SUFFIX_E, general);
  }
  if (type === 'd' && precision < 0 && !spec.noNegZero) {
    return intFormatter(pad, plus, spec.grouping, general);
  }
  if (type === 'frac' && spec.sign === null && spec.grouping === null && precision < 0) {
    return fracFormatter(pad, general);
  }
  return general;
}

/** `f F %`: round(|x|·10^p) as one integer, split at the point with exact integer arithmetic. */
function fixedFormatter(
  spec: FormatSpec,
  pad: Padding,
  plus: string,
  p: number,
  percent: boolean,
  general: CellFormatter,
): CellFormatter {
  const scale = POW10[p]!;
  const suffix = percent ? '%' : '';
  const noNegZero = spec.noNegZero;
  const separator = spec.grouping;
  // `.dd%` as one table read (no concatenation for the suffix)
  const fractions = percent ? (fractionTable(p) ?? []).map((f) => f + suffix) : (fractionTable(p) ?? []);
  const positives = signedInts(plus);
  // The common case as table reads: no grouping, a small integer part, a table of fractions.
  const simple = separator === null && p > 0 && p <= 4;
  return (value) => {
    if (typeof value !== 'number') return general(value);
    const x = percent ? value * 100 : value; // as Python: the product is rounded, then formatted
    const negative = isNegative(x);
    const n = fastRounded(negative ? -x : x, p);
    if (n < 0) return general(value);
    const fraction = n % scale; // exact: n < 2^43
    const whole = (n - fraction) / scale;
    if (simple && whole < SMALL) {
      const ints = negative && !(noNegZero && n === 0) ? NEGATIVE_INTS : positives;
      return pad.apply(ints[whole]! + fractions[fraction]!);
    }
    let body: string;
    if (p === 0) body = separator === null ? String(n) : group3(String(n), separator);
    else {
      const digits = String(fraction);
      const text = String(whole);
      body = (separator === null ? text : group3(text, separator)) + '.' + ZEROS[p - digits.length]! + digits;
    }
    const sign = negative ? (noNegZero && n === 0 ? plus : '-') : plus;
    return pad.apply(sign + body + suffix);
  };
}

/** `e E`: p+1 significant digits as one integer m, written d.ddd plus a precomputed exponent suffix. */
function exponentFormatter(
  pad: Padding,
  plus: string,
  p: number,
  suffixes: string[],
  general: CellFormatter,
): CellFormatter {
  // Up to 4 digits: the signed mantissas `-d.ddd` as table reads (built once per sign and precision).
  const positives = p < 4 ? mantissaTable(plus, p) : null;
  const negatives = p < 4 ? mantissaTable('-', p) : null;
  return (value) => {
    if (typeof value !== 'number') return general(value);
    const negative = value < 0;
    const m = fastSignificand(negative ? -value : value, p + 1); // -1 for 0, NaN, ±Infinity, extremes
    if (m < 0) return general(value);
    const table = negative ? negatives : positives;
    if (table !== null) return pad.apply(table[m]! + suffixes[fastExponent + 400]!);
    const digits = String(m);
    const mantissa = p > 0 ? digits[0] + '.' + digits.slice(1) : digits;
    return pad.apply((negative ? '-' : plus) + mantissa + suffixes[fastExponent + 400]!);
  };
}

/** `g G` (no `#`): n significant digits, trailing zeros dropped, fixed or exponent layout as Python. */
function generalFormatter(
  pad: Padding,
  plus: string,
  n: number,
  suffixes: string[],
  general: CellFormatter,
): CellFormatter {
  return (value) => {
    if (typeof value !== 'number') return general(value);
    const negative = value < 0;
    let m = fastSignificand(negative ? -value : value, n);
    if (m < 0) return general(value);
    const exp = fastExponent;
    while (m % 10 === 0) m /= 10; // m ≥ 1
    const digits = m < SMALL ? INTS[m]! : String(m);
    const len = digits.length;
    let body: string;
    if (exp < -4 || exp >= n) {
      body = (len > 1 ? digits[0] + '.' + digits.slice(1) : digits) + suffixes[exp + 400]!;
    } else {
      const point = exp + 1;
      if (point <= 0) body = '0.' + ZEROS[-point]! + digits;
      else if (point >= len) body = digits + ZEROS[point - len]!;
      else body = digits.slice(0, point) + '.' + digits.slice(point);
    }
    return pad.apply((negative ? '-' : plus) + body);
  };
}

/** `d` on safe integers: String() plus grouping and padding (Python's int -0 is 0). */
function intFormatter(
  pad: Padding,
  plus: string,
  separator: string | null,
  general: CellFormatter,
): CellFormatter {
  return (value) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return general(value);
    const negative = value < 0;
    const a = negative ? -value : value;
    return pad.apply((negative ? '-' : plus) + (separator === null ? String(a) : groupedInt(a, separator)));
  };
}

/** `frac` on a pair of safe integers (not -0, which Python's str() spells -0.0): `n/d`. */
function fracFormatter(pad: Padding, general: CellFormatter): CellFormatter {
  return (value) => {
    if (!Array.isArray(value) || value.length !== 2) return general(value);
    const a: unknown = value[0];
    const b: unknown = value[1];
    if (
      typeof a !== 'number' ||
      typeof b !== 'number' ||
      !Number.isSafeInteger(a) ||
      !Number.isSafeInteger(b) ||
      (a === 0 && 1 / a < 0) ||
      (b === 0 && 1 / b < 0)
    ) {
      return general(value);
    }
    return pad.apply(a + '/' + b);
  };
}
