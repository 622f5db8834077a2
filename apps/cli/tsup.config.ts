import { packageBuild } from '../../tsup.shared.js';

// bin.ts becomes dist/bin.js (ESM, with its shebang kept), the `evidence` executable; command.ts the
// worker thread it runs the command on. node-kit is private: bundled in.
export default packageBuild({
  entry: ['src/index.ts', 'src/bin.ts', 'src/command-thread.ts'],
  noExternal: ['@evidence/node-kit'],
});
