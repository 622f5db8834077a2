import { readFileSync } from 'node:fs';
import { probabilityGreater } from '@evidence/stats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBeforeAfter } from '../src/index.js';
import { FIXTURE, readFixtureJsonl } from './helpers.js';

/** P(post > pre), as the report states it. */
const probabilityOfImprovement = (pre: number[], post: number[]) => probabilityGreater(post, pre);

const episodes = (rewards: number[], extra: (i: number) => Record<string, unknown> = () => ({})) =>
  rewards.map((cumulative_reward, i) => ({ cumulative_reward, ...extra(i) }));

describe('computeBeforeAfter on the reference trainer output', () => {
  const pre = readFixtureJsonl('pre_eval.jsonl');
  const post = readFixtureJsonl('post_eval.jsonl');
  const reference = JSON.parse(readFileSync(`${FIXTURE}before_after_metrics.json`, 'utf8'));
  const metrics = computeBeforeAfter(pre, post, { resamples: 2000 });

  it('reproduces every reference value bit for bit, except the median (see next test)', () => {
    for (const side of ['pre', 'post', 'delta'] as const) {
      for (const [key, value] of Object.entries(reference[side] as Record<string, number>)) {
        if (key === 'median_reward') continue;
        expect(metrics[side][key], `${side}.${key}`).toBe(value);
      }
    }
    expect(Object.keys(metrics.pre).slice(0, 6)).toEqual(Object.keys(reference.pre));
    expect(Object.keys(metrics.delta).slice(0, 5)).toEqual(Object.keys(reference.delta));
  });

  it('reports the true median where the reference took the upper middle value', () => {
    const sorted = (records: typeof pre) =>
      records.map((r) => r.cumulative_reward as number).sort((a, b) => a - b);
    const preSorted = sorted(pre);
    // The reference's number is sorted[n/2] (n = 40 is even), not the median.
    expect(reference.pre.median_reward).toBe(preSorted[20]);
    expect(metrics.pre.median_reward).toBe(((preSorted[19] as number) + (preSorted[20] as number)) / 2);
  });

  it('adds std, iqm, a 95% interval of every delta and P(improvement)', () => {
    expect(Object.keys(metrics.ci95).sort()).toEqual(Object.keys(metrics.delta).sort());
    for (const [key, [lo, hi]] of Object.entries(metrics.ci95)) {
      expect(lo, key).toBeLessThanOrEqual(hi);
    }
    expect(metrics.ci95.mean_reward?.[0]).toBeGreaterThan(0); // training clearly helped on this data
    expect(metrics.p_improvement).toBeGreaterThan(0.5);
    expect(metrics.bootstrap).toEqual({
      method: 'percentile',
      resamples: 2000,
      seed: 0,
      confidence: 0.95,
      paired: false,
    });
  });

  it('is reproducible for a seed and changes with the seed', () => {
    const again = computeBeforeAfter(pre, post, { resamples: 2000 });
    expect(again).toEqual(metrics);
    const other = computeBeforeAfter(pre, post, { resamples: 2000, seed: 7 });
    expect(other.ci95).not.toEqual(metrics.ci95);
    expect(other.delta).toEqual(metrics.delta);
  });
});

describe('computeBeforeAfter inputs', () => {
  it('names other booleans by their own key and uses a configurable reward key', () => {
    const pre = [
      { score: 1, solved: false, discovered: false },
      { score: 2, solved: true, discovered: false },
    ];
    const post = [
      { score: 3, solved: true, discovered: true },
      { score: 5, solved: true, discovered: true },
    ];
    const metrics = computeBeforeAfter(pre, post, { rewardKey: 'score', resamples: 100 });
    expect(metrics.pre).toMatchObject({ n: 2, mean_reward: 1.5, success_rate: 0, solved: 0.5 });
    expect(metrics.post).toMatchObject({ mean_reward: 4, success_rate: 1, solved: 1 });
    expect(metrics.p_improvement).toBe(1);
    expect(metrics.reward_key).toBe('score');
  });

  it('reports a rate only where episodes report it, and a delta only where both sides do', () => {
    const metrics = computeBeforeAfter(
      [{ cumulative_reward: 1, solved: true }, { cumulative_reward: 2 }],
      [
        { cumulative_reward: 3, parsed: false },
        { cumulative_reward: 4, parsed: true },
      ],
      { resamples: 50 },
    );
    expect(metrics.pre.solved).toBe(1);
    expect('parsed' in metrics.pre).toBe(false);
    expect(metrics.post.parsed).toBe(0.5);
    expect(Object.keys(metrics.delta)).toEqual(['mean_reward', 'median_reward', 'std', 'iqm']);
    expect(Object.keys(metrics.ci95)).toEqual(Object.keys(metrics.delta));
  });

  it('fails clearly on an episode without a numeric reward, or an empty side', () => {
    expect(() =>
      computeBeforeAfter([{ cumulative_reward: 1 }, { reward: 2 }], [{ cumulative_reward: 1 }]),
    ).toThrow(/pre episode 1: expected a finite number in "cumulative_reward"/);
    expect(() => computeBeforeAfter([], [{ cumulative_reward: 1 }])).toThrow(/pre: no evaluation episodes/);
  });
});

