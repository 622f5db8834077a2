/**
 * Python's `float.__format__`: a port of CPython's `format_float_internal` and
 * `PyOS_double_to_string` / `format_float_short` (Python/pystrtod.c), on top of exactly rounded digits.
 */
import {
  type Digits,
  fastExponent,
  fastSignificantText,
  fixedDigits,
  shortestDigits,
  significantDigits,
  toFixedHalfEven,
} from './digits.js';
import { layoutNumber, repeatFill } from './layout.js';
import type { FormatSpec } from './spec.js';

const FLOAT_TYPES = 'eEfFgGn%';

/** Why Python would raise for this float and spec, or null. */
export function floatSpecProblem(spec: FormatSpec): string | null {
  if (spec.type !== '' && !FLOAT_TYPES.includes(spec.type)) {
    return `Unknown format code '${spec.type}' for object of type 'float'`;
  }
  return null;
}

/**
 * The number as `PyOS_double_to_string` prints it (sign included, no padding).
 * `code` is one of e E f F g G r (r = repr).
 */
export function doubleToString(
  x: number,
  code: string,
  precision: number,
  alternate: boolean,
  addDot0: boolean,
  noNegZero: boolean,
): string {
  const upper = code === 'E' || code === 'F' || code === 'G';
  const lower = upper ? code.toLowerCase() : code;
  if (Number.isNaN(x)) return upper ? 'NAN' : 'nan';
  const negative = x < 0 || Object.is(x, -0);
  const ax = negative ? -x : x;
  if (ax === Number.POSITIVE_INFINITY) return (negative ? '-' : '') + (upper ? 'INF' : 'inf');
  if (lower === 'f') {
    // Fast path: the engine's fixed notation is Python's, once ties are repaired.
    const fixed = toFixedHalfEven(ax, precision);
    if (fixed !== null) {
      const body = alternate && precision === 0 ? fixed + '.' : fixed;
      return negative && !(noNegZero && isAllZero(fixed)) ? '-' + body : body;
    }
  }
  if (lower === 'e' && ax !== 0) {
    // Fast path: exactly precision+1 digits straight from one scaled product (see fastSignificantText).
    const text = fastSignificantText(ax, precision + 1);
    if (text !== null) {
      const exp = fastExponent;
      const a = exp < 0 ? -exp : exp;
      const mantissa = precision > 0 ? text[0] + '.' + text.slice(1) : alternate ? text + '.' : text;
      return (
        (negative ? '-' : '') +
        mantissa +
        (upper ? 'E' : 'e') +
        (exp < 0 ? '-' : '+') +
        (a < 10 ? '0' : '') +
        a
      );
    }
  }
  let d: Digits;
  let p = precision;
  if (lower === 'e') {
    p += 1;
    d = ax === 0 ? ZERO : significantDigits(ax, p);
  } else if (lower === 'f') d = fixedDigits(ax, p);
  else if (lower === 'g') {
    if (p === 0) p = 1;
    d = ax === 0 ? ZERO : significantDigits(ax, p);
  } else d = ax === 0 ? ZERO : shortestDigits(ax);
  const sign = negative && !(noNegZero && d.digits === '') ? '-' : '';
  return sign + formatShort(d, lower, p, alternate, addDot0, upper);
}

const ZERO: Digits = { digits: '', decpt: 1 };

function isAllZero(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 48 && c !== 46) return false;
  }
  return true;
}

