import { packageBuild } from '../../tsup.shared';

// node-kit is private: bundled in, so installing @evidence/csv-log pulls in nothing.
export default packageBuild({ noExternal: ['@evidence/node-kit'] });
