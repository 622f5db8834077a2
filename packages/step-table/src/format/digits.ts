/**
 * Correctly rounded decimal digits of a double, as CPython's `_Py_dg_dtoa` gives them:
 * round-half-even on the *exact* binary value.
 *
 * Why hand-written: JS `toFixed`/`toExponential` are exact except that they break exact ties upward
 * (ECMA-262: "pick the larger n"), where Python rounds half to even. So we take the fast engine result
 * and repair it in the only case it can differ: an exact tie whose kept last digit is even. A tie is
 * detected from the double's bits (a double with k fractional bits has exactly k fractional decimal
 * digits, the last one a 5). Out of the engine's range (precision > 100, |x| ≥ 1e21 for fixed, ties on
 * integers ≥ 2^53) we fall back to exact BigInt arithmetic, which is also the reference in the tests.
 */

/** Digits without leading or trailing zeros; the value is 0.DIGITS × 10^decpt. `''` means zero. */
export interface Digits {
  digits: string;
  decpt: number;
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = LITTLE_ENDIAN ? 0 : 1;
const HI = LITTLE_ENDIAN ? 1 : 0;

function ctz32(v: number): number {
  return 31 - Math.clz32(v & -v);
}

const POW10: number[] = [];
for (let i = 0; i <= 22; i++) POW10.push(10 ** i);
const ZEROS: string[] = [];
for (let i = 0; i <= 16; i++) ZEROS.push('0'.repeat(i));

/** Scaled values below this keep an ulp of at most 2^-10, far below the half-unit window we need. */
const FAST_LIMIT = 2 ** 43;

/**
 * A correctly rounded y lies within ulp(y)/2 ≤ y·2^-53 of the exact value, so when y's fraction is
 * farther than y·2^-50 (eight times that) from .5, rounding y rounds the exact value the same way. Ties
 * and near ties (within the window) go to the exact path; so few values do that it is not measurable.
 */
const NEAR_TIE = 2 ** -50;

/**
 * `round(ax·10^p)` (half-even on the exact value) by one multiplication, when it provably agrees with
 * exact rounding (the common case); -1 when the exact path must decide.
 * Why: `toFixed` costs ~300 ns a call, a training table formats 25 cells a row. `y = ax·10^p` is one
 * correctly rounded product (10^p is exact for p ≤ 22), so |y − exact| ≤ ulp(y)/2 ≤ 2^-11 below 2^43.
 * Unless y's fraction lies near .5 (see NEAR_TIE; ties and near-ties go to the exact path), rounding y
 * rounds the exact value the same way.
 */
function fastRounded(ax: number, p: number): number {
  if (p > 15) return -1;
  const y = ax * POW10[p]!;
  if (!(y < FAST_LIMIT)) return -1;
  const floor = Math.floor(y);
  const frac = y - floor; // exact
  if (Math.abs(frac - 0.5) <= y * NEAR_TIE) return -1;
  return frac < 0.5 ? floor : floor + 1;
}

/** fastRounded as fixed notation (no sign), or null. */
function fastFixed(ax: number, p: number): string | null {
  const n = fastRounded(ax, p);
  if (n < 0) return null;
  const digits = String(n); // plain digits: n < 2^43
  if (p === 0) return digits;
  const point = digits.length - p;
  return point > 0 ? digits.slice(0, point) + '.' + digits.slice(point) : '0.' + ZEROS[-point]! + digits;
}

/** The doubles nearest 10^k for k in -300..300, at index k + 300. */
const NEAR_POW10: number[] = [];
for (let k = -300; k <= 300; k++) NEAR_POW10.push(Number(`1e${k}`));

/**
 * floor(log10(ax)) for normal ax in (1e-290, 1e290), give or take one (fastSignificand checks and
 * corrects it): the binary exponent times log10(2) (78913 / 2^18, exact floor for |e2| < 2^11), then
 * one comparison with the next power of ten. Why: Math.log10 costs 15–30 ns a cell, this ~10.
 */
function decimalExponent(ax: number): number {
  f64[0] = ax;
  const e2 = ((u32[HI]! >>> 20) & 0x7ff) - 1023;
  const exp = (e2 * 78913) >> 18;
  return ax >= NEAR_POW10[exp + 301]! ? exp + 1 : exp;
}

/** The decimal exponent of the last fastSignificand result (a module variable: no allocation). */
export let fastExponent = 0;

/**
 * `n` ≤ 12 significant digits by one multiplication or division by an exact power of ten, under the
 * same argument as fastFixed: the integer m in [10^(n-1), 10^n), the value being m × 10^(fastExponent-n+1)
 * (so d.ddd × 10^fastExponent); -1 when the exact path must decide.
 */
function fastSignificand(ax: number, n: number): number {
  if (n > 12 || !(ax > 1e-290 && ax < 1e290)) return -1;
  let exp = decimalExponent(ax);
  const low = POW10[n - 1]!;
  const high = POW10[n]!;
  let y = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    const k = n - 1 - exp;
    if (k > 22 || k < -22) return -1;
    y = k >= 0 ? ax * POW10[k]! : ax / POW10[-k]!;
    if (y < low) exp--;
    else if (y >= high) exp++;
    else break;
  }
  if (!(y >= low && y < high)) return -1;
  const floor = Math.floor(y);
  const frac = y - floor;
  if (Math.abs(frac - 0.5) <= y * NEAR_TIE) return -1;
  const m = frac < 0.5 ? floor : floor + 1;
  if (m === high) {
    fastExponent = exp + 1;
    return low;
  }
  fastExponent = exp;
  return m;
}

