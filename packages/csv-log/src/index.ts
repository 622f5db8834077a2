export { writeFileAtomic, writeFileAtomicSync } from './atomic-files.js';
export { EvidencePaths } from './paths.js';
export { CHECKPOINT_EVALS_COLUMNS, REWARD_COMPONENTS_COLUMNS, TRAINING_LOG_COLUMNS } from './presets.js';
export { parseCell, parseNumber } from './read/cell-parse.js';
export {
  type CsvFollowBatch,
  type CsvLogFollower,
  type FollowCsvOptions,
  followCsvLog,
} from './read/follow-csv.js';
export { ACTIVE_SECONDS, endsWholeRecord, wholeLastRecord } from './read/last-line.js';
export { type LineIssue, lineIssues } from './read/line-issues.js';
export { type LoadCsvOptions, type LoadedCsvLog, loadCsvLog } from './read/load-csv.js';
export {
  type DecimatedCsvLog,
  type DecimatedCsvOptions,
  type Decimation,
  loadCsvLogDecimated,
} from './read/load-decimated.js';
export { parseNanJson } from './read/nan-json.js';
export { type CsvRow, type ReadCsvOptions, readCsvLog } from './read/read-csv.js';
export { forEachJsonl, type JsonlResult, readJsonl } from './read/read-jsonl.js';
export { type RewardHistory, readRewardHistory } from './read/reward-history.js';
export { CsvFormatError } from './read/row-check.js';
export {
  openQuote,
  readAsDataWords,
  recordPreview,
  type TornRecord,
  tornRecordWords,
  unclosedHeaderWords,
} from './read/torn-words.js';
export type { Cell, Durability, ReadIssues } from './types.js';
export { type CsvLogOptions, type CsvLogWriter, openCsvLog } from './write/csv-writer.js';
export { type JsonlLogOptions, type JsonlLogWriter, openJsonlLog } from './write/jsonl-writer.js';
