import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// biome-ignore lint/correctness/useImportExtensions: browser-script.mjs is plain JavaScript, named as it is
import { viteBrowserScript } from './packages/report/scripts/browser-script.mjs';

// Tests import sibling packages from their source, so a change in one package is seen by the
// tests of the packages that use it without a rebuild. Built output is tested by the CLI's e2e tests.
const root = fileURLToPath(new URL('.', import.meta.url));
// a subpath export (`@evidence/plots/tick-labels`) is that file of the package's source
const alias = [
  { find: /^@evidence\/([^/]+)\/([^/]+)$/, replacement: `${root}packages/$1/src/$2.ts` },
  ...readdirSync(`${root}packages`).map((dir) => ({
    find: new RegExp(`^@evidence/${dir}$`),
    replacement: `${root}packages/${dir}/src/index.ts`,
  })),
];

// @evidence/report's page script is imported as `./browser/main.js?script` (bundled for the browser as a
// string): every package whose tests reach the report's source needs the same resolution as its build.
export default defineConfig({
  plugins: [viteBrowserScript],
  resolve: { alias },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
