/**
 * Padding, sign and digit grouping of a number, a port of CPython's `calc_number_widths`,
 * `fill_number` and `_PyUnicode_InsertThousandsGrouping` (Objects/stringlib, Python/formatter_unicode.c).
 * The output is  <lpadding><sign><prefix><spadding><grouped digits><rest><rpadding>.
 */
import type { Align, FormatSpec } from './spec.js';

/** Groups `digits` from the right; with a min width (zero padding) the zeros are grouped too. */
export function groupDigits(digits: string, minWidth: number, separator: string, size: number): string {
  let min = Math.max(minWidth, 0);
  let remaining = digits.length;
  if (size <= 0) {
    const len = Math.max(remaining, min, 1);
    return len > remaining ? '0'.repeat(len - remaining) + digits : digits;
  }
  let pos = digits.length;
  let out = '';
  let first = true;
  for (;;) {
    const len = Math.min(size, Math.max(remaining, min, 1));
    const nChars = Math.max(0, Math.min(remaining, len));
    const nZeros = Math.max(0, len - remaining);
    const group = (nZeros > 0 ? '0'.repeat(nZeros) : '') + digits.slice(pos - nChars, pos);
    out = first ? group : group + separator + out;
    first = false;
    pos -= nChars;
    remaining -= nChars;
    min -= len;
    if (remaining <= 0 && min <= 0) return out;
    min -= separator.length;
  }
}

export function repeatFill(fill: string, n: number): string {
  return n > 0 ? fill.repeat(n) : '';
}

/**
 * @param negative the number is negative (its '-' already removed from `digits`/`rest`)
 * @param digits   the leading run of digits (the integer part), may be ''
 * @param rest     everything after: decimal point, fraction, exponent, '%', or a 'c' character
 */
export function layoutNumber(
  spec: FormatSpec,
  negative: boolean,
  prefix: string,
  digits: string,
  rest: string,
  groupSize: number,
): string {
  const align: Align = spec.align ?? (spec.zeroFlag ? '=' : '>');
  let sign = '';
  if (negative) sign = '-';
  else if (spec.sign === '+') sign = '+';
  else if (spec.sign === ' ') sign = ' ';
  const nonDigit = sign.length + prefix.length + rest.length;
  const minWidth = spec.fill === '0' && align === '=' ? spec.width - nonDigit : 0;
  const separator = spec.grouping ?? '';
  const grouped =
    digits.length === 0
      ? ''
      : separator === '' && minWidth <= digits.length
        ? digits
        : groupDigits(digits, minWidth, separator, separator === '' ? 0 : groupSize);
  const padding = spec.width - (nonDigit + grouped.length);
  if (padding <= 0) return sign + prefix + grouped + rest;
  switch (align) {
    case '<':
      return sign + prefix + grouped + rest + repeatFill(spec.fill, padding);
    case '^': {
      const left = padding >> 1;
      return (
        repeatFill(spec.fill, left) + sign + prefix + grouped + rest + repeatFill(spec.fill, padding - left)
      );
    }
    case '=':
      return sign + prefix + repeatFill(spec.fill, padding) + grouped + rest;
    default:
      return repeatFill(spec.fill, padding) + sign + prefix + grouped + rest;
  }
}
