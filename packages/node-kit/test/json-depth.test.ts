import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkJsonDepth, JsonDepthError, parseJsonLimited } from '../src/index.js';

describe('checkJsonDepth', () => {
  it('refuses 200,000 levels without overflowing the stack, saying where', () => {
    const deep = `{"a":\n${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const failure = (() => {
      try {
        checkJsonDepth(deep);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(JsonDepthError);
    expect((failure as Error).message).toBe('JSON nested deeper than 1000 levels (line 2, column 1000)');
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: `\\"${'['.repeat(5000)}` });
    expect(parseJsonLimited(text)).toEqual(JSON.parse(text));
  });

  it('agrees with the real depth of any JSON value', () => {
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
        const text = JSON.stringify(value);
        const ok = depthOf(value) <= limit;
        if (ok) expect(() => checkJsonDepth(text, limit)).not.toThrow();
        else expect(() => checkJsonDepth(text, limit)).toThrow(JsonDepthError);
      }),
    );
  });
});