/** fastSignificand as exactly `n` digits (trailing zeros kept), or null. */
export function fastSignificantText(ax: number, n: number): string | null {
  const m = fastSignificand(ax, n);
  return m < 0 ? null : String(m);
}

function fastSignificant(ax: number, n: number): Digits | null {
  const text = fastSignificantText(ax, n);
  return text === null ? null : strip(text, fastExponent + 1);
}

/** Number of binary (= decimal) fractional digits of a finite, non-negative double; 0 for integers. */
export function fractionalDigits(ax: number): number {
  f64[0] = ax;
  const lo = u32[LO]!;
  const hi = u32[HI]!;
  const expBits = (hi >>> 20) & 0x7ff;
  const mantHi = (hi & 0xfffff) | (expBits === 0 ? 0 : 0x100000);
  if (lo === 0 && mantHi === 0) return 0;
  const e2 = expBits === 0 ? -1074 : expBits - 1075;
  const tz = lo !== 0 ? ctz32(lo) : 32 + ctz32(mantHi);
  const fd = -(e2 + tz);
  return Math.max(fd, 0);
}

/** Exact decimal expansion of a finite, non-negative double (BigInt; slow, exact). */
export function exactDigits(ax: number): Digits {
  if (ax === 0) return { digits: '', decpt: 1 };
  f64[0] = ax;
  const lo = u32[LO]!;
  const hi = u32[HI]!;
  const expBits = (hi >>> 20) & 0x7ff;
  const mantHi = (hi & 0xfffff) | (expBits === 0 ? 0 : 0x100000);
  const e2 = expBits === 0 ? -1074 : expBits - 1075;
  const m = (BigInt(mantHi) << 32n) | BigInt(lo);
  let text: string;
  let scale = 0;
  if (e2 >= 0) {
    text = (m << BigInt(e2)).toString();
  } else {
    text = (m * 5n ** BigInt(-e2)).toString();
    scale = -e2;
  }
  return strip(text, text.length - scale);
}

function strip(text: string, decpt: number): Digits {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === 48) start++;
  let end = text.length;
  while (end > start && text.charCodeAt(end - 1) === 48) end--;
  if (start === end) return { digits: '', decpt: 1 };
  return { digits: text.slice(start, end), decpt: decpt - start };
}

