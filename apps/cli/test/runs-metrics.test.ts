/** What `runs` keeps of each run as it reads it: what its statistics can choose, and nothing else. */
import { describe, expect, it } from 'vitest';
import { runsMetrics } from '../src/runs-metrics.js';

// the metrics of an SB3 progress.csv (its x, time/total_timesteps, is the steps, not a metric)
const SB3 = ['rollout/ep_len_mean', 'rollout/ep_rew_mean', 'rollout/success_rate', 'time/fps', 'train/loss'];
const sb3 = { metrics: SB3, x: 'time/total_timesteps', y: 'rollout/ep_rew_mean' };

describe('runsMetrics', () => {
  it('keeps the returns and outcomes of a run, drops its losses and rates of work', async () => {
    const keep = await runsMetrics({});
    expect(keep(sb3)).toEqual(['rollout/ep_rew_mean']);
    expect(keep({ metrics: ['r', 'l', 'is_success'], x: 'timesteps', y: 'r' })).toEqual(['r', 'is_success']);
  });

  it('keeps what --x and --y name', async () => {
    const keep = await runsMetrics({ x: 'time/fps', y: 'rollout/ep_len_mean' });
    expect(keep(sb3)).toEqual(['rollout/ep_len_mean', 'rollout/ep_rew_mean', 'time/fps']);
  });

  it('a run it will skip keeps every column, so its skip says what it has', async () => {
    expect((await runsMetrics({ y: 'nope' }))(sb3)).toEqual(SB3);
    const losses = { metrics: ['loss', 'grad_norm'], x: 'step', y: 'loss' };
    expect((await runsMetrics({}))(losses)).toEqual(['loss', 'grad_norm']);
  });
});
