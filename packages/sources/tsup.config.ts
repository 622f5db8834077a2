import { packageBuild } from '../../tsup.shared.js';

// @evidence/node-kit is private: bundled in, never a dependency of the published package.
export default packageBuild({ noExternal: ['@evidence/node-kit'] });
