import { packageBuild } from '../../tsup.shared.js';

// bin.ts becomes dist/bin.js (ESM, with its shebang kept), the `evidence` executable.
export default packageBuild({ entry: ['src/index.ts', 'src/bin.ts'] });
