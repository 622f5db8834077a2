export { type CsvLogOptions, type CsvLogWriter, openCsvLog } from './csv-writer.js';
export { EvidencePaths } from './evidence-paths.js';
export {
  type CsvFollowBatch,
  type CsvLogFollower,
  type FollowCsvOptions,
  followCsvLog,
} from './follow-csv.js';
export { type JsonlLogOptions, type JsonlLogWriter, openJsonlLog } from './jsonl-writer.js';
export { type LineIssue, lineIssues } from './line-issues.js';
export { type LoadCsvOptions, type LoadedCsvLog, loadCsvLog } from './load-csv.js';
export { CHECKPOINT_EVALS_COLUMNS, REWARD_COMPONENTS_COLUMNS, TRAINING_LOG_COLUMNS } from './presets.js';
export { type CsvRow, type ReadCsvOptions, readCsvLog } from './read-csv.js';
export { type JsonlResult, readJsonl } from './read-jsonl.js';
export { CsvFormatError } from './row-check.js';
export type { Cell, Durability, ReadIssues } from './types.js';
export { writeFileAtomic, writeFileAtomicSync } from './write-file-atomic.js';
