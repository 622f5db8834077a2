/** Ray Tune / RLlib trials: progress.csv of the keys it writes, result.json of nested records. */
import type { Format } from './format.js';

export const rllibProgress: Format = {
  id: 'rllib-progress',
  label: 'RLlib / Ray Tune progress.csv',
  claim: (header) =>
    header.includes('timesteps_total') ||
    header.includes('training_iteration') ||
    header.includes('episode_reward_mean') ||
    header.some((name) => name.startsWith('env_runners/')),
  progress: true,
};

/** One JSON record per line; nested keys as `env_runners/episode_return_mean`. */
export const rllibResult: Format = {
  id: 'rllib-result',
  label: 'RLlib / Ray Tune result.json',
  keySeparator: '/',
};
