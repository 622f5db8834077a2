import { packageBuild } from '../../tsup.shared.js';

// node-kit is private: bundled, so installing @evidence/plots pulls in nothing extra
// tick-labels is its own entry: the report's page bundles it for the browser (one label rule everywhere)
export default packageBuild({
  entry: ['src/index.ts', 'src/tick-labels.ts'],
  noExternal: ['@evidence/node-kit'],
});
