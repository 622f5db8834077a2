import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, inject, it } from 'vitest';
import { shownMismatch, shownOutput } from '../../../scripts/readme-examples.js';
import { tempDir } from './helpers.js';

// Every ```ts example of the README, in order, in one folder, as a user would run it: types stripped
// (nothing else transpiled, so syntax Node 20 lacks fails here) and run by plain `node`; one with
// `// → ` lines must print exactly them.
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const examples = [...README.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
const entry = pathToFileURL(inject('csvLogEntry')).href;

describe('README examples', () => {
  const dir = tempDir();
  it('there are examples', () => expect(examples.length).toBeGreaterThan(8));
  examples.forEach((example, i) => {
    it(`example ${i + 1} runs on ${process.version}: ${example.split('\n').find((line) => line !== '' && !line.startsWith('import')) ?? ''}`, () => {
      const js = ts.transpileModule(example.replaceAll("'@evidence/csv-log'", JSON.stringify(entry)), {
        compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext },
      }).outputText;
      const file = join(dir, `example-${i + 1}.mjs`);
      writeFileSync(file, js);
      const run = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr.replace(/^\(node:\d+\) .*Warning: .*\n(\(Use .*\n)?/gm, '')).toBe('');
      // an example that shows what it prints (`// → ` lines) prints exactly that
      const shown = shownOutput(example);
      if (shown.length > 0) expect(shownMismatch(shown, run.stdout)).toBeNull();
    });
  });
});
