import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateIqm,
  aggregateMean,
  aggregateMedian,
  aggregatesWithIntervals,
  bootstrap,
  improvementWithInterval,
  mean,
  mulberry32,
  normalCdf,
  normalQuantile,
  optimalityGap,
  probabilityOfImprovement,
  studentTCdf,
  studentTQuantile,
} from '../src/index.js';
import { python, pythonMissing, runsByTasks } from './helpers.js';

// rliable/metrics.py ported to the letter (NumPy + SciPy), on rliable's runs × tasks matrices.
const RLIABLE = `
import json, sys
import numpy as np, scipy.stats
def aggregate_mean(s): return np.mean(np.mean(s, axis=0), axis=0)
def aggregate_median(s): return np.median(np.mean(s, axis=0), axis=0)
def aggregate_optimality_gap(s, gamma=1): return gamma - np.mean(np.minimum(s, gamma))
def aggregate_iqm(s): return scipy.stats.trim_mean(s, proportiontocut=0.25, axis=None)
def probability_of_improvement(x, y):
  probs = []
  for task in range(x.shape[1]):
    if np.array_equal(x[:, task], y[:, task]): p = 0.5
    else:
      p, _ = scipy.stats.mannwhitneyu(x[:, task], y[:, task], alternative='greater')
      p /= (x.shape[0] * y.shape[0])
    probs.append(p)
  return np.mean(probs)
out = []
for case in json.load(sys.stdin):
  x = np.asarray(case['x'], dtype=float); y = np.asarray(case['y'], dtype=float)
  out.append([aggregate_iqm(x), aggregate_mean(x), aggregate_median(x), aggregate_optimality_gap(x),
              aggregate_optimality_gap(x, 2.0), probability_of_improvement(x, y)])
print(json.dumps([[float(v) for v in row] for row in out]))
`;

function matrix(random: () => number, runs: number, tasks: number, scale: number, ties: boolean): number[][] {
  return Array.from({ length: tasks }, (_, t) =>
    Array.from({ length: runs }, () => {
      const v = (random() + t * 0.1) * scale;
      return ties ? Math.round(v * 4) / 4 : v;
    }),
  );
}

describe.skipIf(pythonMissing)("against a NumPy/SciPy port of rliable's metrics", () => {
  it('point estimates agree to 1e-9 on 60 random matrices (ties included)', () => {
    const random = mulberry32(7);
    const cases = Array.from({ length: 60 }, (_, i) => {
      const runs = 2 + (i % 9);
      const tasks = 1 + (i % 5);
      const scale = i % 3 === 0 ? 1 : 300;
      const x = matrix(random, runs, tasks, scale, i % 2 === 0);
      const y = matrix(random, 2 + ((i * 7) % 6), tasks, scale, i % 2 === 0);
      return { x, y };
    });
    const oracle = python<number[][]>(
      RLIABLE,
      cases.map(({ x, y }) => ({ x: runsByTasks(x), y: runsByTasks(y) })),
    );
    cases.forEach(({ x, y }, i) => {
      const ours = [
        aggregateIqm(x),
        aggregateMean(x),
        aggregateMedian(x),
        optimalityGap(x),
        optimalityGap(x, 2),
        probabilityOfImprovement(x, y),
      ];
      ours.forEach((value, k) => {
        const want = oracle[i]?.[k] as number;
        expect(Math.abs(value - want), `case ${i} metric ${k}`).toBeLessThanOrEqual(
          1e-9 * Math.max(1, Math.abs(want)),
        );
      });
    });
  });

  it('stratified bootstrap intervals agree with NumPy within Monte-Carlo error', () => {
    const random = mulberry32(3);
    const x = matrix(random, 10, 5, 1, false);
    const y = matrix(random, 10, 5, 1, false).map((task) => task.map((v) => v * 0.9));
    const R = 20_000;
    const ours = aggregatesWithIntervals(x, { resamples: R, seed: 1 });
    const poi = improvementWithInterval(x, y, { resamples: R, seed: 2 });
    // rliable's StratifiedBootstrap: runs resampled within each task, numpy's own generator
    const oracle = python<number[][]>(
      `
import json, sys
import numpy as np, scipy.stats
d = json.load(sys.stdin); x = np.asarray(d['x']); y = np.asarray(d['y']); R = d['R']
rng = np.random.default_rng(0)
def strat(m):
  runs, tasks = m.shape
  idx = rng.integers(0, runs, size=(R, runs, tasks))
  return np.take_along_axis(np.broadcast_to(m, (R, runs, tasks)), idx, axis=1)
bx = strat(x); by = strat(y)
iqm = scipy.stats.trim_mean(bx.reshape(R, -1), 0.25, axis=1)
means = bx.mean(axis=1)
stats = [iqm, means.mean(axis=1), np.median(means, axis=1), 1 - np.minimum(bx, 1).reshape(R, -1).mean(axis=1)]
gt = (bx[:, :, None, :] > by[:, None, :, :]).mean(axis=(1, 2)) + 0.5 * (bx[:, :, None, :] == by[:, None, :, :]).mean(axis=(1, 2))
stats.append(gt.mean(axis=1))
print(json.dumps([[float(v) for v in np.percentile(s, [2.5, 97.5])] for s in stats]))
`,
      { x: runsByTasks(x), y: runsByTasks(y), R },
    );
    const got = [ours.iqm, ours.mean, ours.median, ours.optimalityGap, poi];
    got.forEach((estimate, k) => {
      const [lo, hi] = oracle[k] as [number, number];
      const width = hi - lo;
      // the ends of a 95 % percentile interval from 20,000 resamples move by about 2 % of its width
      expect(Math.abs(estimate.ci[0] - lo), `stat ${k} low`).toBeLessThan(0.05 * width);
      expect(Math.abs(estimate.ci[1] - hi), `stat ${k} high`).toBeLessThan(0.05 * width);
    });
  });

  it("BCa intervals agree with scipy.stats.bootstrap(method='BCa') within Monte-Carlo error", () => {
    const random = mulberry32(11);
    // skewed data, where BCa and percentile differ
    const sample = Array.from({ length: 25 }, () => (-Math.log(1 - random())) ** 2);
    const ours = bootstrap([sample], (r) => mean(r[0] as Float64Array), {
      method: 'bca',
      resamples: 40_000,
      seed: 5,
    });
    const percentile = bootstrap([sample], (r) => mean(r[0] as Float64Array), { resamples: 40_000, seed: 5 });
    const [lo, hi] = python<[number, number]>(
      `
import json, sys
import numpy as np, scipy.stats
x = np.asarray(json.load(sys.stdin))
r = scipy.stats.bootstrap((x,), np.mean, n_resamples=40000, method='BCa', random_state=np.random.default_rng(1))
print(json.dumps([float(r.confidence_interval.low), float(r.confidence_interval.high)]))
`,
      sample,
    );
    const width = hi - lo;
    expect(Math.abs(ours.ci[0] - lo)).toBeLessThan(0.04 * width);
    expect(Math.abs(ours.ci[1] - hi)).toBeLessThan(0.04 * width);
    // and BCa did move the interval: right-skewed data shifts it up from the percentile one
    expect(ours.ci[1]).toBeGreaterThan(percentile.ci[1]);
  });

  it('normal and Student t quantiles and distribution functions agree with SciPy to 1e-9', () => {
    const ps = [1e-12, 1e-6, 0.001, 0.025, 0.1, 0.3, 0.5, 0.7, 0.975, 0.999, 1 - 1e-9];
    const dfs = [1, 2, 4, 9, 29, 99, 1000];
    const zs = [-8, -3, -1.96, -0.5, 0, 0.7, 2.5, 6];
    const oracle = python<{ nq: number[]; nc: number[]; tq: number[][]; tc: number[][] }>(
      `
import json, sys
from scipy import stats, special
d = json.load(sys.stdin)
print(json.dumps({
  'nq': [float(special.ndtri(p)) for p in d['ps']],
  'nc': [float(special.ndtr(z)) for z in d['zs']],
  'tq': [[float(stats.t.ppf(p, df)) for p in d['ps']] for df in d['dfs']],
  'tc': [[float(stats.t.cdf(z, df)) for z in d['zs']] for df in d['dfs']],
}))
`,
      { ps, dfs, zs },
    );
    const close = (a: number, b: number, what: string): void => {
      expect(Math.abs(a - b), what).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
    };
    ps.forEach((p, i) => {
      close(normalQuantile(p), oracle.nq[i] as number, `ndtri(${p})`);
    });
    zs.forEach((z, i) => {
      close(normalCdf(z), oracle.nc[i] as number, `ndtr(${z})`);
    });
    dfs.forEach((df, j) => {
      ps.forEach((p, i) => {
        close(studentTQuantile(p, df), oracle.tq[j]?.[i] as number, `t.ppf(${p}, ${df})`);
      });
      zs.forEach((z, i) => {
        close(studentTCdf(z, df), oracle.tc[j]?.[i] as number, `t.cdf(${z}, ${df})`);
      });
    });
  });
});