/** `format_float_short`: places the decimal point, pads with zeros, adds the exponent. */
function formatShort(
  d: Digits,
  code: string,
  precision: number,
  alternate: boolean,
  addDot0: boolean,
  upper: boolean,
): string {
  const digits = d.digits === '' ? '0' : d.digits;
  let decpt = d.digits === '' ? 1 : d.decpt;
  const n = digits.length;
  if ((code === 'g' || code === 'r') && !alternate) {
    // The general layout below, specialised (no padding zeros beyond the digits but for integers).
    const useExp = decpt <= -4 || decpt > (code === 'r' ? 16 : addDot0 ? precision - 1 : precision);
    if (useExp) {
      const exp = decpt - 1;
      const a = exp < 0 ? -exp : exp;
      const mantissa = n > 1 ? digits[0] + '.' + digits.slice(1) : digits;
      return mantissa + (upper ? 'E' : 'e') + (exp < 0 ? '-' : '+') + (a < 10 ? '0' : '') + a;
    }
    if (decpt <= 0) return '0.' + '0'.repeat(-decpt) + digits;
    if (decpt >= n) return digits + '0'.repeat(decpt - n) + (addDot0 ? '.0' : '');
    return digits.slice(0, decpt) + '.' + digits.slice(decpt);
  }
  if (code === 'e') {
    // d.ddd…e±XX directly (the general layout below gives the same, slower)
    const exp = decpt - 1;
    const a = exp < 0 ? -exp : exp;
    const tail = precision > n ? '0'.repeat(precision - n) : '';
    const mantissa =
      precision > 1 ? digits[0] + '.' + digits.slice(1) + tail : alternate ? digits + '.' : digits;
    return mantissa + (upper ? 'E' : 'e') + (exp < 0 ? '-' : '+') + (a < 10 ? '0' : '') + a;
  }
  let useExp = false;
  let vEnd = n;
  if (code === 'e') {
    useExp = true;
    vEnd = precision;
  } else if (code === 'f') {
    vEnd = decpt + precision;
  } else if (code === 'g') {
    if (decpt <= -4 || decpt > (addDot0 ? precision - 1 : precision)) useExp = true;
    if (alternate) vEnd = precision;
  } else if (decpt <= -4 || decpt > 16) useExp = true;
  let exp = 0;
  if (useExp) {
    exp = decpt - 1;
    decpt = 1;
  }
  const vStart = decpt <= 0 ? decpt - 1 : 0;
  if (!useExp && addDot0) vEnd = vEnd > decpt ? vEnd : decpt + 1;
  else vEnd = Math.max(vEnd, decpt);
  let out: string;
  if (decpt <= 0) out = '0'.repeat(decpt - vStart) + '.' + '0'.repeat(-decpt);
  else out = '0'.repeat(-vStart);
  if (decpt > 0 && decpt <= n) out += digits.slice(0, decpt) + '.' + digits.slice(decpt);
  else out += digits;
  if (n < decpt) out += '0'.repeat(decpt - n) + '.' + '0'.repeat(vEnd - decpt);
  else if (vEnd > n) out += '0'.repeat(vEnd - n);
  if (out.endsWith('.') && !alternate) out = out.slice(0, -1);
  if (useExp) {
    const a = exp < 0 ? -exp : exp;
    out += (upper ? 'E' : 'e') + (exp < 0 ? '-' : '+') + (a < 10 ? '0' : '') + a;
  }
  return out;
}

/** `format_float_internal`: a float with a parsed spec (the spec must be valid for floats). */
export function formatFloat(x: number, spec: FormatSpec): string {
  let type = spec.type;
  let precision = spec.precision;
  let addDot0 = false;
  let defaultPrecision = 6;
  let value = x;
  let percent = false;
  if (type === '') {
    addDot0 = true;
    type = 'r';
    defaultPrecision = 0;
  }
  if (type === 'n') type = 'g'; // the C locale: '.' and no grouping
  if (type === '%') {
    type = 'f';
    value *= 100;
    percent = true;
  }
  if (precision < 0) precision = defaultPrecision;
  else if (type === 'r') type = 'g';
  let s = doubleToString(value, type, precision, spec.alternate, addDot0, spec.noNegZero);
  if (percent) s += '%';
  const negative = s.charCodeAt(0) === 45;
  const align = spec.align ?? (spec.zeroFlag ? '=' : '>');
  if (spec.grouping === null && align !== '=') {
    // Nothing goes between sign and digits: pad the whole text (the common case, kept cheap).
    if (!negative && spec.sign !== null && spec.sign !== '-') s = spec.sign + s;
    const padding = spec.width - s.length;
    if (padding <= 0) return s;
    if (align === '>') return repeatFill(spec.fill, padding) + s;
    if (align === '<') return s + repeatFill(spec.fill, padding);
    const left = padding >> 1;
    return repeatFill(spec.fill, left) + s + repeatFill(spec.fill, padding - left);
  }
  if (negative) s = s.slice(1);
  let i = 0;
  while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
  return layoutNumber(spec, negative, '', s.slice(0, i), s.slice(i), 3);
}
