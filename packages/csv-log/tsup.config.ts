import { packageBuild } from '../../tsup.shared.js';

// node-kit is private: bundled in, so installing @evidence/csv-log pulls in nothing.
export default packageBuild({ noExternal: ['@evidence/node-kit'] });
