/**
 * A column's cell appended to the row line: `append(line, value)` returns `line` followed by the
 * separator, the padding and the formatted value, for a right-aligned column.
 *
 * Why: profiles of StepTable.row showed the cost was in the strings, not the digits. A formatter that
 * returns its text and a fit that pads it build two or three short strings per cell, and V8 copies every
 * concatenation shorter than 13 characters into a new flat string. Appending each piece to the long line
 * instead makes only rope nodes (no copies), and the padding is one table read (`leads[gap]`: separator
 * plus gap spaces) because a piece's length is known before it is joined. The pieces come from the same
 * scaled-integer roundings as compile.ts (fastRounded's argument, fastSignificand), which hand every tie,
 * near tie and out-of-range value to the column's fallback: its compiled formatter and fit, so the cell
 * is always `formatValue`'s text padded to the column.
 *
 * A fast path only runs when the column is already wide enough: growing a column (and the header
 * reprint it triggers) is the fallback's job.
 */
import { fastExponent, fastSignificand, NEAR_TIE } from '../format/digits';
import type { FormatSpec } from '../format/spec';
import {
  FOUR_DIGITS,
  fixedTails,
  groupTable,
  INTS,
  mantissaTable,
  NEGATIVE_INTS,
  POW10,
  SMALL,
  SUFFIX_E,
  SUFFIX_UPPER_E,
  signedInts,
  strippedDigits,
  strippedFractions,
  strippedMantissas,
  ZEROS,
} from '../format/tables';

export type CellAppender = (line: string, value: unknown) => string;

/** The column as the appender sees it: its current width in display columns (grown by the fallback). */
export interface AppenderColumn {
  readonly width: number;
}

/**
 * @param leads  `leads[n]` is the separator before the cell followed by n spaces, for n ≤ 64
 * @param fallback appends the cell through the column's formatter and fit (which grows the column)
 */
export function compileCellAppender(
  spec: FormatSpec,
  column: AppenderColumn,
  leads: readonly string[],
  fallback: CellAppender,
): CellAppender {
  const align = spec.align ?? (spec.zeroFlag ? '=' : '>');
  if (spec.alternate || align === '=') return fallback;
  // A spec width pads with its fill on its side: only spaces on the left merge with the column's padding.
  if (spec.width > 0 && !(spec.fill === ' ' && align === '>')) return fallback;
  const layout: Layout = { column, leads, minWidth: spec.width, fallback };
  const plus = spec.sign === '+' ? '+' : spec.sign === ' ' ? ' ' : '';
  const type = spec.type;
  const precision = spec.precision;
  if (type === 'f' || type === 'F' || type === '%') {
    const p = precision < 0 ? 6 : precision;
    if (spec.grouping !== null || p > 4) return fallback;
    return fixedAppender(layout, plus, p, type === '%', spec.noNegZero);
  }
  if (spec.grouping !== null && type !== 'd') return fallback;
  if (type === 'e' || type === 'E') {
    const p = precision < 0 ? 6 : precision;
    if (p > 3) return fallback;
    return exponentAppender(layout, plus, p, type === 'E' ? SUFFIX_UPPER_E : SUFFIX_E);
  }
  if (type === 'g' || type === 'G') {
    const n = precision < 0 ? 6 : precision === 0 ? 1 : precision;
    if (n > 4) return fallback;
    return generalAppender(layout, plus, n, type === 'G' ? SUFFIX_UPPER_E : SUFFIX_E);
  }
  if (type === 'd' && precision < 0 && !spec.noNegZero) return intAppender(layout, plus, spec.grouping);
  if (type === 'frac' && spec.sign === null && spec.grouping === null && precision < 0) {
    return fracAppender(layout);
  }
  return fallback;
}

interface Layout {
  readonly column: AppenderColumn;
  readonly leads: readonly string[];
  /** The spec's width (-1 if none): the column must be at least this wide for the merged padding. */
  readonly minWidth: number;
  readonly fallback: CellAppender;
}

/**
 * `f F %` with at most 4 decimals and no grouping, for |x| (×100 for `%`) below 9,999: the integer part
 * and the rounded fraction separately (no division), and the padded integer part (separator, spaces,
 * sign, digits) cached per column width, so a cell is two appends.
 */
