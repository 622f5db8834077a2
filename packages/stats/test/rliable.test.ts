import { describe, expect, it } from 'vitest';
import {
  aggregateIqm,
  aggregateMean,
  aggregateMedian,
  aggregatesWithIntervals,
  bootstrap,
  improvementWithInterval,
  optimalityGap,
  performanceProfile,
  probabilityOfImprovement,
  sampleEfficiencyCurve,
  scoreDistribution,
  stream,
} from '../src/index.js';
import { tasksOf } from './helpers.js';

// rliable's own test cases (rliable/metrics_test.py), in its runs × tasks layout, turned per task.
const X = tasksOf([
  [1, 2],
  [2, 2],
  [1, 1],
  [2, 1],
]);
const Y = tasksOf([
  [1, 1],
  [2, 2],
  [3, 3],
]);

describe("rliable's test cases", () => {
  it('median, mean and IQM are 1.5 for x and 2 for y', () => {
    for (const [scores, expected] of [
      [X, 1.5],
      [Y, 2],
    ] as const) {
      expect(aggregateMedian(scores)).toBe(expected);
      expect(aggregateMean(scores)).toBe(expected);
      expect(aggregateIqm(scores)).toBe(expected);
    }
  });

  it('P(X > Y) = 1/3 and P(Y > X) = 2/3', () => {
    expect(probabilityOfImprovement(X, Y)).toBeCloseTo(1 / 3, 15);
    expect(probabilityOfImprovement(Y, X)).toBeCloseTo(2 / 3, 15);
  });

  it('the optimality gap: γ − mean of min(score, γ)', () => {
    expect(optimalityGap(X, 2)).toBe(0.5);
    expect(optimalityGap(Y, 2)).toBe(2 - (1 + 1 + 2 + 2 + 2 + 2) / 6);
    expect(optimalityGap([[0.5, 1.5]])).toBe(0.25);
  });

  it('identical runs are a coin toss: P = ½', () => {
    expect(probabilityOfImprovement(X, X)).toBe(0.5);
  });

  it('ragged: tasks may have different numbers of runs', () => {
    const ragged = [[1, 2, 3], [10]];
    expect(aggregateMean(ragged)).toBe((2 + 10) / 2);
    expect(aggregateMedian(ragged)).toBe(6);
    expect(aggregateIqm(ragged)).toBe((2 + 3) / 2); // [1,2,3,10]: one cut from each end
    expect(scoreDistribution(ragged, [0, 2, 10])).toEqual([1, 0.5, 0]);
  });

  it('a task without runs in one algorithm is an error, not a silent average', () => {
    expect(() => probabilityOfImprovement(X, [[1]])).toThrow(/x has 2 tasks, y has 1/);
  });
});

describe('aggregatesWithIntervals', () => {
  it('estimates exactly what the four aggregate functions give (its one-pass statistic is theirs)', () => {
    const scores = [
      [0.3, 1.2, 0.7, 0.05, 0.9],
      [0.4, 0.41, 2.5],
      [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7],
    ];
    for (const gamma of [1, 0.5]) {
      const four = aggregatesWithIntervals(scores, { resamples: 50, gamma });
      expect(four.iqm.estimate).toBeCloseTo(aggregateIqm(scores), 12);
      expect(four.mean.estimate).toBeCloseTo(aggregateMean(scores), 12);
      expect(four.median.estimate).toBeCloseTo(aggregateMedian(scores), 12);
      expect(four.optimalityGap.estimate).toBeCloseTo(optimalityGap(scores, gamma), 12);
    }
  });
});

describe('performanceProfile', () => {
  it("its band is rliable's: the fraction above τ of each resample, as scoreDistribution counts it", () => {
    const scores = [
      [0.1, 0.5, 0.5, 0.9],
      [0.2, 0.7, 1.0],
    ];
    const taus = [0, 0.5, 0.8, 1];
    const ours = performanceProfile(scores, taus, { resamples: 300, seed: 4 });
    expect(ours.fraction).toEqual(scoreDistribution(scores, taus));
    // the same resamples through the generic statistic: identical bands
    const plain = bootstrap(scores, (resample) => scoreDistribution(resample, taus), {
      resamples: 300,
      seed: 4,
    });
    expect(ours.low).toEqual(plain.map((e) => e.ci[0]));
    expect(ours.high).toEqual(plain.map((e) => e.ci[1]));
  });
});

describe('improvementWithInterval and sampleEfficiencyCurve', () => {
  const x = [
    [0.3, 0.9, 0.5, 0.5, 0.2],
    [1.0, 0.8, 0.6],
  ];
  const y = [
    [0.1, 0.5, 0.4, 0.2],
    [0.7, 0.9, 0.5, 0.6],
  ];

  it("P(X > Y) from counts: rliable's number, and the plain statistic's interval on the same resamples", () => {
    const ours = improvementWithInterval(x, y, { resamples: 400, seed: 2 });
    expect(ours.estimate).toBeCloseTo(probabilityOfImprovement(x, y), 15);
    const plain = bootstrap([...x, ...y], (r) => probabilityOfImprovement(r.slice(0, 2), r.slice(2)), {
      resamples: 400,
      seed: 2,
    });
    expect(ours.ci[0]).toBeCloseTo(plain.ci[0], 12);
    expect(ours.ci[1]).toBeCloseTo(plain.ci[1], 12);
  });

  it('the curve is the aggregate at each point, with the bootstrap interval of that point', () => {
    const curve = sampleEfficiencyCurve([y, x], { resamples: 300, randomAt: (i) => stream(1, String(i)) });
    expect(curve.estimate).toEqual([aggregateIqm(y), aggregateIqm(x)]);
    const second = bootstrap(x, (r) => aggregateIqm(r), { resamples: 300, random: stream(1, '1') });
    expect([curve.low[1], curve.high[1]]).toEqual(second.ci);
  });
});
