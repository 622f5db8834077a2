import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeOutput } from '../../../scripts/readme-examples.js';
import * as api from '../src/index.js';
import { FIXTURE, pythonMissing } from './helpers.js';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
// sources as report's own code imports it (its build), so an example shares report's instance of it
const sourcesEntry = join(
  dirname(createRequire(import.meta.url).resolve('@evidence/sources/package.json')),
  'dist/index.js',
);
const tsx = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
).href;
// the page script (`?script` imports) bundled when the package runs from its sources, as the build does
const register = pathToFileURL(
  fileURLToPath(new URL('../scripts/browser-script-register.mjs', import.meta.url)),
).href;
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((match) => match[1] ?? '')
  .filter((code) => code.includes("from '@evidence/report'"));

const folder = mkdtempSync(join(tmpdir(), 'report-readme-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('README', () => {
  it('is a reference of at most 400 lines (history goes to CHANGELOG.md)', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(400);
  });

  it('has a runnable example of every public function', () => {
    const functions = Object.entries(api)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name);
    const missing = functions.filter(
      (name) => !examples.some((code) => new RegExp(`\\b${name}\\b`).test(code)),
    );
    expect(missing).toEqual([]);
  });

  // Each example runs in a fresh process, next to a fresh copy of the reference folder at ./evidence,
  // and must print exactly its `// → ` lines.
  examples.forEach((code, index) => {
    it(`example ${index + 1} runs and prints what it says`, () => {
      rmSync(join(folder, 'evidence'), { recursive: true, force: true });
      cpSync(FIXTURE, join(folder, 'evidence'), { recursive: true });
      const file = join(folder, `example-${index + 1}.mts`);
      writeFileSync(
        file,
        code
          .replaceAll("'@evidence/report'", JSON.stringify(entry))
          .replaceAll("'@evidence/sources'", JSON.stringify(sourcesEntry)),
      );
      const out = nodeOutput(['--import', tsx, '--import', register, file], { cwd: folder });
      const expected = code.split('\n').flatMap((line) => {
        const at = line.indexOf('// → ');
        return at === -1 ? [] : [line.slice(at + '// → '.length)];
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(out.trimEnd().split('\n')).toEqual(expected);
    });
  });

  // The Python snippet that writes run.json runs in Python and gives a file this package reads.
  it.skipIf(pythonMissing !== null)(`the Python run.json snippet runs ${pythonMissing ?? ''}`, async () => {
    const snippet = /```python\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(snippet).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'report-readme-python-'));
    const prelude = `import time\nstarted = time.time()\ntotal_steps = 41234\nevidence_dir = ${JSON.stringify(dir)}\n`;
    execFileSync('python3', ['-c', prelude + snippet], { encoding: 'utf8' });
    const run = await api.readRunInfo(join(dir, 'run.json'));
    expect(run.state).toBe('found');
    expect(api.runTitle(run)).toBe('CartPole-v1 · PPO · seed 1');
    expect(run.state === 'found' && run.data.budget).toEqual({ updates: 30, episodes: 300, steps: 41234 });
  });
});
