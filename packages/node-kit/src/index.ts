export {
  openTempBeside,
  openTempBesideSync,
  tempNameBeside,
  writeFileAtomic,
  writeFileAtomicSync,
} from './atomic-write.js';
export { type Flushable, flushOnExit, forgetOnExit } from './exit-hooks.js';
export { checkNamePart } from './file-name.js';
export { kindOf, NotRegularFileError, openInput, readInput, readInputText } from './input-file.js';
export { checkJsonDepth, JsonDepthError, MAX_JSON_DEPTH, parseJsonLimited } from './json-depth.js';
export { listSome } from './list-some.js';
export { pushAll } from './push-all.js';
export {
  parseTempName,
  processAlive,
  removeStaleTemps,
  type StaleTempOptions,
  tempName,
} from './stale-temps.js';
export { startWorker } from './start-worker.js';
export {
  collectWorkerTempFiles,
  liveTempFiles,
  registerTemp,
  releaseTemp,
  removeLiveTempFiles,
} from './temp-registry.js';