describe('properties (fast-check)', () => {
  const task = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 12 });
  const tasks = fc.array(task, { minLength: 1, maxLength: 5 });

  it('the aggregates do not depend on the order of runs, and lie within the scores', () => {
    fc.assert(
      fc.property(tasks, fc.integer(), (scores, shift) => {
        const shuffled = scores.map((t) => [...t].sort(() => (shift % 2 === 0 ? 1 : -1)).reverse());
        const all = scores.flat();
        const [lo, hi] = [Math.min(...all), Math.max(...all)];
        for (const f of [aggregateIqm, aggregateMean, aggregateMedian]) {
          const a = f(scores);
          expect(f(shuffled)).toBeCloseTo(a, 6);
          expect(a).toBeGreaterThanOrEqual(lo - 1e-9 * Math.abs(lo));
          expect(a).toBeLessThanOrEqual(hi + 1e-9 * Math.abs(hi));
        }
      }),
    );
  });

  it('P(X > Y) + P(Y > X) = 1, in [0, 1]; the optimality gap is in [0, γ − min] ', () => {
    fc.assert(
      fc.property(tasks, tasks, (x, y) => {
        const n = Math.min(x.length, y.length);
        const [a, b] = [x.slice(0, n), y.slice(0, n)];
        const p = probabilityOfImprovement(a, b);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        expect(p + probabilityOfImprovement(b, a)).toBeCloseTo(1, 12);
        const gap = optimalityGap(a);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(1 - Math.min(1, ...a.flat()) + 1e-9);
      }),
    );
  });

  it('every interval contains its estimate for the mean-like statistics and is ordered', () => {
    fc.assert(
      fc.property(tasks, fc.nat(1000), (scores, seed) => {
        const result = aggregatesWithIntervals(scores, { resamples: 200, seed });
        for (const e of Object.values(result)) {
          expect(e.ci[0]).toBeLessThanOrEqual(e.ci[1]);
        }
        const all = scores.flat();
        // within the scores, up to the rounding of a mean of equal values (3 × x / 3 need not be x)
        const [lo, hi] = [Math.min(...all), Math.max(...all)];
        expect(result.iqm.ci[0]).toBeGreaterThanOrEqual(lo - 1e-12 * Math.abs(lo));
        expect(result.iqm.ci[1]).toBeLessThanOrEqual(hi + 1e-12 * Math.abs(hi));
      }),
      { numRuns: 50 },
    );
  });
});
