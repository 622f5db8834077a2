/**
 * Every published package as a user installs it: a licence, where its source lives, how to find it, and
 * no runtime dependency on what its build already bundles.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRoot, tempDir } from './helpers.js';

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

/** The tarball `pnpm pack` makes of a package folder, unpacked: its files under `<dir>/package/`. */
function packed(dir: string): string {
  const out = tempDir('packed');
  execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: join(repoRoot, dir), stdio: 'pipe' });
  const tarball = readdirSync(out).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${dir}`);
  execFileSync('tar', ['-xzf', join(out, tarball), '-C', out]);
  return join(out, 'package');
}

/**
 * Every third-party file the packed dist/ holds, as a path in the repository: from the build's source maps
 * (kept in the repository's dist/, left out of the tarball) of the bundles the tarball ships.
 */
function bundledThirdParty(dir: string, unpacked: string): string[] {
  const files: string[] = [];
  const shipped = readdirSync(join(unpacked, 'dist')).map((file) => `${file}.map`);
  for (const name of readdirSync(join(repoRoot, dir, 'dist')).filter((file) => shipped.includes(file))) {
    const map = JSON.parse(readFileSync(join(repoRoot, dir, 'dist', name), 'utf8')) as { sources: string[] };
    for (const source of map.sources)
      if (source.includes('node_modules/')) files.push(resolve(repoRoot, dir, 'dist', source));
  }
  return files;
}

describe('packed tarballs', () => {
  it.each(published)(
    '%s carries LICENSE and the licence of every third-party package in its dist/',
    (dir) => {
      if (!existsSync(join(repoRoot, dir, 'dist'))) throw new Error(`${dir}/dist is missing: build first`);
      const unpacked = packed(dir);
      expect(readFileSync(join(unpacked, 'LICENSE'), 'utf8')).toBe(
        readFileSync(join(repoRoot, 'LICENSE'), 'utf8'),
      );
      // source maps stay home (they were half the tarballs); the changelog travels
      expect(
        readdirSync(join(unpacked, 'dist'), { recursive: true }).filter((f) => String(f).endsWith('.map')),
      ).toEqual([]);
      // and no shipped file points at a map it does not carry
      const pointing = readdirSync(join(unpacked, 'dist'), { recursive: true })
        .map(String)
        .filter((f) => /\.(c|m)?js$/.test(f))
        .filter((f) => readFileSync(join(unpacked, 'dist', f), 'utf8').includes('//# sourceMappingURL='));
      expect(pointing).toEqual([]);
      expect(readFileSync(join(unpacked, 'CHANGELOG.md'), 'utf8')).toMatch(/^# @evidence\//);
      const roots = new Set(
        bundledThirdParty(dir, unpacked).map(
          (file) => /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1] as string,
        ),
      );
      const notices = existsSync(join(unpacked, 'dist', 'THIRD-PARTY-NOTICES.md'))
        ? readFileSync(join(unpacked, 'dist', 'THIRD-PARTY-NOTICES.md'), 'utf8')
        : '';
      for (const root of roots) {
        const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson & {
          version: string;
        };
        const licenseFile = readdirSync(root).find((name) => /^licen[cs]e(\.md|\.txt)?$/i.test(name));
        expect(licenseFile, `${pkg.name} has a licence file`).toBeDefined();
        expect(notices).toContain(`## ${pkg.name} ${pkg.version} (${pkg.license})`);
        expect(notices).toContain(readFileSync(join(root, licenseFile as string), 'utf8').trim());
      }
      // Fonts shipped as files (not bundled code) carry their licence beside them.
      for (const folder of ['fonts', 'dist'].filter((name) => existsSync(join(unpacked, name)))) {
        const files = readdirSync(join(unpacked, folder));
        if (files.some((file) => /\.(ttf|otf|woff2?)$/i.test(file)))
          expect(files.some((file) => /^licen[cs]e/i.test(file))).toBe(true);
      }
      if (dir === 'packages/step-table') {
        // The four ESM-only packages its tsup config bundles, seen in the tarball's own source maps.
        const names = [...roots].map((root) => root.split('/node_modules/').pop());
        for (const name of ['string-width', 'strip-ansi', 'ansi-regex', 'get-east-asian-width'])
          expect(names).toContain(name);
      }
    },
  );
});
