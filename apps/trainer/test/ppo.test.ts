import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clippedSurrogate } from '../src/ppo.js';

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
