/**
 * The README's TypeScript examples that show what they print (`// → ` lines) run as written on Node 20,
 * beside a copy of the reference trainer's evidence folder (and `log.csv`, a copy of its training log),
 * and print it. Only those: running every example draws charts for about 10 s, too long for a README
 * check (they all ran when this test was written; the renderers have tests of their own).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  runExample,
  shownMismatch,
  shownOutput,
  typescriptExamples,
} from '../../../scripts/readme-examples.js';

const reference = fileURLToPath(new URL('../../../fixtures/python-reference/evidence', import.meta.url));
const examples = typescriptExamples(fileURLToPath(new URL('../README.md', import.meta.url))).filter(
  (example) => shownOutput(example.code).length > 0,
);

function setup(cwd: string): void {
  cpSync(reference, join(cwd, 'evidence'), { recursive: true });
  cpSync(join(reference, 'training_log.csv'), join(cwd, 'log.csv'));
}

describe('the README', () => {
  it('has an example that shows what it prints', () => expect(examples.length).toBeGreaterThan(0));

  it.each(examples)('the example at line $line runs and prints what it shows', (example) => {
    const result = runExample(example, { setup });
    expect(result.status, result.stderr).toBe(0);
    expect(shownMismatch(shownOutput(example.code), result.stdout)).toBeNull();
  });
});
