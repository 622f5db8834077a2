/** Python's `int.__format__` (CPython's `format_long_internal`) for the integer presentation types. */
import { layoutNumber } from './layout.js';
import type { FormatSpec } from './spec.js';

/** Types that print an int as an int; any other type converts it to float first, as Python does. */
export const INT_TYPES = 'bcdoxXn';

/** Why Python would raise for this int and spec, or null. */
export function intSpecProblem(value: bigint, spec: FormatSpec): string | null {
  if (spec.type === 's') return "Unknown format code 's' for object of type 'int'";
  if (spec.precision >= 0) return 'Precision not allowed in integer format specifier';
  if (spec.noNegZero) return 'Negative zero coercion (z) not allowed in integer format specifier';
  if (spec.type === 'c') {
    if (spec.sign !== null) return "Sign not allowed with integer format specifier 'c'";
    if (spec.alternate) return "Alternate form (#) not allowed with integer format specifier 'c'";
    if (value < 0n || value > 0x10ffffn) return '%c arg not in range(0x110000)';
  }
  return null;
}

const BASES: Record<string, number> = { b: 2, o: 8, x: 16, X: 16 };

export function formatInt(value: bigint | number, spec: FormatSpec): string {
  const type = spec.type;
  const negative = value < 0;
  if (type === 'c') return layoutNumber(spec, false, '', '', String.fromCodePoint(Number(value)), 3);
  const base = BASES[type] ?? 10;
  const abs = negative ? -value : value;
  let digits = abs.toString(base);
  if (type === 'X') digits = digits.toUpperCase();
  const prefix = spec.alternate && base !== 10 ? '0' + (type === 'X' ? 'X' : type) : '';
  // 'n' is the C locale: no grouping, which the parser already enforces.
  return layoutNumber(spec, negative, prefix, digits, '', base === 10 ? 3 : 4);
}
