// Numbers written straight into bytes, as the same text formatNumber gives (shortest round-trip digits,
// laid out as JavaScript's Number#toString does; Python's nan, inf, -inf).
//
// Why hand-written: String(double) costs ~150-200 ns here (a heap string, V8's number-string cache, then
// concatenation and UTF-8 encoding when written), six to eight times per training-log row; it was most
// of the time of an append. This writes the digits into the output buffer directly: ~100 ns for a
// full-precision double, ~40 ns for a short decimal (measured with the bench's row values). The digits
// come from the value times a power of ten in double-double arithmetic (~104 bits, far more than the
// 57 bits a 17-digit decimal needs); whenever that result is within 1e-6 of a decision boundary (an end
// of the round-trip interval, or a tie between two candidates), it defers to String(value), so the text
// is always exactly String's. test/number-ascii.test.ts checks that on millions of values.

import { doubleView, doubleWords, HIGH_WORD, LOW_WORD } from './double-words.js';
import { MIN_SCALE, POW2_OFFSET, pow2, powersOfTen, productLow, timesPowerOfTen } from './powers-of-ten.js';

const TWO_52 = 4503599627370496;
const TWO_53 = 9007199254740992;
/** How close (in units of the 17th digit) to a boundary the fast path trusts itself; 1e-6 ≫ its error (~1e-8). */
const EPS = 1e-6;
/** The fast path's range; beyond it (never seen in a training log) String does the work. */
const MIN_FAST = 1e-180;
const MAX_FAST = 1e180;
const LOG10_2 = 0.3010299956639812;

/** Scratch for the rare layouts (exponent form): a Buffer like the output, so one kind of array is seen. */
const digits = Buffer.alloc(20);

/**
 * Writes the text of `value` (exactly formatNumber's) at `at`; returns the end. The caller leaves at
 * least 32 bytes of room (the longest text, "-2.2250738585072014e-308", has 24).
 */
export function writeNumberAscii(bytes: Uint8Array, at: number, value: number): number {
  if (Number.isNaN(value)) {
    bytes[at] = 110; // nan
    bytes[at + 1] = 97;
    bytes[at + 2] = 110;
    return at + 3;
  }
  let x = value;
  if (x < 0) {
    bytes[at++] = 45; // -
    x = -x;
  } else if (x === 0) {
    if (1 / x < 0) bytes[at++] = 45; // -0
    bytes[at] = 48;
    return at + 1;
  }
  if (x === Number.POSITIVE_INFINITY) {
    bytes[at] = 105; // inf
    bytes[at + 1] = 110;
    bytes[at + 2] = 102;
    return at + 3;
  }
  if (x < TWO_53 && Math.floor(x) === x) return writeInteger(bytes, at, x);
  const end = x >= MIN_FAST && x <= MAX_FAST ? writeShortest(bytes, at, x) : -1;
  return end >= 0 ? end : writeLatin1(bytes, at, String(x));
}

/** A whole number below 2^53. */
function writeInteger(bytes: Uint8Array, at: number, x: number): number {
  if (x < 1e8) return writeUint32(bytes, at, x, countDigits(x));
  const high = Math.floor(x / 1e8);
  const end = writeUint32(bytes, at, high, countDigits(high));
  return writeUint32(bytes, end, x - high * 1e8, 8);
}

function countDigits(n: number): number {
  if (n < 1e4) return n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : 4;
  if (n < 1e8) return n < 1e5 ? 5 : n < 1e6 ? 6 : n < 1e7 ? 7 : 8;
  return n < 1e9 ? 9 : 10;
}

/** "00" … "99" as byte pairs: two digits per division. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[2 * i] = 48 + Math.floor(i / 10);
  PAIRS[2 * i + 1] = 48 + (i % 10);
}

/** `count` digits of n (< 2^31), zero-padded on the left. Int32 arithmetic only (`| 0`): no float division. */
function writeUint32(bytes: Uint8Array, at: number, n: number, count: number): number {
  let rest = n | 0;
  let i = at + count;
  while (i - at >= 2) {
    const q = (rest / 100) | 0;
    const pair = (rest - q * 100) << 1;
    bytes[--i] = PAIRS[pair + 1] as number;
    bytes[--i] = PAIRS[pair] as number;
    rest = q;
  }
  if (i > at) bytes[at] = 48 + rest;
  return at + count;
}

