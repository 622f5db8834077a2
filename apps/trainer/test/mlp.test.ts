import { describe, expect, it } from 'vitest';
import { Adam } from '../src/adam.js';
import { Mlp } from '../src/mlp.js';
import { Random } from '../src/random.js';

describe('Mlp', () => {
  it('backward matches central finite differences', () => {
    const net = new Mlp([4, 7, 3]).init(new Random(5), 1);
    const input = [0.3, -1.2, 0.7, 0.05];
    const weights = [0.5, -2, 1.5];
    const loss = (): number => {
      const out = net.forward(input);
      return weights.reduce((s, w, i) => s + w * out[i]! ** 2, 0);
    };
    net.zeroGrad();
    const out = net.forward(input);
    net.backward(weights.map((w, i) => 2 * w * out[i]!));
    const eps = 1e-6;
    for (let p = 0; p < net.params.length; p++) {
      const keep = net.params[p]!;
      net.params[p] = keep + eps;
      const up = loss();
      net.params[p] = keep - eps;
      const down = loss();
      net.params[p] = keep;
      expect(net.grads[p]).toBeCloseTo((up - down) / (2 * eps), 6);
    }
  });

  it('computes tanh hidden and linear output by hand for a 1-1-1 net', () => {
    const net = new Mlp([1, 1, 1]);
    net.params.set([2, 0.5, 3, -1]); // W1 = 2, b1 = 0.5, W2 = 3, b2 = −1
    expect(net.forward([0.25])[0]).toBeCloseTo(3 * Math.tanh(1) - 1, 15);
  });

  it('Adam fits a small regression', () => {
    const random = new Random(9);
    const net = new Mlp([1, 16, 1]).init(random, 1);
    const adam = new Adam(net.params);
    const xs = Array.from({ length: 32 }, (_, i) => -1 + (2 * i) / 31);
    const mse = (): number =>
      xs.reduce((s, x) => s + (net.forward([x])[0]! - Math.sin(3 * x)) ** 2, 0) / xs.length;
    const before = mse();
    for (let step = 0; step < 1500; step++) {
      net.zeroGrad();
      for (const x of xs) {
        const y = net.forward([x])[0]!;
        net.backward([(2 * (y - Math.sin(3 * x))) / xs.length]);
      }
      adam.step(net.grads, 0.01);
    }
    expect(before).toBeGreaterThan(0.1);
    expect(mse()).toBeLessThan(0.01);
  });
});
