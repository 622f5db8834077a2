import { describe, expect, it } from 'vitest';
import {
  improvementNewcombe,
  mulberry32,
  newcombeImprovementInterval,
  rankTest,
  rankTestBothTails,
  runsToReach,
  signFlipTest,
  stream,
} from '../src/index.js';
import { python, pythonMissing } from './helpers.js';

// SciPy's exact Mann–Whitney (no ties), its exact permutation test (ties: U with ½ for equal pairs,
// every split enumerated), and a brute-force enumeration of the stratified test (runs permuted within
// each task, the statistic the mean over tasks of U / (n·m)).
const SCIPY = `
import json, sys, itertools
import numpy as np
from scipy import stats
def U(x, y, axis=-1):
  x = np.moveaxis(x, axis, -1); y = np.moveaxis(y, axis, -1)
  d = x[..., :, None] - y[..., None, :]
  return (d > 0).sum((-1, -2)) + 0.5 * (d == 0).sum((-1, -2))
def stratified(xs, ys, alt):
  per = []
  for x, y in zip(xs, ys):
    pool = np.array(x + y); n, m = len(x), len(y)
    vals = []
    for pick in itertools.combinations(range(n + m), n):
      mask = np.zeros(n + m, bool); mask[list(pick)] = True
      vals.append(U(pool[mask], pool[~mask]) / (n * m))
    per.append(np.array(vals))
  obs = np.mean([U(np.array(x), np.array(y)) / (len(x) * len(y)) for x, y in zip(xs, ys)])
  total = np.zeros(1)
  for v in per: total = (total[:, None] + v[None, :]).ravel()
  total /= len(xs)
  tol = 1e-12
  return float(np.mean(total >= obs - tol) if alt == 'greater' else np.mean(total <= obs + tol))
out = []
for c in json.load(sys.stdin):
  if c['kind'] == 'exact':
    out.append(float(stats.mannwhitneyu(c['x'][0], c['y'][0], method='exact', alternative=c['alt']).pvalue))
  elif c['kind'] == 'perm':
    r = stats.permutation_test((np.array(c['x'][0]), np.array(c['y'][0])), U, vectorized=True,
        n_resamples=np.inf, alternative=c['alt'], permutation_type='independent')
    out.append(float(r.pvalue))
  else:
    out.append(stratified(c['x'], c['y'], c['alt']))
print(json.dumps(out))
`;

type Case = { kind: 'exact' | 'perm' | 'strata'; x: number[][]; y: number[][]; alt: 'greater' | 'less' };

function cases(): Case[] {
  const random = mulberry32(29);
  const sample = (n: number, shift: number, ties: boolean) =>
    Array.from({ length: n }, () => {
      const v = random() * 4 + shift;
      return ties ? Math.round(v) : v;
    });
  const out: Case[] = [];
  for (let i = 0; i < 200; i++) {
    const kind = i % 2 === 0 ? 'exact' : 'perm';
    // permutation_test needs two runs a side
    const n = (kind === 'perm' ? 2 : 1) + Math.floor(random() * 7);
    const m = (kind === 'perm' ? 2 : 1) + Math.floor(random() * 7);
    const shift = random() * 3;
    const ties = kind === 'perm';
    out.push({
      kind,
      x: [sample(n, shift, ties)],
      y: [sample(m, 0, ties)],
      alt: random() < 0.5 ? 'greater' : 'less',
    });
  }
  for (let i = 0; i < 30; i++) {
    const tasks = 2 + (i % 2);
    const sizes = Array.from({ length: tasks }, () => [
      2 + Math.floor(random() * 3),
      2 + Math.floor(random() * 3),
    ]);
    const shift = random() * 2;
    const ties = i % 3 === 0;
    out.push({
      kind: 'strata',
      x: sizes.map(([n]) => sample(n as number, shift, ties)),
      y: sizes.map(([, m]) => sample(m as number, 0, ties)),
      alt: random() < 0.5 ? 'greater' : 'less',
    });
  }
  return out;
}

describe.skipIf(pythonMissing)('rankTest against SciPy', () => {
  it('p-values agree to 1e-12 on 200 one-task cases and 30 stratified ones (ties included)', () => {
    const all = cases();
    const expected = python<number[]>(SCIPY, all);
    all.forEach((c, i) => {
      const got = rankTest(c.x, c.y, { alternative: c.alt });
      expect(got.method).toBe('exact');
      expect(Math.abs(got.p - (expected[i] as number)), `${c.kind} ${JSON.stringify(c)}`).toBeLessThan(1e-12);
    });
  });
});

