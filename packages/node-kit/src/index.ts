export {
  openTempBeside,
  openTempBesideSync,
  tempNameBeside,
  writeFileAtomic,
  writeFileAtomicSync,
} from './atomic-write.js';
export { type Flushable, flushOnExit, forgetOnExit } from './exit-hooks.js';
export { checkNamePart } from './file-name.js';
export { startWorker } from './start-worker.js';
