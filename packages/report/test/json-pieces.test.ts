import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPieces } from '../src/json-pieces.js';

const joined = (value: unknown, end = ''): string =>
  Buffer.concat([...jsonPieces(value, end)]).toString('utf8');

describe('jsonPieces: JSON.stringify(value, null, 2) in pieces', () => {
  it('is JSON.stringify(value, null, 2) to the character, for any JSON object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        expect(joined(value, '\n')).toBe(`${JSON.stringify(value, null, 2)}\n`);
      }),
    );
  });

  it('and for objects nested in objects, with what JSON leaves out (undefined, functions) left out here too', () => {
    const member = fc.oneof(
      fc.jsonValue(),
      fc.constant(undefined),
      fc.constant(() => 1),
      fc.constant(Number.NaN),
      fc.constant(Number.POSITIVE_INFINITY),
      fc.constant({ toJSON: () => 'as JSON' }),
      fc.double(), // NaN, -0, ±Infinity
      fc.array(fc.double()), // an interval: a pair of numbers
      fc.array(fc.oneof(fc.double(), fc.string())),
      fc.dictionary(fc.string(), fc.jsonValue()),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.dictionary(fc.string(), member)), (value) => {
        expect(joined(value)).toBe(JSON.stringify(value, null, 2));
      }),
    );
  });

  it('splits a large object into pieces of at most a megabyte, never one string of it all', () => {
    const rates = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, [i / 7, i / 3]]));
    const value = { pre: { n: 1 }, ci95: rates, note: null };
    const pieces = [...jsonPieces(value, '\n')];
    expect(pieces.length).toBeGreaterThan(2);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(2 ** 20);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('keeps a surrogate pair whole where a long member is cut into slices', () => {
    // emoji (two UTF-16 units each) across the slice boundaries, at every offset of the pair
    for (const pad of ['', 'x', 'xy', 'xyz']) {
      const value = { [pad]: `${pad}${'😀'.repeat(40_000)}`, nested: { s: `${'é😀'.repeat(30_000)}` } };
      expect(joined(value, '\n')).toBe(`${JSON.stringify(value, null, 2)}\n`);
    }
  });

  it('leaves out a member whose toJSON gives undefined, as JSON.stringify does', () => {
    const value = { a: 1, gone: { toJSON: () => undefined }, b: [1, 2] };
    expect(joined(value)).toBe(JSON.stringify(value, null, 2));
  });
});
