import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

/** The Python reference trainer's real output, copied into the repo. */
export const FIXTURES = fileURLToPath(
  new URL('../../../fixtures/python-reference/evidence/', import.meta.url),
);

/** A fresh temp folder, removed after the file's tests. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'csv-log-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
