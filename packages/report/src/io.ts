/**
 * Everything this package needs from @evidence/csv-log, in one module, typed by the shared contract.
 * Reached through the namespace so that this package builds while csv-log grows; a missing function
 * is a clear error naming it rather than an `undefined is not a function`.
 */
import * as csvLog from '@evidence/csv-log';

export interface ReadIssues {
  torn: { line: number; text: string } | null;
  skipped: { line: number; reason: string }[];
}

export interface LoadedCsvLog {
  path: string;
  header: string[];
  rowCount: number;
  columns: Record<string, Float64Array | (string | null)[]>;
  numeric(name: string): Float64Array;
  has(name: string): boolean;
  issues: ReadIssues;
}

export interface JsonlResult<T = Record<string, unknown>> {
  path: string;
  records: T[];
  issues: ReadIssues;
}

export interface EvidencePathsLike {
  readonly root: string;
  readonly trainingLog: string;
  readonly rewardComponents: string;
  readonly checkpointEvals: string;
  readonly preEval: string;
  readonly postEval: string;
  readonly trainingCurvePng: string;
  readonly rewardComponentsPng: string;
  readonly checkpointProgressionPng: string;
  readonly beforeAfterSummaryPng: string;
  readonly rewardDistributionPng: string;
  readonly beforeAfterMetrics: string;
  readonly sampleTrajectories: string;
  readonly indexHtml: string;
  readonly reportMd: string;
  readonly curvesRoot: string;
  readonly animationsRoot: string;
}

interface CsvLogContract {
  loadCsvLog(path: string, options?: { strict?: boolean; dedupeBy?: string }): Promise<LoadedCsvLog>;
  readJsonl<T = Record<string, unknown>>(path: string): Promise<JsonlResult<T>>;
  writeFileAtomic(path: string, data: string | Uint8Array): Promise<void>;
  EvidencePaths: new (root: string) => EvidencePathsLike;
}

function need<K extends keyof CsvLogContract>(name: K): CsvLogContract[K] {
  const value = (csvLog as unknown as Partial<CsvLogContract>)[name];
  if (value === undefined) throw new Error(`@evidence/csv-log does not export ${name}`);
  return value as CsvLogContract[K];
}

export const loadCsvLog: CsvLogContract['loadCsvLog'] = (path, options) => need('loadCsvLog')(path, options);
export const readJsonl = <T = Record<string, unknown>>(path: string): Promise<JsonlResult<T>> =>
  need('readJsonl')<T>(path);
export const evidencePaths = (root: string): EvidencePathsLike => new (need('EvidencePaths'))(root);

/** Atomic write (temp file in the same folder, then rename) of text or bytes. */
export function writeTextAtomic(path: string, data: string | Uint8Array): Promise<void> {
  return need('writeFileAtomic')(path, data);
}