describe('rankTest: the level holds at any n', () => {
  it('2 v 2 fully separated: p = 1/6, and no result can go lower', () => {
    const t = rankTest([[10, 11]], [[1, 2]]);
    expect(t.p).toBeCloseTo(1 / 6, 15);
    expect(t.smallestP).toBeCloseTo(1 / 6, 15);
    expect(t.statistic).toBe(1);
  });

  it('the fewest runs per group that can reach 5 %: 3 in one task (1/20), 2 in two tasks (1/36)', () => {
    expect(runsToReach(0.05, 1)).toBe(3);
    expect(runsToReach(0.05, 2)).toBe(2);
    expect(runsToReach(0.01, 1)).toBe(5); // C(8, 4) = 70 is not enough, C(10, 5) = 252 is
    expect(rankTest([[5, 6, 7]], [[1, 2, 3]]).p).toBeLessThanOrEqual(0.05);
  });

  it('too large to enumerate: Monte Carlo with p = (1 + k)/(1 + permutations), seeded', () => {
    const random = mulberry32(3);
    const x = [Array.from({ length: 400 }, () => random() + 0.05)];
    const y = [Array.from({ length: 400 }, () => random())];
    const a = rankTest(x, y, { permutations: 999, seed: 1 });
    expect(a.method).toBe('monte-carlo');
    expect(a.p).toBeGreaterThanOrEqual(1 / 1000);
    expect(((a.p * 1000) % 1) * 1).toBeCloseTo(0, 9); // (1 + k) / 1000
    expect(rankTest(x, y, { permutations: 999, seed: 1 }).p).toBe(a.p);
  });

  it('both tails at once: each p is the one-sided Monte Carlo test of its own (a plain reference), ties and two tasks', () => {
    const random = mulberry32(5);
    const side = (shift: number) => Array.from({ length: 300 }, () => Math.round((random() + shift) * 20));
    const x = [side(0.03), side(0)];
    const y = [side(0), side(0.01)];
    // the reference: mid-ranks, then 499 permutations within each task drawn as rankTest documents them
    const reference = (sign: number): number => {
      const draw = stream(2, 'rank-test', 'a', 'b');
      const tasks = x.map((xs, t) => {
        const pooled = [...xs, ...(y[t] as number[])];
        const sorted = [...pooled].sort((a, b) => a - b);
        const doubled = pooled.map((v) => sorted.indexOf(v) + sorted.lastIndexOf(v) + 2);
        return { n: xs.length, m: (y[t] as number[]).length, doubled, order: pooled.map((_, i) => i) };
      });
      const stat = (pick: (t: (typeof tasks)[number]) => number[]) =>
        tasks.reduce((s, t) => {
          const twiceR = pick(t).reduce((a, i) => a + (t.doubled[i] as number), 0);
          return s + (twiceR - t.n * (t.n + 1)) / (2 * t.n * t.m);
        }, 0) / tasks.length;
      const observed = sign * stat((t) => t.order.slice(0, t.n));
      let k = 0;
      for (let r = 0; r < 499; r++) {
        const s = stat((t) => {
          for (let i = 0; i < t.n; i++) {
            const j = i + Math.floor(draw() * (t.order.length - i));
            [t.order[i], t.order[j]] = [t.order[j] as number, t.order[i] as number];
          }
          return t.order.slice(0, t.n);
        });
        if (sign * s >= observed - 1e-12 * Math.max(1, Math.abs(observed))) k++;
      }
      return (1 + k) / 500;
    };
    const both = rankTestBothTails(x, y, { permutations: 499, seed: 2, labels: ['a', 'b'] });
    expect(both.greater.method).toBe('monte-carlo');
    expect(both.greater.p).toBeCloseTo(reference(1), 12);
    expect(both.less.p).toBeCloseTo(reference(-1), 12);
    expect(both.less.p).not.toBeCloseTo(both.greater.p, 3);
  });

  it('under the null, p ≤ 5 % in at most 5 % of studies (4 v 4, 2,000 studies, ties from rounding)', () => {
    const random = mulberry32(11);
    let rejected = 0;
    for (let s = 0; s < 2000; s++) {
      const draw = () => Array.from({ length: 4 }, () => Math.round(random() * 6));
      if (rankTest([draw()], [draw()]).p <= 0.05) rejected++;
    }
    expect(rejected / 2000).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / 2000));
  });
});

