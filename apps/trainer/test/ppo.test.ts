import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clippedSurrogate, generalisedAdvantages } from '../src/ppo.js';

const softmax = (l0: number, l1: number): [number, number] => {
  const m = Math.max(l0, l1);
  const e0 = Math.exp(l0 - m);
  const e1 = Math.exp(l1 - m);
  return [e0 / (e0 + e1), e1 / (e0 + e1)];
};

describe('clippedSurrogate', () => {
  it('its logit gradient matches central finite differences of its loss (away from the clip kinks)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.constantFrom(0, 1),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.constantFrom(0, 0.01, 0.1),
        (l0, l1, action, pOldRight, advantage, entropyCoef) => {
          const config = { clip: 0.2, entropyCoef };
          const pOld = action === 1 ? pOldRight : 1 - pOldRight;
          const ratio = softmax(l0, l1)[action]! / pOld;
          // the loss has kinks where the ratio meets 1 ± ε; finite differences are not meaningful there
          fc.pre(Math.abs(ratio - 0.8) > 1e-3 && Math.abs(ratio - 1.2) > 1e-3);
          const grad = new Float64Array(2);
          clippedSurrogate(softmax(l0, l1), action, pOld, advantage, config, grad);
          const loss = (a: number, b: number) =>
            clippedSurrogate(softmax(a, b), action, pOld, advantage, config, new Float64Array(2)).policyLoss;
          const eps = 1e-6;
          expect(grad[0]).toBeCloseTo((loss(l0 + eps, l1) - loss(l0 - eps, l1)) / (2 * eps), 5);
          expect(grad[1]).toBeCloseTo((loss(l0, l1 + eps) - loss(l0, l1 - eps)) / (2 * eps), 5);
        },
      ),
    );
  });

  it('clips: beyond 1 + ε with a positive advantage the gradient vanishes (no entropy bonus)', () => {
    const grad = new Float64Array(2);
    // π(right) = 0.9 against 0.5 before: ratio 1.8 > 1.2, advantage > 0 → clipped, flat
    const out = clippedSurrogate([0.1, 0.9], 1, 0.5, 1, { clip: 0.2, entropyCoef: 0 }, grad);
    expect(out.clipped).toBe(true);
    expect(out.policyLoss).toBeCloseTo(-1.2, 12);
    expect([...grad].map(Math.abs)).toEqual([0, 0]);
    // the same ratio with a negative advantage is not clipped: the loss keeps pushing it down
    const back = clippedSurrogate([0.1, 0.9], 1, 0.5, -1, { clip: 0.2, entropyCoef: 0 }, grad);
    expect(back.clipped).toBe(false);
    expect(back.policyLoss).toBeCloseTo(1.8, 12);
    expect(grad[1]).toBeGreaterThan(0);
  });
});

describe('generalisedAdvantages', () => {
  it('matches a hand computation for a 3-step episode', () => {
    // γ = 0.9, λ = 0.5, rewards 1, values V = [2, 3, 4] and V(s_3) = 5 (time limit, bootstrapped)
    // δ2 = 1 + 0.9·5 − 4 = 1.5; δ1 = 1 + 0.9·4 − 3 = 1.6; δ0 = 1 + 0.9·3 − 2 = 1.7
    // A2 = 1.5; A1 = 1.6 + 0.45·1.5 = 2.275; A0 = 1.7 + 0.45·2.275 = 2.72375
    const adv = new Float64Array(3);
    const ret = new Float64Array(3);
    generalisedAdvantages([1, 1, 1], [2, 3, 4, 5], { gamma: 0.9, lambda: 0.5 }, adv, ret);
    expect(adv[0]).toBeCloseTo(2.72375, 12);
    expect(adv[1]).toBeCloseTo(2.275, 12);
    expect(adv[2]).toBeCloseTo(1.5, 12);
    expect([...ret].map((r) => Number(r.toFixed(10)))).toEqual([4.72375, 5.275, 5.5]);
  });

  it('with λ = 1 the value targets are the discounted returns, whatever the values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        (values, seedReward) => {
          const T = values.length;
          const rewards = Array.from({ length: T }, (_, t) => seedReward + t);
          const adv = new Float64Array(T);
          const ret = new Float64Array(T);
          generalisedAdvantages(rewards, [...values, 0], { gamma: 0.95, lambda: 1 }, adv, ret);
          let g = 0;
          for (let t = T - 1; t >= 0; t--) {
            g = rewards[t]! + 0.95 * g;
            expect(ret[t]).toBeCloseTo(g, 9);
          }
        },
      ),
    );
  });
});
