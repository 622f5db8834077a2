/** Each format's name for people and its default x and y. */
import type { SourceFormat } from './model.js';

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
  'tensorboard-csv': 'TensorBoard CSV download',
  'wandb-panel': 'W&B panel export',
  'wandb-history': 'W&B run.history() CSV',
  'wandb-run': 'W&B run file',
  csv: 'CSV/TSV log',
  json: 'JSON records',
  jsonl: 'JSON Lines',
};

/**
 * x columns, most specific first: ours, SB3 (progress, monitor), CleanRL, RLlib (old and new API stack),
 * baselines/SB2 (trpo/ppo1, a2c, ppo2, deepq), W&B, Lightning/HF, then episodes and epochs.
 */
export const X_CANDIDATES = [
  'step',
  'time/total_timesteps',
  'timesteps',
  'global_step',
  'total timesteps',
  'timesteps_total',
  'num_env_steps_sampled_lifetime',
  'env_runners/num_env_steps_sampled_lifetime',
  'TimestepsSoFar',
  'total_timesteps',
  'misc/total_timesteps',
  'steps',
  '_step',
  'Step',
  'training_iteration',
  'episode',
  'epoch',
];

/**
 * y columns (returns), most specific first: ours, SB3 (progress, eval, monitor), CleanRL, RLlib (old and
 * new API stack), baselines/SB2 (trpo/ppo1, a2c/ppo2, deepq), Lightning RL examples, generic names.
 */
export const Y_CANDIDATES = [
  'reward',
  'ep_rew_mean',
  'rollout/ep_rew_mean',
  'eval/mean_reward',
  'charts/episodic_return',
  'episode_reward_mean',
  'env_runners/episode_return_mean',
  'env_runners/episode_reward_mean',
  'sampler_results/episode_reward_mean',
  'EpRewMean',
  'eprewmean',
  'mean 100 episode reward',
  'ep_reward_mean',
  'episode/Return',
  'mean_reward',
  'episode_reward',
  'return',
  'r',
];

/** A run's default y when it logs no return: what TRL (DPO, PPO), HF Trainer, Lightning and Keras log. */
export const OTHER_Y_CANDIDATES = ['rewards/chosen', 'objective/scores', 'eval_loss', 'val_loss', 'loss'];

/** The default y of a run's metric names: a return, else another training signal, else the first. */
export function defaultY(names: readonly string[], not: readonly string[] = []): string | null {
  return (
    firstPresent(Y_CANDIDATES, names) ??
    firstPresent(OTHER_Y_CANDIDATES, names) ??
    names.find((name) => !not.includes(name)) ??
    null
  );
}

/** The first candidate present, or null. */
export function firstPresent(candidates: readonly string[], names: Iterable<string>): string | null {
  const have = new Set(names);
  return candidates.find((name) => have.has(name)) ?? null;
}

/** What kind of progress.csv a header is, from the keys each logger writes. */
export function progressFormat(header: readonly string[]): SourceFormat {
  const has = (name: string) => header.includes(name);
  if (header.some((name) => /^(rollout|time|train|eval)\//.test(name))) return 'sb3-progress';
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
