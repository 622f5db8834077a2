import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  flattenConfig,
  groupConfig,
  hyperParameterEffects,
  ranks,
  spearman,
} from '../src/runs/hyperparameters.js';
import { python, pythonMissing } from './helpers.js';

describe('hyper-parameters of a sweep', () => {
  it('a group keeps what all its runs share (the seed drops out); nested keys are dotted', () => {
    expect(flattenConfig({ lr: 3e-4, policy_kwargs: { net_arch: [64, 64] } })).toEqual({
      lr: 3e-4,
      'policy_kwargs.net_arch': [64, 64],
    });
    expect(
      groupConfig([
        { lr: 3e-4, seed: 0, policy_kwargs: { net_arch: [64, 64] } },
        { lr: 3e-4, seed: 1, policy_kwargs: { net_arch: [64, 64] } },
      ]),
    ).toEqual({ lr: 3e-4, 'policy_kwargs.net_arch': [64, 64] });
  });

  it('only what varies between configurations; the numeric ones ranked by |ρ|; "3e-4" reads as a number', () => {
    const configs = {
      a: { lr: '1e-4', gamma: 0.99, net: 'small', batch: 64 },
      b: { lr: '3e-4', gamma: 0.95, net: 'large', batch: 64 },
      c: { lr: '1e-3', gamma: 0.99, net: 'small', batch: 64 },
      d: { lr: '3e-3', gamma: 0.9, net: 'large', batch: 64 },
    };
    const scores = [
      { group: 'a', score: 10, ci: [8, 12] as [number, number] },
      { group: 'b', score: 20, ci: [18, 22] as [number, number] },
      { group: 'c', score: 30, ci: null },
      { group: 'd', score: 40, ci: [38, 41] as [number, number] },
    ];
    const effects = hyperParameterEffects(configs, scores);
    expect(effects.map((e) => e.name)).toEqual(['lr', 'gamma', 'net']);
    expect(effects[0]).toMatchObject({ numeric: true, spearman: 1 });
    expect(effects[0]?.points.map((p) => p.value)).toEqual([1e-4, 3e-4, 1e-3, 3e-3]);
    expect(effects[2]).toMatchObject({ numeric: false, spearman: null });
    expect(effects[2]?.points.map((p) => `${p.value}:${p.group}`)).toEqual([
      'large:b',
      'large:d',
      'small:a',
      'small:c',
    ]);
  });

  it('ranks give ties their mean rank; ρ is null for a constant side or fewer than 3 points', () => {
    expect(ranks([3, 1, 3, 2])).toEqual([3.5, 1, 3.5, 2]);
    expect(spearman([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(spearman([1, 2], [1, 2])).toBeNull();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer(), fc.integer()), { minLength: 3, maxLength: 30 }),
        (pairs) => {
          const rho = spearman(
            pairs.map((p) => p[0]),
            pairs.map((p) => p[1]),
          );
          if (rho !== null) expect(Math.abs(rho)).toBeLessThanOrEqual(1 + 1e-12);
        },
      ),
    );
  });

  it.skipIf(pythonMissing !== null)(`ρ as scipy.stats.spearmanr computes it ${pythonMissing ?? ''}`, () => {
    const cases = fc.sample(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.double({ min: -100, max: 100, noNaN: true })), {
        minLength: 3,
        maxLength: 25,
      }),
      { numRuns: 40, seed: 5 },
    );
    const expected = python<(number | null)[]>(
      'import json,sys,math\nfrom scipy.stats import spearmanr\nout=[]\nfor c in json.load(sys.stdin):\n  r=spearmanr([p[0] for p in c],[p[1] for p in c]).statistic\n  out.append(None if r is None or math.isnan(r) else float(r))\nprint(json.dumps(out))',
      cases,
    );
    cases.forEach((pairs, i) => {
      const rho = spearman(
        pairs.map((p) => p[0]),
        pairs.map((p) => p[1]),
      );
      if (expected[i] === null) expect(rho).toBeNull();
      else expect(rho).toBeCloseTo(expected[i] as number, 10);
    });
  });
});