function fixedAppender(layout: Layout, plus: string, p: number, percent: boolean, noNegZero: boolean) {
  const { column, leads, minWidth, fallback } = layout;
  const scale = POW10[p]!;
  const tails = fixedTails(p, percent ? '%' : '');
  const tailLength = tails[0]!.length;
  const positives = signedInts(plus);
  const heads = new HeadCache(column, leads, minWidth);
  return (line: string, value: unknown): string => {
    if (typeof value !== 'number') return fallback(line, value);
    const x = percent ? value * 100 : value; // as Python: the product is rounded, then formatted
    const negative = x < 0 || (x === 0 && 1 / x < 0);
    const ax = negative ? -x : x;
    if (!(ax < 9999)) return fallback(line, value); // the integer part, even after a carry, is in INTS
    let whole = Math.floor(ax);
    // ax − whole is exact, so y is the exact fraction·10^p correctly rounded: unless y's own fraction is
    // near .5 (a tie or near tie, see NEAR_TIE: the exact path decides), rounding y rounds the exact value.
    const y = (ax - whole) * scale;
    const floor = Math.floor(y);
    const frac = y - floor; // exact
    if (Math.abs(frac - 0.5) <= y * NEAR_TIE) return fallback(line, value);
    let fraction = frac < 0.5 ? floor : floor + 1;
    if (fraction === scale) {
      whole++;
      fraction = 0;
    }
    const sign = negative && !(noNegZero && whole === 0 && fraction === 0);
    const head = heads.get(sign, whole, (sign ? NEGATIVE_INTS : positives)[whole]!, tailLength);
    if (head === null) return fallback(line, value);
    return line + head + tails[fraction]!;
  };
}

/**
 * The padded heads of a column's cells (separator, spaces and a signed piece of known text: an integer
 * part, a mantissa) by sign and an index below 10,000, for the column's current width and a fixed tail
 * length: built on first use, dropped when the column grows. At most 20,000 short strings per cache.
 */
class HeadCache {
  private width = -1;
  private positive: (string | undefined)[] = [];
  private negative: (string | undefined)[] = [];

  constructor(
    private readonly column: AppenderColumn,
    private readonly leads: readonly string[],
    private readonly minWidth: number,
  ) {}

  /** The head for `text` (the signed integer `index`) before a tail of `tailLength`, or null. */
  get(negative: boolean, index: number, text: string, tailLength: number): string | null {
    if (this.width !== this.column.width) this.reset();
    const table = negative ? this.negative : this.positive;
    const head = table[index];
    if (head !== undefined) return head;
    const gap = this.width - text.length - tailLength;
    if (gap < 0 || gap > 64 || this.width < this.minWidth) return null;
    const built = this.leads[gap]! + text;
    table[index] = built;
    return built;
  }

  private reset(): void {
    this.width = this.column.width;
    this.positive = new Array(SMALL);
    this.negative = new Array(SMALL);
  }
}

/** `e E` with at most 3 decimals: a signed mantissa table and an exponent suffix table. */
function exponentAppender(layout: Layout, plus: string, p: number, suffixes: readonly string[]) {
  const { column, leads, minWidth, fallback } = layout;
  const positives = mantissaTable(plus, p);
  const negatives = mantissaTable('-', p);
  return (line: string, value: unknown): string => {
    if (typeof value !== 'number') return fallback(line, value);
    const negative = value < 0;
    const m = fastSignificand(negative ? -value : value, p + 1); // -1 for 0, NaN, ±Infinity, extremes
    if (m < 0) return fallback(line, value);
    const mantissa = (negative ? negatives : positives)[m]!;
    const exponent = suffixes[fastExponent + 400]!;
    const width = column.width;
    const gap = width - mantissa.length - exponent.length;
    if (gap < 0 || gap > 64 || width < minWidth) return fallback(line, value);
    return line + leads[gap]! + mantissa + exponent;
  };
}

/**
 * `g G` (no `#`) with at most 4 significant digits: m × 10^(exp−n+1) without trailing zeros, in exponent
 * form when exp < −4 or exp ≥ n (as Python), else as `int.frac` or `0.000ddd`.
 */
