import { describe, expect, it } from 'vitest';
import { computeBeforeAfterInBackground } from '../src/before-after.js';
import { bootstrapDeltas } from '../src/bootstrap.js';
import { bootstrapOffThread } from '../src/bootstrap-thread.js';
import { computeBeforeAfter } from '../src/index.js';
import { readFixtureJsonl } from './helpers.js';

describe('the bootstrap on a worker thread', () => {
  it('gives exactly the numbers of the same bootstrap on this thread', async () => {
    const pre = readFixtureJsonl('pre_eval.jsonl');
    const post = readFixtureJsonl('post_eval.jsonl');
    const options = { resamples: 3000, seed: 11 };
    const background = computeBeforeAfterInBackground(pre, post, options);
    expect(background).toBeInstanceOf(Promise);
    expect(await background).toEqual(computeBeforeAfter(pre, post, options));
  });

  it('really runs on a worker thread', async () => {
    const side = { rewards: Float64Array.of(1, 2, 3), outcomes: new Map([['ok', Float64Array.of(1, 0, 1)]]) };
    const result = await bootstrapOffThread({
      pre: side,
      post: side,
      names: ['mean_reward', 'ok'],
      options: { resamples: 100, seed: 1 },
    });
    expect(result.ranOn).toBe('worker');
    expect(result.ci95.ok).toEqual(
      bootstrapDeltas(side, side, ['mean_reward', 'ok'], { resamples: 100, seed: 1 }).ci95.ok,
    );
  });

  it('reports bad input at once, before any thread starts', () => {
    expect(() => computeBeforeAfterInBackground([], [{ cumulative_reward: 1 }])).toThrow(
      /pre: no evaluation episodes/,
    );
  });
});
