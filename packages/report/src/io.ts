/** Everything this package needs from @evidence/csv-log, in one module. */
export {
  EvidencePaths,
  type JsonlResult,
  type LineIssue,
  type LoadedCsvLog,
  lineIssues,
  loadCsvLog,
  type ReadIssues,
  readJsonl,
  writeFileAtomic as writeTextAtomic,
} from '@evidence/csv-log';
