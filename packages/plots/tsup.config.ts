import { packageBuild } from '../../tsup.shared.js';

// node-kit is private: bundled, so installing @evidence/plots pulls in nothing extra
export default packageBuild({ noExternal: ['@evidence/node-kit'] });
