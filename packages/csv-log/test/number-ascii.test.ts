import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../src/cell-format.js';
import { writeNumberAscii } from '../src/number-ascii.js';

// writeNumberAscii's fast paths (whole numbers, short decimals, double-double digits) must write exactly
// formatNumber's text, which is String(value) with Python's nan/inf spellings.
const out = Buffer.alloc(64);
const written = (value: number) => out.toString('latin1', 0, writeNumberAscii(out, 0, value));

/** A double from raw bits: every exponent, subnormals, NaN payloads and infinities included. */
const fromBits = fc
  .tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff }))
  .map(([high, low]) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(0, high);
    view.setUint32(4, low);
    return view.getFloat64(0);
  });

/** What training logs hold: decimals of a few digits at any scale, float32 values, rounded timings. */
const logLike = fc.oneof(
  fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 22 })).map(([n, k]) => n / 10 ** k),
  fc.float({ noNaN: true }).map((f) => f * 1),
  fc
    .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: -30, max: 30 }))
    .map(([d, k]) => d * 10 ** k),
  fc.integer({ min: 0, max: 2 ** 53 }).map((n) => n * 2 ** 11 + 7), // whole numbers past 2^53
);

describe('writeNumberAscii', () => {
  it('writes formatNumber’s text for any double (fast-check, every bit pattern)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fromBits, logLike), (value) => {
        expect(written(value)).toBe(formatNumber(value));
      }),
      { numRuns: 100_000 },
    );
  });

  it('writes formatNumber’s text on 1,000,000 values around decision boundaries and at every scale', () => {
    const values: number[] = [Number.NaN, Infinity, -Infinity, 0, -0, Number.MIN_VALUE, Number.MAX_VALUE];
    values.push(Number.EPSILON, 2 ** 53, 2 ** 53 + 2, 2 ** 52, 1e21, 1e-7, 1e-6, 123e-9, 0.1 + 0.2);
    for (let e = -330; e <= 310; e++) {
      for (const m of [
        '1',
        '5',
        '9.999999999999999',
        '1.0000000000000002',
        '1.2345678901234567',
        '3.0000000000000004',
      ]) {
        const v = Number(`${m}e${e}`);
        values.push(v, -v, v * (1 + Number.EPSILON), v * (1 - Number.EPSILON / 2));
      }
      values.push(2 ** e, 2 ** e * (1 + Number.EPSILON), 2 ** e * (1 - Number.EPSILON / 2));
    }
    // neighbours of short decimals (x.5 ties of the shortest digits live there) and long random digits
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    while (values.length < 1_000_000) {
      const short = Math.round(random() * 1e6) / 10 ** Math.floor(random() * 12);
      values.push(short, nextUp(short), nextDown(short), random() * 10 ** Math.floor(random() * 40 - 20));
    }
    const mismatches = values.filter((v) => written(v) !== formatNumber(v));
    expect(mismatches.slice(0, 5).map((v) => [formatNumber(v), written(v)])).toEqual([]);
  });

  it('stops within the 32 bytes its callers leave, at any offset', () => {
    const buffer = Buffer.alloc(40, 0xff);
    const longest = -2.2250738585072014e-308;
    expect(writeNumberAscii(buffer, 8, longest) - 8).toBe(String(longest).length);
    expect(buffer[7]).toBe(0xff);
    expect(buffer.toString('latin1', 8, 8 + String(longest).length)).toBe(String(longest));
  });
});

function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + (x >= 0 ? 1n : -1n));
  return view.getFloat64(0);
}

function nextDown(x: number): number {
  return -nextUp(-x);
}
