import { newcombeDifference, newcombePairedDifference } from '@evidence/stats';
import { describe, expect, it } from 'vitest';
import { computeBeforeAfter } from '../src/index.js';

const round4 = ([lo, hi]: [number, number]) => [Number(lo.toFixed(4)), Number(hi.toFixed(4))];

describe('rates in computeBeforeAfter', () => {
  const episodes = (n: number, solved: (i: number) => boolean, seed = (i: number) => i) =>
    Array.from({ length: n }, (_, i) => ({
      cumulative_reward: solved(i) ? 500 : 20 + i,
      solved: solved(i),
      seed: seed(i),
    }));

  it('50 of 50 after is [0.93, 1] on its side; the change has a Newcombe interval, not [1, 1]', () => {
    const m = computeBeforeAfter(
      episodes(50, () => false),
      episodes(
        50,
        () => true,
        (i) => 1000 + i,
      ),
      { resamples: 200 },
    );
    expect(m.post.solved).toBe(1);
    expect(round4(m.post_ci95.solved as [number, number])).toEqual([0.9287, 1]);
    expect(round4(m.pre_ci95.solved as [number, number])).toEqual([0, 0.0713]);
    expect(m.method.solved).toBe('newcombe-hybrid-score');
    expect(round4(m.ci95.solved as [number, number])).toEqual(round4(newcombeDifference(0, 50, 50, 50)));
    expect((m.ci95.solved as [number, number])[0]).toBeLessThan(1);
    expect(m.pairing.paired).toBe(false);
  });

  it('paired episodes get the paired Newcombe interval from the 2×2 table of pairs', () => {
    const pre = episodes(40, (i) => i % 4 === 0);
    const post = episodes(40, (i) => i % 4 !== 1);
    const m = computeBeforeAfter(pre, post, { resamples: 200 });
    expect(m.pairing).toEqual({ paired: true, why: 'the same "seed" in every pair of episodes' });
    expect(m.method.solved).toBe('newcombe-hybrid-score-paired');
    // pairs: both solved 10 (i%4==0), after only 20 (i%4==2,3), before only 0, neither 10 (i%4==1)
    expect(m.ci95.solved).toEqual(newcombePairedDifference(10, 0, 20, 10));
  });
});
