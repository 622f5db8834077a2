import { packageBuild } from '../../tsup.shared';

// The bootstrap worker is its own entry, so it sits next to index.{js,cjs} where bootstrap-thread.ts looks for it.
export default packageBuild({
  entry: ['src/index.ts', 'src/bootstrap-worker.ts'],
  dts: { entry: 'src/index.ts' },
});
