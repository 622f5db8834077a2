import { packageBuild } from '../../tsup.shared.js';
// biome-ignore lint/correctness/useImportExtensions: browser-script.mjs is plain JavaScript, named as it is
import { esbuildBrowserScript } from './scripts/browser-script.mjs';

// @evidence/node-kit is private: bundled in, never a dependency of the published package.
// The page's chart module (src/page/browser/) is bundled for the browser and inlined as a string.
export default packageBuild({
  noExternal: ['@evidence/node-kit'],
  esbuildPlugins: [esbuildBrowserScript],
});
