import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeOutput } from '../../../scripts/readme-examples.js';
import { describeEnv } from '../src/index.js';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((match) => match[1] ?? '')
  .filter((code) => code.includes("from '@evidence/env-config'"));
const folder = mkdtempSync(join(tmpdir(), 'env-config-readme-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('README', () => {
  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(7);
  });

  // Each example runs in a fresh process with an empty environment and prints exactly its `// →` lines.
  examples.forEach((code, index) => {
    it(`example ${index + 1} runs and prints what it says`, () => {
      const file = join(folder, `example-${index + 1}.ts`);
      writeFileSync(file, code.replaceAll("'@evidence/env-config'", JSON.stringify(entry)));
      const out = nodeOutput(['--import', 'tsx', file], { env: { PATH: process.env.PATH ?? '' } });
      const expected = code.split('\n').flatMap((line) => {
        const at = line.indexOf('// → ');
        return at === -1 ? [] : [line.slice(at + '// → '.length)];
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(out.trimEnd().split('\n')).toEqual(expected);
    });
  });

  it('documents every variable with the default describeEnv reports', () => {
    const documented = Object.fromEntries(
      [...readme.matchAll(/^\| `([A-Z_]+)` *\| `([^`]+)` *\|/gm)].map((m) => [m[1], m[2]]),
    );
    const actual = Object.fromEntries(describeEnv({ env: {} }).map((row) => [row.variable, row.default]));
    expect(documented).toEqual(actual);
  });
});
