import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { Options } from 'tsup';
import { packageBuild } from '../../tsup.shared.js';

/**
 * sql.js holds a build for every target (31 MB); MLflow's SQLite store needs its Node build, 47 kB of
 * JavaScript and a 0.7 MB WebAssembly file. Those two are copied into dist/ (`.cjs`: the package is ESM)
 * and loaded from there on the first MLflow database; sql.js stays a dev dependency. The copy opens with
 * the path comment the third-party notices read, so sql.js's licence ships in THIRD-PARTY-NOTICES.md.
 */
function copySqlJs(): void {
  const loader = createRequire(import.meta.url).resolve('sql.js'); // …/sql.js/dist/sql-wasm.js
  const source = relative(process.cwd(), loader);
  writeFileSync('dist/sql-wasm.cjs', `// ${source}\n${readFileSync(loader, 'utf8')}`);
  copyFileSync(join(dirname(loader), 'sql-wasm.wasm'), 'dist/sql-wasm.wasm');
}

// @evidence/node-kit is private: bundled in, never a dependency of the published package.
const config = packageBuild({ noExternal: ['@evidence/node-kit'], external: ['sql.js'] }) as Options;
const shared = config.onSuccess as () => Promise<void>;
const build: Options = {
  ...config,
  onSuccess: async () => {
    copySqlJs();
    await shared();
  },
};
export default build;
