/**
 * The README's examples that show what they print (`// → ` lines) run as written on Node 20 and print it.
 * The training example is left to the other tests: a 20-update run is too slow for a README check.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  runExample,
  shownMismatch,
  shownOutput,
  typescriptExamples,
} from '../../../scripts/readme-examples.js';

const showing = typescriptExamples(fileURLToPath(new URL('../README.md', import.meta.url))).filter(
  (example) => shownOutput(example.code).length > 0,
);

describe('the README', () => {
  it('has an example that shows what it prints', () => expect(showing.length).toBeGreaterThan(0));

  it.each(showing)('the example at line $line prints what it shows', (example) => {
    const result = runExample(example);
    expect(result.status, result.stderr).toBe(0);
    expect(shownMismatch(shownOutput(example.code), result.stdout)).toBeNull();
  });
});
