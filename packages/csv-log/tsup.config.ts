import { packageBuild } from '../../tsup.shared';

// The format worker (offThread) is its own entry, so it sits next to index.{js,cjs} where
// worker-location.ts looks for it.
export default packageBuild({
  entry: ['src/index.ts', 'src/format-worker.ts'],
  dts: { entry: 'src/index.ts' },
});