function generalAppender(layout: Layout, plus: string, n: number, suffixes: readonly string[]) {
  const { column, leads, minWidth, fallback } = layout;
  const positives = signedInts(plus);
  const mantissas = strippedMantissas(plus, n);
  const negativeMantissas = strippedMantissas('-', n);
  const digits = strippedDigits(n);
  const fractions = [0, 1, 2, 3].map((q) => (q < n ? strippedFractions(q) : []));
  const smallPrefixes = [1, 2, 3, 4].map((k) => plus + '0.' + ZEROS[k - 1]!);
  const negativeSmallPrefixes = [1, 2, 3, 4].map((k) => '-0.' + ZEROS[k - 1]!);
  return (line: string, value: unknown): string => {
    if (typeof value !== 'number') return fallback(line, value);
    const negative = value < 0;
    const m = fastSignificand(negative ? -value : value, n);
    if (m < 0) return fallback(line, value);
    const exp = fastExponent;
    let head: string;
    let tail: string;
    if (exp < -4 || exp >= n) {
      head = (negative ? negativeMantissas : mantissas)[m]!;
      tail = suffixes[exp + 400]!;
    } else if (exp >= 0) {
      const q = n - 1 - exp; // decimals before stripping, < n ≤ 4
      const scale = POW10[q]!;
      const whole = Math.floor(m / scale);
      head = (negative ? NEGATIVE_INTS : positives)[whole]!;
      tail = fractions[q]![m - whole * scale]!;
    } else {
      head = (negative ? negativeSmallPrefixes : smallPrefixes)[-exp - 1]!;
      tail = digits[m]!;
    }
    const width = column.width;
    const gap = width - head.length - tail.length;
    if (gap < 0 || gap > 64 || width < minWidth) return fallback(line, value);
    return line + leads[gap]! + head + tail;
  };
}

/** `d` on integers below 10^8 (10^9 grouped): the digits from tables of 4 (or 3) digits. */
function intAppender(layout: Layout, plus: string, separator: string | null) {
  const { column, leads, minWidth, fallback } = layout;
  const positives = signedInts(plus);
  // whole cells below 10,000 (1,000 grouped), and heads before 4 more characters
  const cells = new HeadCache(column, leads, minWidth);
  const heads = new HeadCache(column, leads, minWidth);
  if (separator === null) {
    return (line: string, value: unknown): string => {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return fallback(line, value);
      const negative = value < 0; // Python's int -0 is 0
      const a = negative ? -value : value;
      if (a >= 1e8) return fallback(line, value);
      const ints = negative ? NEGATIVE_INTS : positives;
      if (a < SMALL) {
        const cell = cells.get(negative, a, ints[a]!, 0);
        return cell === null ? fallback(line, value) : line + cell;
      }
      const high = Math.floor(a / SMALL);
      const head = heads.get(negative, high, ints[high]!, 4);
      return head === null ? fallback(line, value) : line + head + FOUR_DIGITS[a - high * SMALL]!;
    };
  }
  const groups = groupTable(separator);
  return (line: string, value: unknown): string => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return fallback(line, value);
    const negative = value < 0;
    const a = negative ? -value : value;
    if (a >= 1e9) return fallback(line, value);
    const ints = negative ? NEGATIVE_INTS : positives;
    if (a < 1000) {
      const cell = cells.get(negative, a, ints[a]!, 0);
      return cell === null ? fallback(line, value) : line + cell;
    }
    if (a < 1e6) {
      const high = Math.floor(a / 1000);
      const head = heads.get(negative, high, ints[high]!, 4);
      return head === null ? fallback(line, value) : line + head + groups[a - high * 1000]!;
    }
    const width = column.width;
    const top = Math.floor(a / 1e6);
    const rest = a - top * 1e6;
    const middle = Math.floor(rest / 1000);
    const head = ints[top]!;
    const gap = width - head.length - 8;
    if (gap < 0 || gap > 64 || width < minWidth) return fallback(line, value);
    return line + leads[gap]! + head + groups[middle]! + groups[rest - middle * 1000]!;
  };
}

/** `frac` on a pair of integers between -10,000 and 10,000 (not -0): `n/d`. */
function fracAppender(layout: Layout) {
  const { column, leads, minWidth, fallback } = layout;
  return (line: string, value: unknown): string => {
    if (!Array.isArray(value) || value.length !== 2) return fallback(line, value);
    const a: unknown = value[0];
    const b: unknown = value[1];
    if (!isSmallInt(a) || !isSmallInt(b)) return fallback(line, value);
    const top = a < 0 ? NEGATIVE_INTS[-a]! : INTS[a]!;
    const bottom = b < 0 ? NEGATIVE_INTS[-b]! : INTS[b]!;
    const width = column.width;
    const gap = width - top.length - 1 - bottom.length;
    if (gap < 0 || gap > 64 || width < minWidth) return fallback(line, value);
    return line + leads[gap]! + top + '/' + bottom;
  };
}

/** An integer in (-10,000, 10,000), not -0 (which Python's str() of a float spells -0.0). */
function isSmallInt(x: unknown): x is number {
  return typeof x === 'number' && x > -SMALL && x < SMALL && Math.floor(x) === x && (x !== 0 || 1 / x > 0);
}
