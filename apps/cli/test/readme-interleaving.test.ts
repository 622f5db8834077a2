import { describe, expect, it } from 'vitest';
import { shownInterleavingMismatch } from '../../../scripts/readme-examples.js';

// The README test compares a command's stdout and stderr, captured apart, with the lines shown.
describe('shownInterleavingMismatch', () => {
  it('accepts any interleaving that keeps each stream in its own order', () => {
    expect(shownInterleavingMismatch(['a', 'w', 'b'], 'w\n', 'a\nb\n')).toBeNull();
    expect(shownInterleavingMismatch(['a', 'b', 'w'], 'w\n', 'a\nb\n')).toBeNull();
    expect(shownInterleavingMismatch(['a', '…', 'w'], 'x\ny\nw\n', 'a\nb\n')).toBeNull();
    expect(shownInterleavingMismatch(['a …', 'w'], 'w\n', 'a 1\n')).toBeNull();
  });

  it('refuses a stream out of its order, a line not printed, or a line left unshown', () => {
    expect(shownInterleavingMismatch(['b', 'a', 'w'], 'w\n', 'a\nb\n')).toMatch(/printed on stderr:\na\nb/);
    expect(shownInterleavingMismatch(['a', 'c', 'w'], 'w\n', 'a\n')).not.toBeNull();
    expect(shownInterleavingMismatch(['a …', 'w'], 'w\n', 'a 1\nb\n')).not.toBeNull();
  });
});
