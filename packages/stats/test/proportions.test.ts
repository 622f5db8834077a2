import { describe, expect, it } from 'vitest';
import { newcombeDifference, newcombePairedDifference, wilson } from '../src/index.js';

const round4 = ([lo, hi]: [number, number]) => [Number(lo.toFixed(4)), Number(hi.toFixed(4))];

describe('score intervals against the worked examples of the literature', () => {
  it('Wilson: Newcombe (1998, Stat Med 17:857), Table I, method 3', () => {
    expect(round4(wilson(81, 263))).toEqual([0.2553, 0.3662]);
    expect(round4(wilson(15, 148))).toEqual([0.0624, 0.1605]);
    expect(round4(wilson(0, 20))).toEqual([0, 0.1611]);
    expect(round4(wilson(1, 29))).toEqual([0.0061, 0.1718]);
  });

  it('Wilson never collapses to a point: 50 of 50 is about [0.93, 1], 0 of 50 about [0, 0.07]', () => {
    expect(round4(wilson(50, 50))).toEqual([0.9287, 1]);
    expect(wilson(50, 50)[1]).toBe(1);
    expect(wilson(0, 50)[0]).toBe(0);
    expect(wilson(0, 50)[1]).toBeGreaterThan(0.07);
  });

  it("Newcombe's hybrid score (method 10): Newcombe (1998, Stat Med 17:873), Table II", () => {
    // his examples are p1 − p2; ours is after − before, so "after" is his first sample
    const cases: [number, number, number, number, [number, number]][] = [
      [56, 70, 48, 80, [0.0524, 0.3339]],
      [9, 10, 3, 10, [0.1705, 0.809]],
      [5, 56, 0, 29, [-0.0381, 0.1926]],
      [0, 10, 0, 20, [-0.1611, 0.2775]],
      [0, 10, 0, 10, [-0.2775, 0.2775]],
      [10, 10, 0, 20, [0.6791, 1]],
      [10, 10, 0, 10, [0.6075, 1]],
    ];
    for (const [x1, n1, x2, n2, expected] of cases) {
      expect(round4(newcombeDifference(x2, n2, x1, n1)), `${x1}/${n1} − ${x2}/${n2}`).toEqual(expected);
    }
  });

  it("Newcombe's paired interval: Fagerland, Lydersen & Laake (2017), the Cavo et al. example", () => {
    // 59 responded before and after, 6 before only... written as his p1 − p2 = (59+6)/161 − (59+16)/161
    expect(round4(newcombePairedDifference(59, 16, 6, 80))).toEqual([-0.1186, -0.0046]);
    // no discordant pair at all still gives an interval around 0, not a point
    const [lo, hi] = newcombePairedDifference(30, 0, 0, 20);
    expect(lo).toBeLessThan(0);
    expect(hi).toBeGreaterThan(0);
  });
});
