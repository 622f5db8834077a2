/**
 * The repository README's TypeScript examples run as written on Node 20 (no `await using`, no transpiler
 * features) and print what their `// → ` comments show (`…` elides, as in the CLI README's examples).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  runExample,
  shownMismatch,
  shownOutput,
  typescriptExamples,
} from '../../../scripts/readme-examples.js';
import { cliRoot } from './helpers.js';

const repoRoot = join(cliRoot, '..', '..');
const examples = typescriptExamples(join(repoRoot, 'README.md'));

/** What the examples presume: a Stable-Baselines3 log folder and a folder of CleanRL runs. */
function setup(cwd: string): void {
  const fixtures = join(repoRoot, 'packages', 'sources', 'test', 'fixtures');
  cpSync(join(fixtures, 'sb3'), join(cwd, 'logs', 'ppo_cartpole'), { recursive: true });
  cpSync(join(fixtures, 'layouts', 'cleanrl', 'runs'), join(cwd, 'runs'), { recursive: true });
}

describe('the repository README', () => {
  it('has TypeScript examples', () => expect(examples.length).toBeGreaterThanOrEqual(2));
  it.each(examples)('the example at line $line runs', (example) => {
    const result = runExample(example, { setup });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const shown = shownOutput(example.code);
    if (shown.length > 0) expect(shownMismatch(shown, result.stdout)).toBeNull();
    else expect(result.stdout).toBe('');
  });

  it('shows the output of the examples that print', () => {
    expect(examples.some((example) => shownOutput(example.code).length > 0)).toBe(true);
  });
});
