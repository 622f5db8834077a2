import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStatistic } from '../src/compare-text.js';
import { compareEvaluations } from '../src/index.js';
import { FIXTURE } from './helpers.js';

it('formatStatistic: short, readable and close to the value for every double', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), (value, signed) => {
      const text = formatStatistic(value, signed);
      expect(text.length, text).toBeLessThanOrEqual(12); // never 300 digits
      const back = Number(text);
      const size = Math.abs(value);
      if (!Number.isFinite(back))
        expect(size).toBeGreaterThan(1.7976e308); // rounded up past the largest double
      else if (size >= 1e-4 && size < 1e6)
        expect(Math.abs(back - value)).toBeLessThanOrEqual(5e-5 + size * 1e-15);
      else if (value !== 0) expect(Math.abs(back - value) / size).toBeLessThanOrEqual(5e-5);
      if (signed && value > 0) expect(text.startsWith('+')).toBe(true);
    }),
    { numRuns: 2000 },
  );
  expect([
    formatStatistic(Number.NaN),
    formatStatistic(Number.POSITIVE_INFINITY, true),
    formatStatistic(-Infinity),
  ]).toEqual(['nan', '+inf', '-inf']);
  expect(formatStatistic(1.7e308)).toBe('1.7000e+308');
  expect(formatStatistic(0.04579)).toBe('0.0458');
});

describe("compareEvaluations' views (what `evidence compare` prints)", () => {
  const pre = join(FIXTURE, 'pre_eval.jsonl');
  const post = join(FIXTURE, 'post_eval.jsonl');

  it('text: the before/after table with verdicts, P(post > pre) and the method', async () => {
    const comparison = await compareEvaluations(pre, post, { resamples: 200 });
    const lines = comparison.text().split('\n');
    expect(lines[0]).toMatch(/^metric\s+pre\s+post\s+delta\s+95% CI of delta\s+verdict \(exact test, 5%\)$/);
    const mean = lines.find((line) => line.startsWith('mean_reward'));
    expect(mean).toContain(formatStatistic(comparison.metrics.delta.mean_reward, true));
    expect(mean).toMatch(/better \(p = 2\.09e-07\)$/);
    expect(lines.some((line) => /^P\(post > pre\) = 0\.\d{3} \[/.test(line))).toBe(true);
    expect(lines.at(-2)).toMatch(/^intervals: .*, 200 resamples, seed 0$/);
  });

  it('json: the metrics without the issues, with the tests', async () => {
    const comparison = await compareEvaluations(pre, post, { resamples: 200 });
    const json = comparison.json();
    expect(json).not.toHaveProperty('issues');
    expect(json.tests).toBe(comparison.tests);
    expect(json.delta).toEqual(comparison.metrics.delta);
  });

  it('gate: improved by default (mean_reward), a usage error for an unknown metric', async () => {
    const comparison = await compareEvaluations(pre, post, { resamples: 200 });
    expect(comparison.gate()).toEqual({
      status: 'improved',
      message: expect.stringMatching(
        /^improved: mean_reward \+\S+, 95% CI \[.*Mann–Whitney test p = 2\.09e-07 ≤ 0\.05$/,
      ),
    });
    expect(comparison.gate('nope')).toEqual({
      status: 'usage',
      message: expect.stringMatching(
        /^--require-improvement: no metric "nope" \(the metrics are mean_reward, /,
      ),
    });
  });
});
