/**
 * What `npm install @evidence/cli` puts on disk, measured from this workspace without a registry: the CLI's
 * production dependency closure, each third-party package as installed here (a package folder holds what its
 * tarball holds) and each workspace package as `npm pack` would pack it. Deterministic for one lockfile and
 * platform, so a test can hold the install to a budget and `pnpm bench` can print it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** Bytes of every file under `dir`, not descending into its own node_modules. */
function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Bytes of the files `npm pack` takes from a workspace package (its `files`, without source maps). */
function packedBytes(dir) {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out)[0].unpackedSize;
}

/** Node's lookup: the nearest node_modules/<name> above `from`, through pnpm's links. */
function resolvePackage(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return null;
  }
}

/** Every package the CLI needs at run time, with its installed bytes, biggest first. */
export function installSize(cliDir) {
  const seen = new Map();
  const visit = (dir) => {
    if (seen.has(dir)) return;
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const workspace = !dir.split(sep).includes('node_modules');
    seen.set(dir, { name: pkg.name, bytes: workspace ? packedBytes(dir) : folderBytes(dir), workspace });
    const needed = Object.keys(pkg.dependencies ?? {});
    const optional = Object.keys(pkg.optionalDependencies ?? {});
    for (const name of [...needed, ...optional]) {
      const found = resolvePackage(name, dir);
      if (found) visit(found);
      else if (!optional.includes(name)) throw new Error(`${pkg.name}: dependency ${name} is not installed`);
    }
  };
  visit(realpathSync(cliDir));
  const packages = [...seen.values()].sort((a, b) => b.bytes - a.bytes);
  return { bytes: packages.reduce((sum, p) => sum + p.bytes, 0), packages };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { bytes, packages } = installSize(join(dirname(new URL(import.meta.url).pathname), '..'));
  console.log(`@evidence/cli installed: ${(bytes / 1e6).toFixed(1)} MB in ${packages.length} packages`);
  for (const p of packages.slice(0, 10))
    console.log(`  ${(p.bytes / 1e6).toFixed(2).padStart(7)} MB  ${p.name}`);
}
