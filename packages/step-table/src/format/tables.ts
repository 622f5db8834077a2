/**
 * Strings of small integers, fractions, mantissas and exponents, built once (or on first use) and shared
 * by the compiled formatters and the table's cell appenders: a table read costs a few nanoseconds, a
 * number-to-string conversion and its concatenations tens.
 */
export const POW10: number[] = [];
for (let i = 0; i <= 15; i++) POW10.push(10 ** i);
export const ZEROS: string[] = [];
for (let i = 0; i <= 16; i++) ZEROS.push('0'.repeat(i));

/**
 * Strings of the integers below 10,000 with and without a minus sign, and `.dddd` fractions for each
 * precision up to 4 (built on first use): a table read instead of a number-to-string conversion and
 * two concatenations per cell, the bulk of a cell's cost.
 */
export const SMALL = 10_000;
export const INTS: string[] = [];
export const NEGATIVE_INTS: string[] = [];
for (let i = 0; i < SMALL; i++) {
  INTS.push(String(i));
  NEGATIVE_INTS.push('-' + i);
}
const PLUS_INTS: Record<string, string[]> = { '': INTS };
/** The integers below 10,000 after the sign `+`, ` ` or nothing. */
export function signedInts(plus: string): string[] {
  let table = PLUS_INTS[plus];
  if (table === undefined) {
    table = INTS.map((text) => plus + text);
    PLUS_INTS[plus] = table;
  }
  return table;
}
const MANTISSAS: Record<string, string[]> = {};
/** `sign + d.ddd` (p digits after the point) at index d.ddd × 10^p, for p < 4. */
export function mantissaTable(sign: string, p: number): string[] {
  const key = sign + p;
  let table = MANTISSAS[key];
  if (table === undefined) {
    table = [];
    for (let m = 0; m < POW10[p + 1]!; m++) {
      const digits = String(m);
      table.push(m < POW10[p]! ? '' : sign + (p > 0 ? digits[0] + '.' + digits.slice(1) : digits));
    }
    MANTISSAS[key] = table;
  }
  return table;
}
const FRACTIONS: string[][] = [];
export function fractionTable(p: number): string[] | null {
  if (p > 4) return null;
  let table = FRACTIONS[p];
  if (table === undefined) {
    table = [];
    for (let i = 0; i < POW10[p]!; i++) table.push('.' + String(i).padStart(p, '0'));
    FRACTIONS[p] = table;
  }
  return table;
}

const TAILS: Record<string, string[]> = {};
/**
 * What follows the integer part of an `f` or `%` number with p ≤ 4 decimals, at index fraction: `.dddd`
 * plus the suffix (`%` or nothing); only the suffix for p = 0. One table per (p, suffix), shared by every
 * column that uses it (a smaller working set for the CPU caches).
 */
export function fixedTails(p: number, suffix: string): string[] {
  const key = p + suffix;
  let table = TAILS[key];
  if (table === undefined) {
    table = p === 0 ? [suffix] : suffix === '' ? fractionTable(p)! : fractionTable(p)!.map((f) => f + suffix);
    TAILS[key] = table;
  }
  return table;
}

/** `e+05`, `e-10`, `e+123`… for exponents -400..400 (index exponent + 400), built once. */
function exponentSuffixes(letter: string): string[] {
  const out: string[] = [];
  for (let e = -400; e <= 400; e++) {
    const a = e < 0 ? -e : e;
    out.push(letter + (e < 0 ? '-' : '+') + (a < 10 ? '0' : '') + a);
  }
  return out;
}
export const SUFFIX_E = exponentSuffixes('e');
export const SUFFIX_UPPER_E = exponentSuffixes('E');

/** `000`…`999`: the groups after the first in a grouped integer. */
export const THREE_DIGITS: string[] = [];
for (let i = 0; i < 1000; i++) THREE_DIGITS.push(String(i).padStart(3, '0'));

/** `0000`…`9999`: the low four digits of an integer below 10^8. */
export const FOUR_DIGITS: string[] = [];
for (let i = 0; i < SMALL; i++) FOUR_DIGITS.push(String(i).padStart(4, '0'));

const GROUPS: Record<string, string[]> = {};
/** `,000`…`,999` (with the given separator): the groups after the first in a grouped integer. */
export function groupTable(separator: string): string[] {
  let table = GROUPS[separator];
  if (table === undefined) {
    table = THREE_DIGITS.map((digits) => separator + digits);
    GROUPS[separator] = table;
  }
  return table;
}

/** The digits of m without its trailing zeros. */
function stripZeros(m: number): string {
  return String(m).replace(/0+$/, '');
}

const STRIPPED: string[][] = [];
/** For n ≤ 4: the n-digit significands m (10^(n-1) ≤ m < 10^n) without trailing zeros, at index m. */
export function strippedDigits(n: number): string[] {
  let table = STRIPPED[n];
  if (table === undefined) {
    table = [];
    for (let m = 0; m < POW10[n]!; m++) table.push(m < POW10[n - 1]! ? '' : stripZeros(m));
    STRIPPED[n] = table;
  }
  return table;
}

const STRIPPED_MANTISSAS: Record<string, string[]> = {};
/** For n ≤ 4: `sign + d.ddd` of the n-digit significand m without trailing zeros (`d` alone if none). */
export function strippedMantissas(sign: string, n: number): string[] {
  const key = sign + n;
  let table = STRIPPED_MANTISSAS[key];
  if (table === undefined) {
    table = strippedDigits(n).map((digits) =>
      digits === '' ? '' : sign + (digits.length > 1 ? digits[0] + '.' + digits.slice(1) : digits),
    );
    STRIPPED_MANTISSAS[key] = table;
  }
  return table;
}

const STRIPPED_FRACTIONS: string[][] = [];
/** For q ≤ 4: `.ddd` of the q-digit fraction f without trailing zeros, `''` for 0, at index f. */
export function strippedFractions(q: number): string[] {
  let table = STRIPPED_FRACTIONS[q];
  if (table === undefined) {
    table = [];
    for (let f = 0; f < POW10[q]!; f++) {
      table.push(f === 0 ? '' : '.' + String(f).padStart(q, '0').replace(/0+$/, ''));
    }
    STRIPPED_FRACTIONS[q] = table;
  }
  return table;
}
