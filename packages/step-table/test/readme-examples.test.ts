/**
 * Every TypeScript example of the README runs as written on Node 20 and exits 0, and one that shows what
 * it prints (`// → ` lines) prints exactly that. (Some write to stderr by design: the run log's console
 * lines, the warning where Python would raise.)
 */
import { describe, expect, it } from 'vitest';
import {
  runExample,
  shownMismatch,
  shownOutput,
  typescriptExamples,
} from '../../../scripts/readme-examples.js';

const examples = typescriptExamples(new URL('../README.md', import.meta.url).pathname);

describe('README examples run', () => {
  it('has the examples', () => expect(examples.length).toBeGreaterThanOrEqual(6));
  it.each(examples)('the example at README line $line', (example) => {
    const result = runExample(example);
    expect(result.status, result.stderr).toBe(0);
    const shown = shownOutput(example.code);
    if (shown.length > 0) expect(shownMismatch(shown, result.stdout)).toBeNull();
  });
});