/** Rounds exact digits to `keep` digits (half to even). */
export function roundDigits(d: Digits, keep: number): Digits {
  const { digits, decpt } = d;
  if (keep >= digits.length) return d;
  if (keep < 0) return { digits: '', decpt };
  const first = digits.charCodeAt(keep);
  let up: boolean;
  if (first !== 53) up = first > 53;
  else if (digits.length > keep + 1)
    up = true; // digits has no trailing zeros: something follows the 5
  else up = keep > 0 && (digits.charCodeAt(keep - 1) & 1) === 1; // exact tie: to even
  let kept = digits.slice(0, keep);
  if (!up) return strip(kept, decpt);
  let i = kept.length - 1;
  while (i >= 0 && kept.charCodeAt(i) === 57) i--;
  if (i < 0) return { digits: '1', decpt: decpt + 1 };
  kept = kept.slice(0, i) + String.fromCharCode(kept.charCodeAt(i) + 1);
  return { digits: kept, decpt };
}

/** `x` rounded to `precision` decimals, exact; as `toFixed` prints it (no sign). */
export function fixedExact(ax: number, precision: number): Digits {
  const exact = exactDigits(ax);
  return roundDigits(exact, exact.decpt + precision);
}

/** `x` rounded to `n` significant digits, exact. */
export function significantExact(ax: number, n: number): Digits {
  return roundDigits(exactDigits(ax), n);
}

function decrementLast(s: string): string {
  return s.slice(0, -1) + String.fromCharCode(s.charCodeAt(s.length - 1) - 1);
}

/**
 * `ax.toFixed(precision)` with Python's rounding, or null when the engine cannot do it
 * (caller then uses the exact path).
 */
export function toFixedHalfEven(ax: number, precision: number): string | null {
  const fast = fastFixed(ax, precision);
  if (fast !== null) return fast;
  if (precision > 100 || !(ax < 1e21)) return null;
  let s = ax.toFixed(precision);
  if (fractionalDigits(ax) === precision + 1 && (s.charCodeAt(s.length - 1) & 1) === 1) {
    // Exact tie rounded up from an even digit: Python keeps the even digit (no carry is possible).
    s = decrementLast(s);
  }
  return s;
}

/** `n` significant digits (n ≥ 1) of a finite positive double, half-even. */
export function significantDigits(ax: number, n: number): Digits {
  const fast = fastSignificant(ax, n);
  if (fast !== null) return fast;
  if (n > 101) return significantExact(ax, n);
  const s = ax.toExponential(n - 1);
  const ePos = s.indexOf('e');
  const exp = Number(s.slice(ePos + 1));
  let mantissa = n === 1 ? s.slice(0, ePos) : s[0] + s.slice(2, ePos);
  if ((mantissa.charCodeAt(mantissa.length - 1) & 1) === 1) {
    // The engine breaks ties upward; repair an exact tie whose kept digit was even.
    const fd = fractionalDigits(ax);
    let tie: boolean;
    if (fd > 0) tie = exp - n === -fd;
    else if (ax < 9007199254740992) {
      const k = exp - n; // position of the first dropped digit
      tie = k >= 0 && ax % POW10[k + 1]! === 5 * POW10[k]!;
    } else return significantExact(ax, n);
    if (tie) mantissa = decrementLast(mantissa);
  }
  return strip(mantissa, exp + 1);
}

/**
 * Shortest digits that read back to the same double: Python's repr and JS `String(x)` choose the same
 * digits (shortest, then closest); only the layout differs, which formatShort redoes.
 */
export function shortestDigits(ax: number): Digits {
  const s = String(ax);
  const ePos = s.indexOf('e');
  if (ePos >= 0) {
    const mantissa = s.charCodeAt(1) === 46 ? s[0] + s.slice(2, ePos) : s.slice(0, ePos);
    return strip(mantissa, Number(s.slice(ePos + 1)) + 1);
  }
  const dot = s.indexOf('.');
  return dot < 0 ? strip(s, s.length) : strip(s.slice(0, dot) + s.slice(dot + 1), dot);
}

/** Digits of `ax` rounded to `precision` decimals (Python's dtoa mode 3). */
export function fixedDigits(ax: number, precision: number): Digits {
  const s = toFixedHalfEven(ax, precision);
  if (s === null) return fixedExact(ax, precision);
  const dot = s.indexOf('.');
  const text = dot < 0 ? s : s.slice(0, dot) + s.slice(dot + 1);
  return strip(text, dot < 0 ? s.length : dot);
}
