import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { parseConfig, type TrainerConfig } from '../src/config.js';

/** A fresh temporary folder for one test's evidence. */
export function tempDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `trainer-${name}-`));
}

/**
 * A config from flags as the CLI would parse them, with an environment that holds no EVIDENCE_*
 * variables from the machine running the tests (so only the flags given here apply).
 */
export function smallConfig(out: string, flags: string[] = []): TrainerConfig {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('EVIDENCE_')));
  const config = parseConfig(
    [
      '--out',
      out,
      '--updates',
      '3',
      '--batch',
      '4',
      '--eval-episodes',
      '6',
      '--checkpoint-every',
      '2',
      '--checkpoint-episodes',
      '3',
      '--quiet',
      ...flags,
    ],
    env,
  );
  if (config === 'help') throw new Error('unexpected help');
  return config;
}

/** Python's jsonschema, the independent validator of the published schemas (required on CI). */
export const jsonschema =
  spawnSync('/usr/bin/python3', ['-c', 'import jsonschema'], { stdio: 'ignore' }).status === 0;
if (!jsonschema && process.env.CI === 'true')
  throw new Error('/usr/bin/python3 with jsonschema is required on CI');
if (!jsonschema) console.warn('skipping the schema check: /usr/bin/python3 with jsonschema is missing');

/** Python's jsonschema on files, against a schema @evidence/report publishes (resolved through its exports). */
export function schemaErrors(name: string, files: string[]): unknown[] {
  const schema = createRequire(import.meta.url).resolve(`@evidence/report/schemas/${name}.schema.json`);
  const validator = fileURLToPath(
    new URL('../../../packages/report/test/validate_schema.py', import.meta.url),
  );
  const run = spawnSync('/usr/bin/python3', [validator, schema, ...files], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`validate_schema.py failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { documents: number; errors: unknown[] };
  expect(result.documents).toBeGreaterThan(0);
  return result.errors;
}
