/**
 * Every published package as a user installs it: a licence, where its source lives, how to find it, and
 * no runtime dependency on what its build already bundles.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRoot } from './helpers.js';

const repoRoot = join(cliRoot, '..', '..');
const published = [
  ...readdirSync(join(repoRoot, 'packages')).map((name) => `packages/${name}`),
  'apps/cli',
].filter((dir) => {
  const file = join(repoRoot, dir, 'package.json');
  return (
    existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { private?: boolean }).private !== true
  );
});

interface PackageJson {
  name: string;
  license?: string;
  homepage?: string;
  keywords?: string[];
  repository?: { type: string; url: string; directory: string };
  dependencies?: Record<string, string>;
}

describe('published packages', () => {
  it('are all of packages/* but the private ones, and the CLI', () => {
    expect(published).toContain('apps/cli');
    expect(published).toContain('packages/csv-log');
    expect(published).not.toContain('packages/node-kit');
  });

  it.each(published)('%s has an MIT LICENSE, repository, homepage and keywords', (dir) => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as PackageJson;
    expect(pkg.license).toBe('MIT');
    const license = readFileSync(join(repoRoot, dir, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the evidence authors\n/);
    expect(pkg.repository).toEqual({
      type: 'git',
      url: 'git+https://github.com/evidence-rl/evidence.git',
      directory: dir,
    });
    expect(pkg.homepage).toBe(`https://github.com/evidence-rl/evidence/tree/main/${dir}#readme`);
    expect(pkg.keywords?.length).toBeGreaterThan(2);
  });

  it.each(published)('%s lists nothing its build bundles as a runtime dependency', (dir) => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as PackageJson;
    const tsup = readFileSync(join(repoRoot, dir, 'tsup.config.ts'), 'utf8');
    const bundled = [...(/noExternal:\s*\[([^\]]*)\]/.exec(tsup)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
      (m) => m[1]!,
    );
    for (const name of bundled) expect(Object.keys(pkg.dependencies ?? {})).not.toContain(name);
  });
});
