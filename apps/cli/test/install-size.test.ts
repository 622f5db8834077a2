/**
 * What `npm install @evidence/cli` puts on disk, held to 50 MB. Measured from the workspace (each
 * third-party package as installed, each of ours as `npm pack` packs it): deterministic for one lockfile,
 * so a budget here fails only when a dependency grows. `pnpm bench` prints the same figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/correctness/useImportExtensions: a plain .mjs script shared with the bench
import { installSize } from '../scripts/install-size.mjs';
import { cliRoot } from './helpers.js';

const MB = 1e6;
const sourcesDist = join(cliRoot, '..', '..', 'packages', 'sources', 'dist');

describe('the installed CLI', () => {
  it('is at most 50 MB, without the 31 MB sql.js package', () => {
    const { bytes, packages } = installSize(cliRoot);
    const names = packages.map((p) => p.name);
    expect(names).toContain('@evidence/sources');
    expect(names).not.toContain('sql.js');
    expect(
      bytes / MB,
      packages.map((p) => `${p.name} ${(p.bytes / MB).toFixed(2)}`).join('\n'),
    ).toBeLessThanOrEqual(50);
  });

  it("ships sql.js's Node build alone (loader and wasm), loaded only when an MLflow database is read", () => {
    const wasm = readFileSync(join(sourcesDist, 'sql-wasm.wasm'));
    expect(wasm.subarray(0, 4).toString('latin1')).toBe('\0asm');
    expect(wasm.length / MB).toBeLessThan(1);
    expect(readFileSync(join(sourcesDist, 'sql-wasm.cjs'), 'utf8')).toContain('initSqlJs');
    expect(readFileSync(join(sourcesDist, 'THIRD-PARTY-NOTICES.md'), 'utf8')).toMatch(
      /^## sql\.js [\d.]+ \(MIT\)$/m,
    );
    // no static import: the loader is reached through import() from the MLflow store alone
    for (const file of ['index.js', 'index.cjs']) {
      const code = readFileSync(join(sourcesDist, file), 'utf8');
      expect(code).not.toMatch(/from ["']sql\.js["']|require\(["']sql\.js["']\)|sql-wasm\.cjs["']\)\)/);
      expect(code.match(/sql-wasm\.cjs/g)).toHaveLength(1);
    }
  });
});
