import { packageBuild } from '../../tsup.shared';

// The bootstrap worker is its own entry, so it sits next to index.{js,cjs} where startWorker looks for it.
// @evidence/node-kit is private: bundled in, never a dependency of the published package.
export default packageBuild({
  entry: ['src/index.ts', 'src/bootstrap-worker.ts'],
  dts: { entry: 'src/index.ts' },
  noExternal: ['@evidence/node-kit'],
});
