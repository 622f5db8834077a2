/** The repository README's TypeScript examples run as written on Node 20 (no `await using`, no transpiler features). */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExample, typescriptExamples } from '../../../scripts/readme-examples.js';
import { cliRoot } from './helpers.js';

const repoRoot = join(cliRoot, '..', '..');
const examples = typescriptExamples(join(repoRoot, 'README.md'));

/** What the examples presume: a Stable-Baselines3 log folder and a folder of runs. */
function setup(cwd: string): void {
  const sb3 = join(repoRoot, 'packages', 'sources', 'test', 'fixtures', 'sb3');
  cpSync(sb3, join(cwd, 'logs', 'ppo_cartpole'), { recursive: true });
  cpSync(sb3, join(cwd, 'runs', 'ppo', 'seed1'), { recursive: true });
}

describe('the repository README', () => {
  it('has TypeScript examples', () => expect(examples.length).toBeGreaterThanOrEqual(2));
  it.each(examples)('the example at line $line runs', (example) => {
    const result = runExample(example, { setup });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });
});
