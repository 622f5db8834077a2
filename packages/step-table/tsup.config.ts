import { packageBuild } from '../../tsup.shared.js';

// string-width and its helpers are ESM-only; bundling them keeps the CommonJS build working on every
// Node 20 (require(esm) only arrived in 20.19, and its default-export interop breaks tsup's CJS output).
export default packageBuild({
  noExternal: ['string-width', 'strip-ansi', 'ansi-regex', 'get-east-asian-width'],
});
