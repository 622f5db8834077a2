import {
  CHECKPOINT_EVALS_COLUMNS,
  type CsvLogWriter,
  type EvidencePaths,
  openCsvLog,
  openJsonlLog,
  REWARD_COMPONENTS_COLUMNS,
  TRAINING_LOG_COLUMNS,
} from '@evidence/csv-log';

/** The three CSV logs a run appends to, one row per update (checkpoints: every K updates). */
export interface RunLogs {
  trainingLog: CsvLogWriter;
  rewardComponents: CsvLogWriter;
  checkpointEvals: CsvLogWriter;
  close(): Promise<void>;
}

/**
 * Opens the run's CSV logs with the reference column sets. Rows are flushed line by line so a crash
 * loses nothing; a write failure is reported through `onError` and never stops training.
 */
export function openRunLogs(paths: EvidencePaths, onError: (error: Error) => void): RunLogs {
  const options = { durability: 'line', onError } as const;
  const trainingLog = openCsvLog(paths.trainingLog, { ...options, columns: TRAINING_LOG_COLUMNS });
  const rewardComponents = openCsvLog(paths.rewardComponents, {
    ...options,
    columns: REWARD_COMPONENTS_COLUMNS,
  });
  const checkpointEvals = openCsvLog(paths.checkpointEvals, {
    ...options,
    columns: CHECKPOINT_EVALS_COLUMNS,
  });
  return {
    trainingLog,
    rewardComponents,
    checkpointEvals,
    async close() {
      await Promise.all([trainingLog.close(), rewardComponents.close(), checkpointEvals.close()]);
    },
  };
}

/** Writes evaluation episodes as JSON lines (pre_eval.jsonl / post_eval.jsonl). */
export async function writeEvalJsonl(
  path: string,
  records: readonly object[],
  onError: (error: Error) => void,
): Promise<void> {
  const log = openJsonlLog(path, { durability: 'buffered', onError });
  for (const record of records) log.append(record);
  await log.close();
}
