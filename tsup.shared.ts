import { defineConfig, type Options } from 'tsup';
// biome-ignore lint/correctness/useImportExtensions: a plain .mjs script (shared with the tarball tests), named as it is
import { writeThirdPartyNotices } from './scripts/third-party-notices.mjs';

/**
 * The build every package shares: ESM + CJS + .d.ts for Node 20, behind the package's exports map; then
 * dist/THIRD-PARTY-NOTICES.md with the licence of every third-party file the bundle holds.
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
    },
    ...options,
  });
}
