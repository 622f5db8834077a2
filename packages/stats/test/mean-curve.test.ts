import { describe, expect, it } from 'vitest';
import { meanCurve, mulberry32 } from '../src/index.js';
import { python, pythonMissing } from './helpers.js';

// The rule in NumPy: a 100-point grid over the runs' x, np.interp inside each run's logged range only
// (values logged at one x count as their mean), the mean of the runs covering x and the t-interval of that mean.
const NUMPY = `
import json, sys
import numpy as np
from scipy import stats
out = []
for runs in json.load(sys.stdin):
  clean = []
  for r in runs:
    x = np.array(r['x'], float); y = np.array(r['y'], float)
    ux = np.unique(x)
    clean.append((ux, np.array([y[x == u].mean() for u in ux])))
  lo, hi = min(c[0][0] for c in clean), max(c[0][-1] for c in clean)
  grid = np.linspace(lo, hi, 100); grid[-1] = hi
  mean, low, high = [], [], []
  for g in grid:
    v = np.array([np.interp(g, x, y) for x, y in clean if x[0] <= g <= x[-1]])
    mean.append(float(v.mean()))
    if len(v) < 2: low.append(None); high.append(None); continue
    h = stats.t.ppf(0.975, len(v) - 1) * v.std(ddof=1) / np.sqrt(len(v))
    low.append(float(v.mean() - h)); high.append(float(v.mean() + h))
  out.append({'x': grid.tolist(), 'mean': mean, 'lo': low, 'hi': high})
print(json.dumps(out))
`;

describe.skipIf(pythonMissing)('meanCurve against NumPy', () => {
  it('agrees to 1e-9 on 30 groups of runs logged at different steps (repeats included)', () => {
    const random = mulberry32(9);
    const groups = Array.from({ length: 30 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
        const start = Math.floor(random() * 300);
        const n = 2 + Math.floor(random() * 40);
        const x: number[] = [];
        let at = start;
        for (let i = 0; i < n; i++) {
          x.push(at);
          at += random() < 0.1 ? 0 : 1 + Math.floor(random() * 200); // sometimes a step logged twice
        }
        return { x, y: x.map(() => random() * 100) };
      }),
    );
    const expected = python<{ x: number[]; mean: number[]; lo: (number | null)[]; hi: (number | null)[] }[]>(
      NUMPY,
      groups,
    );
    groups.forEach((runs, g) => {
      const got = meanCurve(runs);
      const want = expected[g] as (typeof expected)[number];
      for (const key of ['x', 'mean', 'lo', 'hi'] as const)
        got[key].forEach((v, i) => {
          const w = want[key][i] ?? Number.NaN;
          if (Number.isNaN(w)) expect(v).toBeNaN();
          else
            expect(Math.abs(v - w), `${key}[${i}] of group ${g}`).toBeLessThan(
              1e-9 * Math.max(1, Math.abs(w)),
            );
        });
    });
  });
});

describe('meanCurve: no extrapolation', () => {
  it('a run counts only inside the x it logged; one run left: no band', () => {
    const curve = meanCurve([
      { x: [0, 100], y: [0, 100] },
      { x: [0, 50], y: [10, 20] },
    ]);
    expect(curve.x[0]).toBe(0);
    expect(curve.x[99]).toBe(100);
    expect(curve.mean[99]).toBe(100); // only the first run reaches 100
    expect(curve.lo[99]).toBeNaN();
    expect(curve.mean[0]).toBe(5);
  });
});

describe('meanCurve of runs logged out of order', () => {
  it('is the curve of the same points in x order (repeats averaged either way)', () => {
    const random = mulberry32(4);
    const runs = Array.from({ length: 4 }, () => {
      const x = Array.from({ length: 30 }, () => Math.floor(random() * 20) * 10);
      return { x, y: x.map(() => random() * 100) };
    });
    const sorted = runs.map(({ x, y }) => {
      const order = x.map((_, i) => i).sort((a, b) => (x[a] as number) - (x[b] as number) || a - b);
      return { x: order.map((i) => x[i] as number), y: order.map((i) => y[i] as number) };
    });
    expect(runs.some((r) => r.x.some((v, i) => i > 0 && v < (r.x[i - 1] as number)))).toBe(true);
    const got = meanCurve(runs);
    const want = meanCurve(sorted);
    expect(got.x).toEqual(want.x);
    for (const key of ['mean', 'lo', 'hi'] as const)
      for (const [i, v] of got[key].entries()) expect(v).toBeCloseTo(want[key][i] as number, 9);
  });
});
