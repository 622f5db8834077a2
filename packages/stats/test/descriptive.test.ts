import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iqm, median, probabilityGreater, std } from '../src/index.js';
import { python, pythonMissing } from './helpers.js';

/** P(post > pre), as the before/after report states it. */
const probabilityOfImprovement = (pre: number[], post: number[]) => probabilityGreater(post, pre);

describe.skipIf(pythonMissing)('one-sample statistics against NumPy (independent oracle)', () => {
  it(`median, std, IQM and P(improvement) ${pythonMissing ?? ''}`, () => {
    const samples = fc.sample(
      fc.tuple(
        fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 2, maxLength: 60 }),
        fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 2, maxLength: 60 }), // many ties
      ),
      { numRuns: 40, seed: 1 },
    );
    const cases = samples.flatMap(([a, b]) => [a, b.map((v) => v / 2)]);
    const ours = cases.map((x, i) => {
      const y = cases[(i + 1) % cases.length] as number[];
      return [median(x), std(x), iqm(x), probabilityOfImprovement(x, y)];
    });
    const oracle = python<number[][]>(
      `
import json, sys, numpy as np
cases = json.load(sys.stdin)
def trim_mean(x, p):
    s = np.sort(np.asarray(x, dtype=float)); n = len(s); k = int(p * n)
    return float(np.mean(s[k:n - k]))
def prob_improvement(x, y):
    x = np.asarray(x)[:, None]; y = np.asarray(y)[None, :]
    return float(((y > x).sum() + 0.5 * (y == x).sum()) / (x.size * y.size))
out = []
for i, x in enumerate(cases):
    y = cases[(i + 1) % len(cases)]
    out.append([float(np.median(x)), float(np.std(x, ddof=1)), trim_mean(x, 0.25), prob_improvement(x, y)])
print(json.dumps(out))
`,
      cases,
    );
    ours.forEach((row, i) => {
      row.forEach((value, j) => {
        expect(value, `case ${i} stat ${j}`).toBeCloseTo(oracle[i]?.[j] as number, 9);
      });
    });
  });
});
