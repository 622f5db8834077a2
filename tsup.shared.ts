import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Options } from 'tsup';
// biome-ignore lint/correctness/useImportExtensions: a plain .mjs script (shared with the tarball tests), named as it is
import { writeThirdPartyNotices } from './scripts/third-party-notices.mjs';

/**
 * The build every package shares: ESM + CJS + .d.ts for Node 20, behind the package's exports map; then
 * dist/THIRD-PARTY-NOTICES.md with the licence of every third-party file the bundle holds. The source maps
 * stay in the repository's dist/ (the tarballs leave them out: they were half their size), so the shipped
 * JavaScript carries no `//# sourceMappingURL` comment pointing at a map it does not have.
 */
export function packageBuild(options: Options = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    shims: true,
    onSuccess: async () => {
      writeThirdPartyNotices(process.cwd());
      dropSourceMapComments(join(process.cwd(), 'dist'));
    },
    ...options,
  });
}

/** Removes the `//# sourceMappingURL=<file>.map` line tsup ends every chunk with (it always adds one). */
function dropSourceMapComments(dist: string): void {
  for (const name of readdirSync(dist, { recursive: true }).map(String)) {
    if (!/\.(c|m)?js$/.test(name)) continue;
    const file = join(dist, name);
    const text = readFileSync(file, 'utf8');
    const without = text.replace(/\n\/\/# sourceMappingURL=[^\n/]+\.map\s*$/, '\n');
    if (without !== text) writeFileSync(file, without);
  }
}
