// The page's chart module is TypeScript in src/page/browser/, type-checked and linted like the rest; a page
// needs it as one inline script. `import text from './x.js?script'` gives that script as a string: the
// file bundled by esbuild (with uPlot) into one ES2017 IIFE. tsup (the build) and vitest (the tests) both
// resolve such imports through the plugins below, so built and tested pages carry the same script.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';

const SUFFIX = '?script';

/** The source file an import names: `./chart.js` is the TypeScript file `./chart.ts`. */
function sourceOf(dir: string, specifier: string): string {
  const path = resolve(dir, specifier.slice(0, -SUFFIX.length));
  const ts = path.replace(/\.js$/, '.ts');
  return existsSync(ts) ? ts : path;
}

/** `entry` and everything it imports as one minified IIFE for the browser. */
export async function bundleBrowserScript(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2017',
    minify: true,
    write: false,
    legalComments: 'none',
  });
  return result.outputFiles[0]?.text ?? '';
}

const asModule = (script: string): string => `export default ${JSON.stringify(script)};\n`;

/** For tsup: resolves `?script` imports to the bundled script as a string. */
export const esbuildBrowserScript: EsbuildPlugin = {
  name: 'browser-script',
  setup(builder) {
    builder.onResolve({ filter: /\?script$/ }, (args) => ({
      path: sourceOf(args.resolveDir, args.path),
      namespace: 'browser-script',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'browser-script' }, async (args) => ({
      contents: asModule(await bundleBrowserScript(args.path)),
      loader: 'js',
    }));
  },
};

/** For vitest (a Vite plugin): the same, so tests see the page exactly as built. */
export const viteBrowserScript = {
  name: 'browser-script',
  enforce: 'pre' as const,
  resolveId(specifier: string, importer: string | undefined) {
    if (!specifier.endsWith(SUFFIX) || !importer) return null;
    return `${sourceOf(resolve(importer, '..'), specifier)}${SUFFIX}`;
  },
  async load(id: string) {
    if (!id.endsWith(SUFFIX)) return null;
    return asModule(await bundleBrowserScript(id.slice(0, -SUFFIX.length)));
  },
};
