/** The README's formatValue examples are real: each `formatValue(…); // 'expected'` line is checked. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatValue, resetFormatWarnings, setFormatWarningHandler } from '../src/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const examples = [...readme.matchAll(/^formatValue\((.*)\);\s*\/\/ '(.*?)'/gm)].map((m) => ({
  args: m[1]!,
  expected: m[2]!,
}));

describe('README examples', () => {
  it('has the examples', () => expect(examples.length).toBeGreaterThan(10));
  it.each(examples)('formatValue($args) is $expected', ({ args, expected }) => {
    const previous = setFormatWarningHandler(() => {});
    try {
      resetFormatWarnings();
      // the arguments are plain literals (numbers, strings, arrays, null, -Infinity, 1 / 3)
      const values = new Function(`return [${args}];`)() as [unknown, string];
      expect(formatValue(values[0], values[1])).toBe(expected);
    } finally {
      setFormatWarningHandler(previous);
    }
  });
});
