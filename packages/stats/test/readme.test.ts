import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeOutput } from '../../../scripts/readme-examples.js';
import * as api from '../src/index.js';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const tsx = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
).href;
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((match) => match[1] ?? '')
  .filter((code) => code.includes("from '@evidence/stats'"));

const folder = mkdtempSync(join(tmpdir(), 'stats-readme-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('README', () => {
  it('has a runnable example of every public function', () => {
    const functions = Object.entries(api)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name);
    const missing = functions.filter(
      (name) => !examples.some((code) => new RegExp(`\\b${name}\\b`).test(code)),
    );
    expect(missing).toEqual([]);
  });

  // Each example runs in a fresh process and must print exactly its `// → ` lines.
  examples.forEach((code, index) => {
    it(`example ${index + 1} runs and prints what it says`, () => {
      const file = join(folder, `example-${index + 1}.mts`);
      writeFileSync(file, code.replaceAll("'@evidence/stats'", JSON.stringify(entry)));
      const out = nodeOutput(['--import', tsx, file], { cwd: folder });
      const expected = code.split('\n').flatMap((line) => {
        const at = line.indexOf('// → ');
        return at === -1 ? [] : [line.slice(at + '// → '.length)];
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(out.trimEnd().split('\n')).toEqual(expected);
    });
  });
});