function writeLatin1(bytes: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** The shortest round-trip digits of a positive x in the fast range, or -1 when String must decide. */
function writeShortest(bytes: Uint8Array, at: number, x: number): number {
  const powers = powersOfTen();
  const hiTable = powers.hi;
  doubleView[0] = x;
  const high = doubleWords[HIGH_WORD] as number;
  const biased = high >>> 20;
  const f = (high & 0xfffff) * 4294967296 + (doubleWords[LOW_WORD] as number) + TWO_52; // x = f · 2^e
  const e = biased - 1075;

  // 10^k ≤ x < 10^(k+1): from the binary exponent, then one comparison (the loop below mends a miss)
  let k = Math.floor((e + 52) * LOG10_2);
  if (x >= (hiTable[k + 1 - MIN_SCALE] as number)) k++;

  // A decimal of at most 15 digits that reads back as x is the only one (DBL_DIG): then it is the answer.
  const shift = 14 - k;
  if (shift >= 0 && shift <= 22) {
    const power = hiTable[shift - MIN_SCALE] as number; // exact up to 10^22
    const whole = x * power;
    if (Math.floor(whole) === whole && whole / power === x)
      return writeScaledInteger(bytes, at, whole, shift);
  }

  // v = x · 10^scale in [1e16, 1e17) as vHigh + vLow: 17 digits before the point
  let scale = 16 - k;
  let vHigh = 0;
  let vLow = 0;
  let i = 0;
  for (let tries = 0; ; tries++) {
    i = scale - MIN_SCALE;
    if (tries > 2 || i < 0 || i >= hiTable.length) return -1;
    vHigh = timesPowerOfTen(x, 0, i);
    vLow = productLow[0] as number;
    if (vHigh < 1e16) scale++;
    else if (vHigh >= 1e17) scale--;
    else break;
  }
  // Half the gap to the neighbouring doubles, in the same units; the one below is closer at a power of two.
  const up = (hiTable[i] as number) * (pow2[e - 1 + POW2_OFFSET] as number);
  const down = f === TWO_52 ? up / 2 : up;

  // v = top·1e8 + rest: top's 9 digits are certain; rest (< 1e8, with its fraction) is where the choice is
  let top = Math.floor(vHigh / 1e8);
  let rest = vHigh - top * 1e8 + vLow; // top·1e8 is exact (top < 2^30, 1e8 = 390625·2^8)
  if (rest < 0) {
    top--;
    rest += 1e8;
  } else if (rest >= 1e8) {
    top++;
    rest -= 1e8;
  }
  // Every decimal in [lowEnd, highEnd] reads back as x. Its whole numbers are a … b.
  const lowEnd = rest - down;
  const highEnd = rest + up;
  const a = Math.ceil(lowEnd);
  const gapA = a - lowEnd;
  if (gapA < EPS || gapA > 1 - EPS) return -1;
  const b = Math.floor(highEnd);
  const gapB = highEnd - b;
  if (gapB < EPS || gapB > 1 - EPS || a > b) return -1;

  // The fewest digits: the largest power of ten p with a multiple in [a, b]. Int32 arithmetic (|a|, |b|
  // < 2^31), and divisions by constants (multiplies): 10 and 100 first, since a value that reaches here
  // has 16 or 17 digits (15 or fewer took the path above) unless it lies outside that path's range.
  const a32 = a | 0;
  const b32 = b | 0;
  let p = 1;
  if (b32 - (b32 % 10) >= a32) {
    p = 10;
    if (b32 - (b32 % 100) >= a32) {
      p = 100;
      while (p < 1e8 && b32 - (b32 % (p * 10)) >= a32) p *= 10;
    }
  }
  let restDigits: number;
  if (p === 1e8) {
    top += b32 >= 1e8 ? 1 : 0; // the one multiple of 1e8 in the interval (it is < 34 wide)
    restDigits = 0;
  } else {
    // of those multiples, the one nearest to v (as Number#toString chooses)
    const whole = Math.floor(rest) | 0;
    const below = p === 1 ? whole : p === 10 ? whole - (whole % 10) : whole - (whole % p);
    const past = rest - below;
    const half = p === 1 ? 0.5 : p >> 1;
    if (past - half < EPS && past - half > -EPS) return -1;
    let chosen = past > half ? below + p : below;
    if (chosen > b32) chosen -= p;
    else if (chosen < a32) chosen += p;
    if (chosen >= 1e8) {
      top++;
      chosen -= 1e8;
    } else if (chosen < 0) {
      top--;
      chosen += 1e8;
    }
    restDigits = chosen;
  }

  return writeDigits(bytes, at, top, countDigits(top), restDigits, 8, countDigits(top) + 8 - scale);
}

/** x = whole · 10^-shift, whole < 2^53 a whole number of at most 16 digits. */
function writeScaledInteger(bytes: Uint8Array, at: number, whole: number, shift: number): number {
  const high = Math.floor(whole / 1e8);
  if (high === 0) {
    const count = countDigits(whole);
    return writeDigits(bytes, at, 0, 0, whole, count, count - shift);
  }
  const count = countDigits(high);
  return writeDigits(bytes, at, high, count, whole - high * 1e8, 8, count + 8 - shift);
}

/**
 * Writes the decimal whose digits are high's (highCount of them) then low's (lowCount, zero-padded),
 * trailing zeros dropped, with the point after n digits, laid out as Number#toString does. The two
 * common layouts write the digits in place; the rest go through layOut.
 */
function writeDigits(
  bytes: Uint8Array,
  at: number,
  high: number,
  highCount: number,
  low: number,
  lowCount: number,
  n: number,
): number {
  if (n > 0 && n <= 21) {
    // digits one byte to the right, then the first n moved left over the point's place
    const first = at + 1;
    writeUint32(bytes, first, high, highCount);
    let end = writeUint32(bytes, first + highCount, low, lowCount);
    while (bytes[end - 1] === 48) end--;
    for (let i = 0; i < n; i++) bytes[at + i] = bytes[first + i] as number;
    if (end - first > n) {
      bytes[at + n] = 46; // .
      return end;
    }
    for (let i = end - 1; i < at + n; i++) bytes[i] = 48; // a whole number: zeros up to the point
    return at + n;
  }
  if (n <= 0 && n > -6) {
    bytes[at] = 48; // 0.000ddd
    bytes[at + 1] = 46;
    let first = at + 2;
    for (let i = n; i < 0; i++) bytes[first++] = 48;
    writeUint32(bytes, first, high, highCount);
    let end = writeUint32(bytes, first + highCount, low, lowCount);
    while (bytes[end - 1] === 48) end--;
    return end;
  }
  writeUint32(digits, 0, high, highCount);
  let k = writeUint32(digits, highCount, low, lowCount);
  while (digits[k - 1] === 48) k--;
  return layOut(bytes, at, k, n);
}

/** Number#toString's layout of k digits with the decimal point after n of them (ECMA-262 Number::toString). */
function layOut(bytes: Uint8Array, at: number, k: number, n: number): number {
  let out = at;
  if (k <= n && n <= 21) {
    for (let d = 0; d < k; d++) bytes[out++] = digits[d] as number;
    for (let d = k; d < n; d++) bytes[out++] = 48;
  } else if (0 < n && n <= 21) {
    for (let d = 0; d < n; d++) bytes[out++] = digits[d] as number;
    bytes[out++] = 46; // .
    for (let d = n; d < k; d++) bytes[out++] = digits[d] as number;
  } else if (-6 < n && n <= 0) {
    bytes[out++] = 48;
    bytes[out++] = 46;
    for (let d = n; d < 0; d++) bytes[out++] = 48;
    for (let d = 0; d < k; d++) bytes[out++] = digits[d] as number;
  } else {
    bytes[out++] = digits[0] as number;
    if (k > 1) {
      bytes[out++] = 46;
      for (let d = 1; d < k; d++) bytes[out++] = digits[d] as number;
    }
    bytes[out++] = 101; // e
    let exponent = n - 1;
    if (exponent < 0) {
      bytes[out++] = 45;
      exponent = -exponent;
    } else bytes[out++] = 43;
    out = writeUint32(bytes, out, exponent, countDigits(exponent));
  }
  return out;
}
