import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundHalfEven } from '../src/file-names.js';
import { episodeFileStem, frameDelayCentiseconds } from '../src/index.js';
import { testDir } from './helpers.js';

describe('frameDelayCentiseconds', () => {
  it('30 fps gives 3, 3, 4, 3, 3, 4 cs', () => {
    expect(Array.from({ length: 6 }, (_, i) => frameDelayCentiseconds(i, 30))).toEqual([3, 3, 4, 3, 3, 4]);
    expect(Array.from({ length: 4 }, (_, i) => frameDelayCentiseconds(i, 25))).toEqual([4, 4, 4, 4]);
  });

  it('keeps the average rate at fps: the first n frames last floor(n × 100 / fps) cs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 3000 }), (fps, n) => {
        let total = 0;
        let outside = 0;
        for (let i = 0; i < n; i++) {
          const delay = frameDelayCentiseconds(i, fps);
          if (delay !== Math.floor(100 / fps) && delay !== Math.ceil(100 / fps)) outside++;
          total += delay;
        }
        expect(outside).toBe(0);
        expect(total).toBe(Math.floor((n * 100) / fps));
      }),
      { numRuns: 200 },
    );
  });
});

describe('episode file names', () => {
  it("round like Python's round(): halves to even", () => {
    expect([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4999, 2.5001].map(roundHalfEven)).toEqual([
      0, 2, 2, 0, -2, -2, 2, 3,
    ]);
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const r = roundHalfEven(x);
        expect(Number.isInteger(r)).toBe(true);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5);
        if (Math.abs(r - x) === 0.5) expect(r % 2 === 0).toBe(true);
      }),
    );
  });

  it("match the Python reference trainer's file names", () => {
    const dir = join(testDir, '../../../fixtures/python-reference/evidence/animations/train');
    const jsons = readdirSync(dir).filter((name) => name.endsWith('.json'));
    expect(jsons.length).toBeGreaterThanOrEqual(3);
    for (const name of jsons) {
      const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, number>;
      const stem = episodeFileStem(
        'train',
        record.episode as number,
        record.episode_reward as number,
        record.avg_reward as number,
      );
      expect(`${stem}.json`).toBe(name);
    }
  });

  it('write nan and inf as Python would, never -0', () => {
    expect(episodeFileStem('eval', 12345, Number.NaN, Number.NEGATIVE_INFINITY)).toBe(
      'eval_episode_12345_reward_nan_avg_-inf',
    );
    expect(episodeFileStem('', 7, -0.4, 0.5)).toBe('episode_0007_reward_0_avg_0');
  });
});
