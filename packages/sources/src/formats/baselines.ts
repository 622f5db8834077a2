/** OpenAI baselines' (and SB2's) logger: progress.csv of the keys it writes. */
import type { Format } from './format.js';

const KEYS = [
  'EpRewMean',
  'TimestepsSoFar',
  'eprewmean',
  'mean 100 episode reward',
  'ep_reward_mean',
  'nupdates',
  'misc/total_timesteps',
  'total_timesteps',
];

export const baselinesProgress: Format = {
  id: 'baselines-progress',
  label: 'OpenAI baselines / SB2 progress.csv',
  claim: (header) => KEYS.some((key) => header.includes(key)),
  progress: true,
};
