import { packageBuild } from '../../tsup.shared.js';

// The encoding worker is its own entry, so it sits next to index.{js,cjs}, where startWorker looks for it.
// node-kit is private: bundled in, never a dependency of the published package.
export default packageBuild({
  entry: ['src/index.ts', 'src/encode-worker.ts'],
  dts: { entry: 'src/index.ts' },
  noExternal: ['@evidence/node-kit'],
});
