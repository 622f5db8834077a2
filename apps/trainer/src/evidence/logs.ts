import { type CsvLogWriter, type EvidencePaths, openCsvLog, openJsonlLog } from '@evidence/csv-log';

// CartPole's own columns: the reference names where they mean something here (so readers of the
// reference's folders read ours), PPO's loss parts beside them, and none of the reference's domain
// columns (mass, channel, spin), which would be empty in every row.

/** `training_log.csv`: one row per PPO update. */
export const TRAINER_LOG_COLUMNS: readonly string[] = Object.freeze([
  'step',
  'epoch',
  'loss',
  'policy_loss',
  'value_loss',
  'entropy',
  'kl',
  'clip_fraction',
  'grad_norm',
  'learning_rate',
  'reward',
  'reward_std',
  'wall_time_s',
]);

/** `reward_components.csv`: one row per rollout batch; CartPole pays 1 a step, so its return is its length. */
export const TRAINER_REWARD_COLUMNS: readonly string[] = Object.freeze([
  'step',
  'n',
  'mean_cumulative',
  'mean_n_steps',
]);

/** `checkpoint_evals.csv`: one row per checkpoint evaluation; success is reaching the time limit. */
export const TRAINER_CHECKPOINT_COLUMNS: readonly string[] = Object.freeze([
  'step',
  'fraction_done',
  'episodes',
  'mean_reward',
  'success_rate',
]);

/** The three CSV logs a run appends to, one row per update (checkpoints: every K updates). */
export interface RunLogs {
  trainingLog: CsvLogWriter;
  rewardComponents: CsvLogWriter;
  checkpointEvals: CsvLogWriter;
  close(): Promise<void>;
}

/**
 * Opens the run's CSV logs with CartPole's column sets. Rows are flushed line by line so a crash
 * loses nothing; a write failure is reported through `onError` and never stops training.
 */
export function openRunLogs(paths: EvidencePaths, onError: (error: Error) => void): RunLogs {
  const options = { durability: 'line', onError } as const;
  const trainingLog = openCsvLog(paths.trainingLog, { ...options, columns: TRAINER_LOG_COLUMNS });
  const rewardComponents = openCsvLog(paths.rewardComponents, {
    ...options,
    columns: TRAINER_REWARD_COLUMNS,
  });
  const checkpointEvals = openCsvLog(paths.checkpointEvals, {
    ...options,
    columns: TRAINER_CHECKPOINT_COLUMNS,
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
