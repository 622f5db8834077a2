import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNamePart } from '../src/index.js';

describe('checkNamePart', () => {
  it.each(['', '.', '..', '../../../x', 'a/b', 'a\\b', 'a\0b', 'new\nline', '/abs'])('refuses %j', (bad) => {
    expect(() => checkNamePart(bad, 'EpisodeRecorder prefix')).toThrow(
      `EpisodeRecorder prefix ${JSON.stringify(bad)} must be a plain file name part`,
    );
  });

  it('accepts every name without separators or control characters, unchanged', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s !== '.' && s !== '..' && !/[/\\\x00-\x1f\x7f]/.test(s)),
        (name) => {
          expect(checkNamePart(name, 'mode')).toBe(name);
        },
      ),
    );
  });
});