// Newcombe (2006) method 5 in NumPy: the roots of θ̂ − θ ± z·√V(θ), V summed over tasks / T².
const NEWCOMBE = `
import json, sys
import numpy as np
from scipy import optimize, stats
def V(t, m, n):
  s = (m + n) / 2 - 1
  return t * (1 - t) * (1 + s * (1 - t) / (2 - t) + s * t / (1 + t)) / (m * n)
out = []
for c in json.load(sys.stdin):
  th, sizes = c['theta'], c['sizes']; z = stats.norm.ppf(0.975); T = len(sizes)
  sd = lambda t: np.sqrt(sum(V(t, m, n) for m, n in sizes)) / T
  f_lo = lambda t: th - t - z * sd(t); f_hi = lambda t: th - t + z * sd(t)
  # f_lo > 0 at 0 and < 0 just below th; f_hi > 0 just above th and <= 0 at 1
  lo = 0.0 if th == 0 else optimize.brentq(f_lo, 0.0, th * (1 - 1e-15), xtol=1e-15)
  hi = 1.0 if th == 1 else optimize.brentq(f_hi, th + 1e-15, 1.0, xtol=1e-15)
  out.append([lo, hi])
print(json.dumps(out))
`;

describe.skipIf(pythonMissing)('Newcombe method 5 against a NumPy port', () => {
  it('agrees to 1e-9 on 100 estimates and designs, 0 and 1 included', () => {
    const random = mulberry32(5);
    const all = Array.from({ length: 100 }, (_, i) => {
      const tasks = 1 + (i % 3);
      const sizes = Array.from({ length: tasks }, () => [
        1 + Math.floor(random() * 12),
        1 + Math.floor(random() * 12),
      ]);
      const theta = i % 10 === 0 ? 1 : i % 10 === 1 ? 0 : Math.round(random() * 1000) / 1000;
      return { theta, sizes };
    });
    const expected = python<[number, number][]>(NEWCOMBE, all);
    all.forEach((c, i) => {
      const got = newcombeImprovementInterval(c.theta, c.sizes as [number, number][]);
      const want = expected[i] as [number, number];
      expect(Math.abs(got[0] - want[0]), JSON.stringify(c)).toBeLessThan(1e-9);
      expect(Math.abs(got[1] - want[1]), JSON.stringify(c)).toBeLessThan(1e-9);
    });
  });
});

describe('the interval of P(A > B) can express doubt', () => {
  it('2 v 2, every run of A above: an interval, not the point [1, 1]', () => {
    const { estimate, ci } = improvementNewcombe([[10, 11]], [[1, 2]]);
    expect(estimate).toBe(1);
    expect(ci[1]).toBe(1);
    expect(ci[0]).toBeLessThan(0.6); // well below 1: two runs each cannot rule much out
    expect(ci[0]).toBeGreaterThan(0);
  });

  it('narrows as runs are added, and stays inside [0, 1]', () => {
    const few = improvementNewcombe([[3, 4, 5]], [[1, 2, 3.5]]).ci;
    const many = improvementNewcombe(
      [Array.from({ length: 30 }, (_, i) => 3 + (i % 3))],
      [Array.from({ length: 30 }, (_, i) => 1 + (i % 3) + (i % 2) * 1.5)],
    ).ci;
    expect(many[1] - many[0]).toBeLessThan(few[1] - few[0]);
    for (const v of [...few, ...many]) expect(v >= 0 && v <= 1).toBe(true);
  });
});

// SciPy's exact paired permutation test (every sign pattern) of the mean difference.
const SIGN_FLIP = `
import json, sys
import numpy as np
from scipy import stats
out = []
for c in json.load(sys.stdin):
  after, before = np.array(c['after']), np.array(c['before'])
  r = stats.permutation_test((after, before), lambda a, b, axis: np.mean(a - b, axis=axis), vectorized=True,
      permutation_type='samples', n_resamples=np.inf, alternative=c['alt'])
  out.append(float(r.pvalue))
print(json.dumps(out))
`;

describe.skipIf(pythonMissing)('signFlipTest against SciPy', () => {
  it('p-values agree to 1e-12 on 60 paired cases (zero and tied differences included)', () => {
    const random = mulberry32(17);
    const all = Array.from({ length: 60 }, (_, i) => {
      const n = 2 + (i % 11); // SciPy needs two pairs
      const before = Array.from({ length: n }, () => Math.round(random() * 8));
      const after = before.map((b) => b + Math.round((random() - 0.3) * 4));
      return { before, after, alt: i % 2 === 0 ? ('greater' as const) : ('less' as const) };
    });
    const expected = python<number[]>(SIGN_FLIP, all);
    all.forEach((c, i) => {
      const got = signFlipTest(
        c.after.map((a, k) => a - (c.before[k] as number)),
        { alternative: c.alt },
      );
      expect(Math.abs(got.p - (expected[i] as number)), JSON.stringify(c)).toBeLessThan(1e-12);
    });
  });
});
