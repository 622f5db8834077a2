import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listSome } from '../src/index.js';

describe('listSome', () => {
  it('shows every name up to the limit, then the first `limit` and how many more', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9_]{1,8}$/), { maxLength: 60 }),
        fc.nat(30),
        (names, limit) => {
          const text = listSome(names, limit);
          if (names.length <= limit) expect(text).toBe(names.join(', '));
          else {
            expect(text.startsWith(names.slice(0, limit).join(', '))).toBe(true);
            expect(text.endsWith(`… and ${names.length - limit} more`)).toBe(true);
          }
        },
      ),
    );
  });

  it('100,000 names: a short line', () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `col${i}`);
    const text = listSome(names);
    expect(text).toBe(`${names.slice(0, 20).join(', ')}, … and 99,980 more`);
  });
});
