/** Everything this package needs from @evidence/csv-log, in one module. */
export {
  type DecimatedCsvLog,
  EvidencePaths,
  type JsonlResult,
  type LineIssue,
  type LoadedCsvLog,
  lineIssues,
  loadCsvLog,
  loadCsvLogDecimated,
  type ReadIssues,
  readJsonl,
  writeFileAtomic as writeTextAtomic,
} from '@evidence/csv-log';
