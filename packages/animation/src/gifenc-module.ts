import * as gifencNamespace from 'gifenc';

// gifenc is CommonJS marked __esModule: Node's ESM loader exposes it only as `default`, while
// bundlers and tsx expose the named functions. Take whichever holds them.
const namespace = gifencNamespace as unknown as typeof gifencNamespace.default & {
  default?: typeof gifencNamespace.default;
};
export const gifenc: typeof gifencNamespace.default =
  typeof namespace.GIFEncoder === 'function'
    ? namespace
    : (namespace.default as typeof gifencNamespace.default);
