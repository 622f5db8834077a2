/** Each format's name for people and its default x and y. */
import type { Layout, SourceFormat } from './model.js';
import { chooseY, OTHER_Y_VOCABULARY, spellings, X_VOCABULARY, Y_VOCABULARY } from './roles.js';

/** A folder whose main table is of this format is the layout of that format's logger. */
export const FOLDER_LAYOUT: Partial<Record<SourceFormat, Layout>> = { 'sb3-progress': 'sb3-log' };

export const FORMAT_NAMES: Record<SourceFormat, string> = {
  'evidence-csv': 'evidence log',
  'reward-history': 'evidence reward history',
  monitor: 'SB3/baselines monitor',
  'sb3-progress': 'Stable-Baselines3 progress.csv/json',
  'sb3-evaluations': 'Stable-Baselines3 evaluations.npz',
  'baselines-progress': 'OpenAI baselines / SB2 progress.csv',
  'rllib-progress': 'RLlib / Ray Tune progress.csv',
  'rllib-result': 'RLlib / Ray Tune result.json',
  'lightning-csv': 'Lightning CSVLogger metrics.csv',
  'keras-csv': 'Keras CSVLogger',
  'hf-trainer-state': 'Hugging Face Trainer trainer_state.json',
  mlflow: 'MLflow run',
  'mlflow-sqlite': 'MLflow SQLite store',
  tensorboard: 'TensorBoard run',
  'tensorboard-csv': 'TensorBoard CSV or JSON download',
  'wandb-panel': 'W&B panel export',
  'wandb-history': 'W&B run.history() CSV',
  'wandb-run': 'W&B run file',
  'spinningup-progress': 'SpinningUp progress.txt',
  'sacred-metrics': 'sacred metrics.json',
  'd3rlpy-csv': 'd3rlpy metric files',
  'wide-table': 'table with a column per seed',
  csv: 'CSV/TSV log',
  json: 'JSON records',
  'json-arrays': 'JSON arrays by metric',
  npy: 'NumPy arrays by metric',
  jsonl: 'JSON Lines',
  'console-log': 'console log (key: value lines)',
};

/**
 * Exact spellings of the x vocabulary (roles.ts), for callers that test names as they are (`runs`
 * picks the name most runs have); the discovery itself compares normalised names.
 */
export const X_CANDIDATES = spellings(X_VOCABULARY);

/** Exact spellings of the return / reward vocabulary (roles.ts), most specific first. */
export const Y_CANDIDATES = spellings(Y_VOCABULARY);

/** A run's default y when it logs no return: what TRL (DPO, PPO), HF Trainer, Lightning and Keras log. */
export const OTHER_Y_CANDIDATES = OTHER_Y_VOCABULARY;

/**
 * The default y of a run's metric names: a return (evaluation over training, smoothed over raw), else
 * another training signal, else the first.
 */
export function defaultY(names: readonly string[], not: readonly string[] = []): string | null {
  return chooseY(names, not);
}

/** The first candidate present, or null. */
export function firstPresent(candidates: readonly string[], names: Iterable<string>): string | null {
  const have = new Set(names);
  return candidates.find((name) => have.has(name)) ?? null;
}

/** What kind of progress.csv a header is, from the keys each logger writes. */
export function progressFormat(header: readonly string[]): SourceFormat {
  const has = (name: string) => header.includes(name);
  if (has('AverageEpRet') || has('TotalEnvInteracts') || has('AverageTestEpRet'))
    return 'spinningup-progress';
  if (
    header.some((name) => /^(rollout|time|train|eval)\//.test(name)) &&
    header.some((name) => /^(rollout|time)\//.test(name))
  )
    return 'sb3-progress';
  if (
    has('timesteps_total') ||
    has('training_iteration') ||
    has('episode_reward_mean') ||
    header.some((name) => name.startsWith('env_runners/'))
  )
    return 'rllib-progress';
  if (
    has('EpRewMean') ||
    has('TimestepsSoFar') ||
    has('eprewmean') ||
    has('mean 100 episode reward') ||
    has('ep_reward_mean') ||
    has('nupdates') ||
    has('misc/total_timesteps') ||
    has('total_timesteps')
  )
    return 'baselines-progress';
  return 'csv';
}

/** What another CSV's header says it is. */
export function csvFormat(name: string, header: readonly string[]): SourceFormat {
  if (header.length === 3 && header[0] === 'Wall time' && header[1] === 'Step' && header[2] === 'Value')
    return 'tensorboard-csv';
  if (header.includes('_step') && (header.includes('_runtime') || header.includes('_timestamp')))
    return 'wandb-history';
  if (name === 'metrics.csv' && header.includes('step') && header.includes('epoch')) return 'lightning-csv';
  if (header[0] === 'epoch' && header.some((h) => h === 'loss' || h.startsWith('val_'))) return 'keras-csv';
  const progress = progressFormat(header);
  return progress;
}
