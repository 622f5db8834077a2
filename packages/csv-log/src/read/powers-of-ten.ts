// 10^s as a double-double, hi + lo (hi = the double nearest 10^s, lo = the exact rest rounded to a
// double: together ~106 bits), with hi split in halves for Dekker’s exact product; and that product,
// for the number writer (number-ascii.ts) and reader (cell-parse.ts). Built on first use with BigInt
// (~1 ms).

import { doubleView, doubleWords, HIGH_WORD, LOW_WORD } from './double-words.js';

export const MIN_SCALE = -190;
export const MAX_SCALE = 220;
/** Dekker's splitter for exact products of doubles: 2^27 + 1. */
const SPLIT = 134217729;

export interface PowersOfTen {
  /** index s − MIN_SCALE */
  hi: Float64Array;
  lo: Float64Array;
  hiHigh: Float64Array;
  hiLow: Float64Array;
}

/** 2^k for k = -1100 … 1100 at index k + POW2_OFFSET (Math.pow costs ~20 ns a call here). */
export const POW2_OFFSET = 1100;
export const pow2 = new Float64Array(2 * POW2_OFFSET + 1);
for (let k = -POW2_OFFSET; k <= POW2_OFFSET; k++) pow2[k + POW2_OFFSET] = 2 ** k;

let tables: PowersOfTen | null = null;

/** [0]: the low part of the last timesPowerOfTen product (a typed array: no object per call, and no
 * check on reading an imported `let`). */
export const productLow = new Float64Array(1);

/**
 * (high + low)·10^s, s at table index i, in double-double arithmetic (~104 bits): returns the high
 * part and leaves the low part in productLow. Dekker's exact product of high and 10^s's hi, plus the
 * terms that reach that precision (low·lo is below it).
 */
export function timesPowerOfTen(high: number, low: number, i: number): number {
  const powers = powersOfTen();
  const pHi = powers.hi[i] as number;
  const pHiHigh = powers.hiHigh[i] as number;
  const pHiLow = powers.hiLow[i] as number;
  const product = high * pHi;
  const t = SPLIT * high;
  const hHigh = t - (t - high);
  const hLow = high - hHigh;
  const error = hHigh * pHiHigh - product + hHigh * pHiLow + hLow * pHiHigh + hLow * pHiLow;
  const tail = error + high * (powers.lo[i] as number) + low * pHi;
  const sum = product + tail;
  productLow[0] = tail - (sum - product);
  return sum;
}

export function powersOfTen(): PowersOfTen {
  if (tables === null) tables = build();
  return tables;
}

function build(): PowersOfTen {
  const size = MAX_SCALE - MIN_SCALE + 1;
  const built: PowersOfTen = {
    hi: new Float64Array(size),
    lo: new Float64Array(size),
    hiHigh: new Float64Array(size),
    hiLow: new Float64Array(size),
  };
  for (let s = MIN_SCALE; s <= MAX_SCALE; s++) {
    const i = s - MIN_SCALE;
    const hi = Number(`1e${s}`); // correctly rounded
    doubleView[0] = hi;
    const exponent = ((doubleWords[HIGH_WORD] as number) >>> 20) - 1075;
    const mantissa =
      BigInt(((doubleWords[HIGH_WORD] as number) & 0xfffff) + 0x100000) * 4294967296n +
      BigInt(doubleWords[LOW_WORD] as number);
    // lo = 10^s − mantissa·2^exponent, an exact fraction a/b, rounded to a double
    const [num, den] = s >= 0 ? [10n ** BigInt(s), 1n] : [1n, 10n ** BigInt(-s)];
    const [a, b] =
      exponent >= 0
        ? [num - mantissa * (1n << BigInt(exponent)) * den, den]
        : [num * (1n << BigInt(-exponent)) - mantissa * den, den * (1n << BigInt(-exponent))];
    built.hi[i] = hi;
    built.lo[i] = fractionToNumber(a, b);
    const t = SPLIT * hi;
    const high = t - (t - hi);
    built.hiHigh[i] = high;
    built.hiLow[i] = hi - high;
  }
  return built;
}

function fractionToNumber(a: bigint, b: bigint): number {
  if (a === 0n) return 0;
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const shift = 70 + b.toString(2).length - magnitude.toString(2).length;
  const quotient = shift >= 0 ? (magnitude << BigInt(shift)) / b : magnitude / (b << BigInt(-shift));
  const value = Number(quotient) * 2 ** -shift;
  return negative ? -value : value;
}
