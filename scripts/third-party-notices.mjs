/**
 * The licences of third-party code a package's build bundles into dist/, written to
 * dist/THIRD-PARTY-NOTICES.md so the published tarball carries them (MIT and its kin require the notice
 * to travel with every copy). Hand-written: the one esbuild plugin for this has ~1,500 weekly downloads,
 * and the bundle already names every file it holds (source maps and esbuild's path comments).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** `…/node_modules/<name>/…` or `…/node_modules/@scope/<name>/…`: the package folder holding a file. */
const MODULE_PATH = /^(.*[\\/]node_modules[\\/])((?:@[^\\/]+[\\/])?[^\\/@.][^\\/]*)[\\/]/;

/** Every file esbuild put into dist's JavaScript, as absolute paths: from the source maps and path comments. */
export function bundledFiles(distDir) {
  const files = new Set();
  for (const name of readdirSync(distDir)) {
    const file = join(distDir, name);
    if (name.endsWith('.map')) {
      const map = JSON.parse(readFileSync(file, 'utf8'));
      for (const source of map.sources ?? []) files.add(resolve(distDir, map.sourceRoot ?? '', source));
    } else if (/\.(c|m)?js$/.test(name)) {
      // esbuild's unminified output opens each bundled file with `// <path relative to the cwd>`.
      for (const [, path] of readFileSync(file, 'utf8').matchAll(/^\/\/ (\S*node_modules\S*)$/gm))
        files.add(resolve(dirname(distDir), path));
    }
  }
  return [...files];
}

/** The third-party packages whose code is in dist/: name, version, licence and the licence file's text. */
export function bundledPackages(distDir) {
  const packages = new Map();
  for (const file of bundledFiles(distDir)) {
    const match = MODULE_PATH.exec(file); // greedy: the innermost node_modules (pnpm nests them)
    if (!match) continue;
    const root = match[1] + match[2];
    if (packages.has(root)) continue;
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const licenseFile = readdirSync(root).find((name) => /^(licen[cs]e|copying)(\.md|\.txt)?$/i.test(name));
    if (!licenseFile) throw new Error(`${root}: bundled into ${distDir}, but it has no LICENSE file to ship`);
    packages.set(root, {
      name: pkg.name,
      version: pkg.version,
      license: typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see below'),
      text: readFileSync(join(root, licenseFile), 'utf8').trim(),
    });
  }
  return [...packages.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Writes dist/THIRD-PARTY-NOTICES.md for a package folder, or removes it when nothing is bundled. */
export function writeThirdPartyNotices(packageDir) {
  const distDir = join(packageDir, 'dist');
  const target = join(distDir, 'THIRD-PARTY-NOTICES.md');
  const packages = bundledPackages(distDir);
  if (packages.length === 0) {
    if (existsSync(target)) rmSync(target);
    return packages;
  }
  const { name } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const sections = packages.map(
    (pkg) => `## ${pkg.name} ${pkg.version} (${pkg.license})\n\n\`\`\`text\n${pkg.text}\n\`\`\`\n`,
  );
  writeFileSync(
    target,
    `# Third-party notices\n\n${name}'s dist/ bundles code from the packages below; each is under its own ` +
      `licence, reproduced here.\n\n${sections.join('\n')}`,
  );
  return packages;
}
