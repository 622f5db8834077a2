import { describe, expect, it } from 'vitest';
import { AGENT_SHAPE, Agent } from '../src/agent.js';
import { playEpisode } from '../src/episode.js';
import { evaluate } from '../src/evaluate.js';
import { DEFAULT_PPO, PpoLearner } from '../src/ppo.js';
import { deriveSeed, Random } from '../src/random.js';

/** Trains for `updates` updates of `perUpdate` episodes and returns the held-out mean before and after. */
function trainBriefly(seed: number, updates: number, perUpdate: number) {
  const agent = new Agent(AGENT_SHAPE, new Random(deriveSeed(seed, 'init')));
  const learner = new PpoLearner(agent, DEFAULT_PPO);
  const random = new Random(deriveSeed(seed, 'minibatches'));
  const held = { seed, stream: 'eval', episodes: 40, maxSteps: 500 };
  const before = evaluate(agent, held);
  const klValues: number[] = [];
  for (let u = 0; u < updates; u++) {
    const batch = Array.from({ length: perUpdate }, (_, b) =>
      playEpisode(agent, {
        resetSeed: deriveSeed(seed, 'train', 'reset', u * perUpdate + b),
        actionSeed: deriveSeed(seed, 'train', 'action', u * perUpdate + b),
      }),
    );
    klValues.push(learner.update(batch, random, 1 - u / updates).kl);
  }
  return { before, after: evaluate(agent, held), klValues };
}

describe('PPO on CartPole', () => {
  it('the untrained policy is near-uniform and scores like a random one', () => {
    const { before } = trainBriefly(1, 0, 1);
    expect(before.meanReward).toBeGreaterThan(12);
    expect(before.meanReward).toBeLessThan(35);
  });

  it('improves clearly within 8 updates of 8 episodes, on three seeds', () => {
    for (const seed of [1, 2, 3]) {
      const { before, after, klValues } = trainBriefly(seed, 8, 8);
      // Welch-style check: the after mean exceeds the before mean by more than 3 standard errors.
      const se = (r: { records: { cumulative_reward: number }[] }) => {
        const xs = r.records.map((x) => x.cumulative_reward);
        const m = xs.reduce((s, x) => s + x, 0) / xs.length;
        return xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1) / xs.length;
      };
      const diff = after.meanReward - before.meanReward;
      expect(diff, `seed ${seed}: ${before.meanReward} → ${after.meanReward}`).toBeGreaterThan(
        3 * Math.sqrt(se(before) + se(after)),
      );
      for (const kl of klValues) expect(kl).toBeGreaterThanOrEqual(0);
    }
  });
});
