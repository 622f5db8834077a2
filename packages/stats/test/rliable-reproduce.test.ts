// rliable's stratified percentile bootstrap reproduced to 1e-9: a NumPy port of rliable/library.py's
// StratifiedBootstrap (np.random.choice of a runs × tasks matrix of run indices per resample) and of
// arch's percentile interval draws the resamples, and ours is fed the very same indices.
import { describe, expect, it } from 'vitest';
import { aggregateIqm, aggregatesWithIntervals, bootstrap, iqm, mulberry32 } from '../src/index.js';
import { python, pythonMissing, tasksOf } from './helpers.js';

const RLIABLE_BOOTSTRAP = `
import json, sys
import numpy as np, scipy.stats
def aggregate_iqm(s): return scipy.stats.trim_mean(s, proportiontocut=0.25, axis=None)
def aggregate_mean(s): return np.mean(np.mean(s, axis=0), axis=0)
def aggregate_median(s): return np.median(np.mean(s, axis=0), axis=0)
def aggregate_optimality_gap(s, gamma=1): return gamma - np.mean(np.minimum(s, gamma))
def func(s): return np.array([aggregate_iqm(s), aggregate_mean(s), aggregate_median(s), aggregate_optimality_gap(s)])
out = []
for case in json.load(sys.stdin):
  scores = np.asarray(case['scores'], dtype=float)  # rliable's layout: runs x tasks
  runs, tasks = scores.shape
  np.random.seed(case['seed'])
  # StratifiedBootstrap._get_strata_indices and update_indices (task_bootstrap=False)
  strata = np.ogrid[tuple(slice(x) for x in (0, tasks))][1:]
  results = np.zeros((case['reps'], 4))
  drawn = []
  for r in range(case['reps']):
    indices = np.random.choice(runs, scores.shape, replace=True)
    drawn.append(indices.T.tolist())
    results[r] = func(scores[(indices, *strata)])
  # arch's conf_int(method='percentile', size=0.95): np.percentile at alpha and 1 - alpha
  alpha = (1 - 0.95) / 2
  ci = [np.percentile(results[:, i], [100 * alpha, 100 * (1 - alpha)]) for i in range(4)]
  out.append({'estimate': [float(v) for v in func(scores)], 'ci': [[float(a), float(b)] for a, b in ci], 'indices': drawn})
print(json.dumps(out))
`;

interface Oracle {
  estimate: number[];
  ci: [number, number][];
  indices: number[][][];
}

const close = (got: number, want: number, what: string): void => {
  expect(Math.abs(got - want), `${what}: ${got} vs ${want}`).toBeLessThanOrEqual(
    1e-9 * Math.max(1, Math.abs(want)),
  );
};

describe.skipIf(pythonMissing)(
  "rliable's stratified percentile bootstrap, fed rliable's own resamples",
  () => {
    it('IQM, mean, median and optimality gap with their 95% intervals agree to 1e-9', () => {
      const random = mulberry32(39);
      const cases = Array.from({ length: 6 }, (_, i) => {
        const runs = 3 + i;
        const tasks = 1 + (i % 4);
        // every other case with ties, and scores beyond 1 so the optimality gap clips
        const scores = Array.from({ length: runs }, () =>
          Array.from({ length: tasks }, (_, t) => {
            const v = random() * 1.4 + t * 0.05;
            return i % 2 === 0 ? Math.round(v * 4) / 4 : v;
          }),
        );
        return { scores, reps: 600 + 100 * i, seed: i };
      });
      const oracle = python<Oracle[]>(RLIABLE_BOOTSTRAP, cases);
      const names = ['IQM', 'mean', 'median', 'optimality gap'] as const;
      cases.forEach((c, i) => {
        const want = oracle[i] as Oracle;
        const ours = aggregatesWithIntervals(tasksOf(c.scores), { indices: want.indices, confidence: 0.95 });
        const four = [ours.iqm, ours.mean, ours.median, ours.optimalityGap];
        four.forEach((estimate, k) => {
          close(estimate.estimate, want.estimate[k] as number, `case ${i} ${names[k]} estimate`);
          close(estimate.ci[0], (want.ci[k] as [number, number])[0], `case ${i} ${names[k]} low`);
          close(estimate.ci[1], (want.ci[k] as [number, number])[1], `case ${i} ${names[k]} high`);
        });
        // the generic bootstrap, given the same indices, resamples the same runs
        const plain = bootstrap(tasksOf(c.scores), (r) => aggregateIqm(r), { indices: want.indices });
        close(plain.ci[0], (want.ci[0] as [number, number])[0], `case ${i} generic IQM low`);
        close(plain.ci[1], (want.ci[0] as [number, number])[1], `case ${i} generic IQM high`);
      });
    });
  },
);

describe('given indices', () => {
  it('index the values as given, not sorted: [2, 2] of [5, 1, 9] is the resample [9, 9]', () => {
    const seen: number[][] = [];
    bootstrap(
      [[5, 1, 9]],
      ([r]) => {
        seen.push(Array.from(r as Float64Array));
        return iqm(r as Float64Array);
      },
      { indices: [[[2, 2, 0]], [[1, 1, 1]]] },
    );
    expect(seen.slice(1)).toEqual([
      [5, 9, 9],
      [1, 1, 1],
    ]);
  });

  it('bad indices are an error naming where', () => {
    const run = (indices: number[][][]) => () =>
      bootstrap([[1, 2, 3]], ([r]) => iqm(r as Float64Array), { indices });
    expect(run([[[0, 1]]])).toThrow(/indices\[0\]\[0\]: expected 3 indices, got 2/);
    expect(run([[[0, 1, 3]]])).toThrow(/indices\[0\]\[0\]\[2\]: expected a whole number in \[0, 3\), got 3/);
    expect(run([])).toThrow(/resamples: expected a whole number ≥ 1, got 0/);
    expect(() =>
      bootstrap(
        [
          [1, 2],
          [3, 4],
        ],
        () => 0,
        {
          indices: [
            [
              [0, 1],
              [1, 0],
            ],
          ],
          paired: true,
        },
      ),
    ).toThrow(/not|cannot/);
  });
});
