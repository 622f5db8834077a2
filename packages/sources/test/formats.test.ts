/**
 * The registry of formats (src/formats/): every format id has its module and name, and a CSV's header
 * is told the format of the first module that claims it, in the registry's order.
 */
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS } from '../src/formats/ids.js';
import { csvFormat, FOLDER_LAYOUT, FORMAT_NAMES, progressFormat } from '../src/formats.js';

describe('the formats registry', () => {
  it('names every format id, in the ids order, each with a name of its own', () => {
    expect(Object.keys(FORMAT_NAMES)).toEqual([...FORMAT_IDS]);
    const names = Object.values(FORMAT_NAMES);
    expect(names.every((name) => name.trim() !== '')).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(FOLDER_LAYOUT).toEqual({ 'sb3-progress': 'sb3-log' });
  });

  it.each([
    ['run-a-tag-loss.csv', ['Wall time', 'Step', 'Value'], 'tensorboard-csv'],
    ['history.csv', ['_step', '_runtime', 'rollout/ep_rew_mean', 'time/fps'], 'wandb-history'],
    ['metrics.csv', ['epoch', 'step', 'train_loss'], 'lightning-csv'],
    ['other.csv', ['epoch', 'step', 'train_loss'], 'csv'],
    ['log.csv', ['epoch', 'loss', 'val_loss'], 'keras-csv'],
    ['log.csv', ['Epoch', 'AverageEpRet', 'rollout/ep_rew_mean', 'time/fps'], 'spinningup-progress'],
    ['log.csv', ['rollout/ep_rew_mean', 'time/total_timesteps', 'total_timesteps'], 'sb3-progress'],
    ['log.csv', ['train/loss', 'eval/mean_reward'], 'csv'],
    ['log.csv', ['episode_reward_mean', 'EpRewMean'], 'rllib-progress'],
    ['log.csv', ['env_runners/episode_return_mean'], 'rllib-progress'],
    ['log.csv', ['mean 100 episode reward', 'steps'], 'baselines-progress'],
    ['log.csv', ['step', 'reward'], 'csv'],
  ])('%s with header %j is %s', (name, header, format) => {
    expect(csvFormat(name, header)).toBe(format);
  });

  it('a progress file is only ever a logger progress (or a plain table)', () => {
    expect(progressFormat(['Wall time', 'Step', 'Value'])).toBe('csv');
    expect(progressFormat(['_step', '_runtime', 'time/fps', 'rollout/ep_rew_mean'])).toBe('sb3-progress');
    expect(progressFormat(['epoch', 'loss', 'val_loss'])).toBe('csv');
    expect(progressFormat(['TotalEnvInteracts', 'timesteps_total'])).toBe('spinningup-progress');
  });
});
