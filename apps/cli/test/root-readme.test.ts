/** The repository README's TypeScript examples run as written on Node 20 (no `await using`, no transpiler features). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExample, typescriptExamples } from '../../../scripts/readme-examples';
import { cliRoot } from './helpers.js';

const examples = typescriptExamples(join(cliRoot, '..', '..', 'README.md'));

describe('the repository README', () => {
  it('has TypeScript examples', () => expect(examples.length).toBeGreaterThanOrEqual(2));
  it.each(examples)('the example at line $line runs', (example) => {
    const result = runExample(example);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });
});