describe('properties', () => {
  const rewards = fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 8, maxLength: 40 });

  it('P(improvement) of a sample against itself is exactly 0.5', () => {
    fc.assert(fc.property(rewards, (x) => probabilityOfImprovement(x, x) === 0.5));
  });

  it('P(improvement) of y against x is 1 − P(improvement) of x against y', () => {
    fc.assert(
      fc.property(rewards, rewards, (x, y) => {
        expect(probabilityOfImprovement(x, y) + probabilityOfImprovement(y, x)).toBeCloseTo(1, 12);
      }),
    );
  });

  it('the 95% interval of each delta contains the point estimate', () => {
    // "Reasonable data": enough distinct values that the bootstrap distribution is not degenerate.
    const side = fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 20, maxLength: 40 });
    fc.assert(
      fc.property(side, side, fc.nat(), (a, b, seed) => {
        const m = computeBeforeAfter(
          episodes(a, (i) => ({ ok: i % 3 === 0 })),
          episodes(b, (i) => ({ ok: i % 2 === 0 })),
          { resamples: 400, seed },
        );
        for (const key of ['mean_reward', 'iqm', 'ok']) {
          const [lo, hi] = m.ci95[key] as [number, number];
          expect(lo, key).toBeLessThanOrEqual(m.delta[key] as number);
          expect(hi, key).toBeGreaterThanOrEqual(m.delta[key] as number);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('shifting every reward by c shifts the location deltas and their intervals by c, nothing else', () => {
    const side = fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 5, maxLength: 30 });
    fc.assert(
      fc.property(side, side, fc.integer({ min: -500, max: 500 }), (a, b, c) => {
        const base = computeBeforeAfter(episodes(a), episodes(b), { resamples: 200, seed: 3 });
        const shifted = computeBeforeAfter(episodes(a), episodes(b.map((v) => v + c)), {
          resamples: 200,
          seed: 3,
        });
        for (const key of ['mean_reward', 'median_reward', 'iqm']) {
          expect(shifted.delta[key]).toBeCloseTo((base.delta[key] as number) + c, 6);
          expect(shifted.ci95[key]?.[0]).toBeCloseTo((base.ci95[key]?.[0] as number) + c, 6);
          expect(shifted.ci95[key]?.[1]).toBeCloseTo((base.ci95[key]?.[1] as number) + c, 6);
        }
        expect(shifted.delta.std).toBeCloseTo(base.delta.std as number, 6);
        // shifting both sides together changes no delta and no P(improvement)
        const both = computeBeforeAfter(episodes(a.map((v) => v + c)), episodes(b.map((v) => v + c)), {
          resamples: 200,
          seed: 3,
        });
        expect(both.p_improvement).toBe(base.p_improvement);
        expect(both.delta.mean_reward).toBeCloseTo(base.delta.mean_reward as number, 6);
      }),
      { numRuns: 40 },
    );
  });

  it('the bootstrap of identical sides is centred on zero', () => {
    const m = computeBeforeAfter(
      episodes([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      episodes([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      {
        resamples: 4000,
      },
    );
    const [lo, hi] = m.ci95.mean_reward as [number, number];
    expect(lo).toBeLessThan(0);
    expect(hi).toBeGreaterThan(0);
    expect(Math.abs(lo + hi)).toBeLessThan(0.5);
  });
});
