import { defineConfig, type Options } from 'tsup';

/** The build every package shares: ESM + CJS + .d.ts for Node 20, behind the package's exports map. */
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
    ...options,
  });
}
