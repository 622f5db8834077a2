import { describe, expect, it } from 'vitest';
import {
  type AggregateName,
  COVERED_FROM,
  coverageStudy,
  expandedConfidence,
  intervalPlan,
  STUDY_DISTRIBUTIONS,
} from '../src/index.js';

// The claim behind every "95% CI" of an aggregate: where COVERED_FROM says an interval is shown, it
// covers at least 92 % of simulated studies on a normal and a skewed (lognormal) distribution. Fewer
// studies and resamples than `pnpm bench` (2,000 each), so this stays a few seconds.
describe('aggregate intervals cover what they claim', () => {
  for (const d of STUDY_DISTRIBUTIONS)
    for (const n of [3, 5, 10]) {
      const shown = (Object.keys(COVERED_FROM) as AggregateName[]).filter((a) => n >= COVERED_FROM[a]);
      it.skipIf(shown.length === 0)(`${d.name}, ${n} runs: ${shown.join(', ')} cover ≥ 92 %`, () => {
        const coverage = coverageStudy(d, n, { studies: 400, resamples: 500, seed: n });
        for (const a of shown) expect(coverage[a], a).toBeGreaterThanOrEqual(0.92);
      });
    }

  it('below the covered number of runs: the range and why, never a "95% CI"', () => {
    const plan = intervalPlan('mean', 3);
    expect('range' in plan && plan.why).toMatch(/3 runs per task: too few for a 95% interval of the mean/);
    expect(intervalPlan('iqm', 5)).toEqual({ confidence: expandedConfidence(5) });
  });

  it('the expanded level: wider than 95 % with few runs, towards 95 % with many', () => {
    expect(expandedConfidence(5)).toBeGreaterThan(0.99);
    expect(expandedConfidence(10)).toBeGreaterThan(0.97);
    expect(expandedConfidence(1000)).toBeCloseTo(0.95, 2);
  });
});
