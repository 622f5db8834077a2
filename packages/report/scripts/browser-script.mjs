// The page's chart module is TypeScript in src/page/browser/, type-checked and linted like the rest; a page
// needs it as one inline script. `import text from './x.js?script'` gives that script as a string: the
// file bundled by esbuild (with uPlot) into one ES2017 IIFE. The build (tsup), the tests (vitest) and
// scripts run from source (node --import tsx --import ./scripts/browser-script-register.mjs) resolve such
// imports through the plugins and hooks below, so every page carries the same script.
// Plain JavaScript: Node's module hooks load this file without a TypeScript loader.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SUFFIX = '?script';

/** The source file an import names: `./chart.js` is the TypeScript file `./chart.ts`. */
function sourceOf(dir, specifier) {
  const path = resolvePath(dir, specifier.slice(0, -SUFFIX.length));
  const ts = path.replace(/\.js$/, '.ts');
  return existsSync(ts) ? ts : path;
}

/**
 * `entry` and everything it imports as one minified IIFE for the browser, headed by the licence notice of
 * every package bundled into it (uPlot's MIT notice must travel with every page that embeds uPlot).
 */
export async function bundleBrowserScript(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2017',
    minify: true,
    write: false,
    legalComments: 'none',
    metafile: true,
  });
  const script = result.outputFiles[0]?.text ?? '';
  const notices = bundledPackages(Object.keys(result.metafile.inputs)).map(packageNotice);
  return notices.length === 0 ? script : `/*! ${notices.join('\n\n')} */\n${script}`;
}

/** The folders of the npm packages among a bundle's inputs (paths relative to the working directory). */
function bundledPackages(inputs) {
  const folders = new Set();
  for (const input of inputs) {
    const parts = resolvePath(input).split(sep);
    const at = parts.lastIndexOf('node_modules');
    if (at < 0) continue;
    const scoped = parts[at + 1]?.startsWith('@');
    folders.add(parts.slice(0, at + (scoped ? 3 : 2)).join(sep));
  }
  return [...folders].sort();
}

/** `name version (homepage), licence:` and the package's licence file as written. */
function packageNotice(folder) {
  const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const file = readdirSync(folder).find((name) => /^(licen[sc]e|copying)(\.|$)/i.test(name));
  const text = file ? readFileSync(join(folder, file), 'utf8').trim() : `Licensed under ${pkg.license}.`;
  const home = pkg.homepage ?? pkg.repository?.url ?? '';
  return `${pkg.name} ${pkg.version}${home ? ` (${home})` : ''}, ${pkg.license} licence:\n\n${text.replaceAll('*/', '* /')}`;
}

const asModule = (script) => `export default ${JSON.stringify(script)};\n`;

/** For tsup (an esbuild plugin). */
export const esbuildBrowserScript = {
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

/** For vitest (a Vite plugin). */
export const viteBrowserScript = {
  name: 'browser-script',
  enforce: 'pre',
  resolveId(specifier, importer) {
    if (!specifier.endsWith(SUFFIX) || !importer) return null;
    return `${sourceOf(dirname(importer), specifier)}${SUFFIX}`;
  },
  async load(id) {
    if (!id.endsWith(SUFFIX)) return null;
    return asModule(await bundleBrowserScript(id.slice(0, -SUFFIX.length)));
  },
};

/** Node's module hooks (registered by browser-script-register.mjs). */
export async function resolve(specifier, context, next) {
  if (!specifier.endsWith(SUFFIX) || !context.parentURL) return next(specifier, context);
  const file = sourceOf(dirname(fileURLToPath(context.parentURL)), specifier);
  return { url: `${pathToFileURL(file).href}${SUFFIX}`, shortCircuit: true };
}

export async function load(url, context, next) {
  if (!url.endsWith(SUFFIX)) return next(url, context);
  const file = fileURLToPath(url.slice(0, -SUFFIX.length));
  return { format: 'module', source: asModule(await bundleBrowserScript(file)), shortCircuit: true };
}
