/**
 * The README's TypeScript examples run as written on Node 20, on the fixtures they name (rl-zoo's logs,
 * CleanRL's runs), and print what their `// → ` lines show.
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

const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));
const examples = typescriptExamples(fileURLToPath(new URL('../README.md', import.meta.url)));

function setup(cwd: string): void {
  cpSync(join(fixtures, 'stores', 'rl-zoo', 'logs'), join(cwd, 'logs'), { recursive: true });
  cpSync(join(fixtures, 'layouts', 'cleanrl', 'runs'), join(cwd, 'runs'), { recursive: true });
}

describe('the README', () => {
  it('has examples, and shows what one prints', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(examples.some((example) => shownOutput(example.code).length > 0)).toBe(true);
  });

  it.each(examples)('the example at line $line runs and prints what it shows', (example) => {
    const result = runExample(example, { setup });
    expect(result.status, result.stderr).toBe(0);
    const shown = shownOutput(example.code);
    if (shown.length > 0) expect(shownMismatch(shown, result.stdout)).toBeNull();
  });
});
