import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';

/** What a run writes into its evidence folder (plus its `<time>_<runId>.log`); only these are ever moved. */
const RUN_FILES = new Set([
  'training_log.csv',
  'reward_components.csv',
  'checkpoint_evals.csv',
  'pre_eval.jsonl',
  'post_eval.jsonl',
  'training_curve.png',
  'reward_components.png',
  'checkpoint_progression.png',
  'before_after_summary.png',
  'reward_distribution.png',
  'before_after_metrics.json',
  'sample_trajectories.md',
  'index.html',
  'REPORT.md',
  'report',
  'run.json',
  'curves',
  'animations',
]);

export const ARCHIVE_DIR = 'previous-runs';

/**
 * The logs are append-only, so a second run into the same folder would mix two runs in one CSV.
 * Instead of deleting (never lose logged data), the previous run's files move to
 * `<dir>/previous-runs/<time>/`. Returns that folder, or null when there was nothing to move.
 */
export function archivePreviousRun(dir: string, now = new Date()): string | null {
  if (!existsSync(dir)) return null;
  const entries = readdirSync(dir).filter(
    (name) => RUN_FILES.has(name) || /^\d{8}T\d{6}_.*\.log$/.test(name),
  );
  if (entries.length === 0) return null;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let target = join(dir, ARCHIVE_DIR, stamp);
  for (let i = 1; existsSync(target); i++) target = join(dir, ARCHIVE_DIR, `${stamp}-${i}`);
  mkdirSync(target, { recursive: true });
  for (const name of entries) renameSync(join(dir, name), join(target, name));
  return target;
}
