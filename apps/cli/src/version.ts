import { createRequire } from 'node:module';

/** Read at run time from the package's own package.json: src/ and dist/ are both one level below it. */
export function packageVersion(): string {
  const require = createRequire(import.meta.url);
  // biome-ignore lint/correctness/useImportExtensions: package.json is data, read as it is named
  return (require('../package.json') as { version: string }).version;
}
