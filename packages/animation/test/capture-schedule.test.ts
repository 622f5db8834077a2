import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CaptureSchedule, isCappedCubic } from '../src/index.js';

/** Gymnasium's capped_cubic_video_schedule as written in Python: round(id ** (1/3)) ** 3 == id. */
function gymnasiumCubic(episode: number): boolean {
  if (episode < 1000) return Math.round(episode ** (1 / 3)) ** 3 === episode;
  return episode % 1000 === 0;
}

const rules = fc.record(
  {
    episodes: fc.uniqueArray(fc.nat(5000), { maxLength: 8 }),
    every: fc.nat(300),
    last: fc.nat(50),
    cubic: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe('CaptureSchedule', () => {
  it('captures exactly the union of its rules', () => {
    fc.assert(
      fc.property(
        rules,
        fc.nat(6000),
        fc.option(fc.nat(6000), { nil: undefined }),
        (options, episode, total) => {
          const expected =
            (options.episodes ?? []).includes(episode) ||
            ((options.every ?? 0) > 0 && episode % (options.every ?? 0) === 0) ||
            ((options.last ?? 0) > 0 && total !== undefined && episode >= total - (options.last ?? 0)) ||
            (options.cubic === true && gymnasiumCubic(episode));
          expect(new CaptureSchedule(options).shouldCapture(episode, total)).toBe(expected);
        },
      ),
    );
  });

  it('adding a rule never captures fewer episodes', () => {
    fc.assert(
      fc.property(rules, rules, fc.nat(6000), fc.nat(6000), (a, b, episode, total) => {
        const merged = new CaptureSchedule({
          episodes: [...(a.episodes ?? []), ...(b.episodes ?? [])],
          every: a.every,
          last: Math.max(a.last ?? 0, b.last ?? 0),
          cubic: a.cubic || b.cubic,
        });
        if (new CaptureSchedule({ ...a, every: a.every }).shouldCapture(episode, total)) {
          expect(merged.shouldCapture(episode, total)).toBe(true);
        }
      }),
    );
  });

  it("follows Gymnasium's capped cubic schedule: 0, 1, 8, …, 729, then every 1000", () => {
    const cubic = new CaptureSchedule({ cubic: true });
    const captured = Array.from({ length: 5001 }, (_, episode) => episode).filter((e) =>
      cubic.shouldCapture(e),
    );
    expect(captured).toEqual([0, 1, 8, 27, 64, 125, 216, 343, 512, 729, 1000, 2000, 3000, 4000, 5000]);
    const differing = Array.from({ length: 20_001 }, (_, e) => e).filter(
      (e) => isCappedCubic(e) !== gymnasiumCubic(e),
    );
    expect(differing).toEqual([]);
  });

  it('every N-th: episode % N == 0; last N: episode >= total - N; rules not given are off', () => {
    const schedule = new CaptureSchedule({ every: 100, last: 1 });
    expect([0, 99, 100, 101, 198, 199].map((e) => schedule.shouldCapture(e, 200))).toEqual([
      true,
      false,
      true,
      false,
      false,
      true,
    ]);
    expect(schedule.shouldCapture(199)).toBe(false); // no total: the last rule cannot apply
    expect(new CaptureSchedule({}).shouldCapture(0, 1)).toBe(false);
    expect(new CaptureSchedule({ episodes: [3] }).shouldCapture(-1, 10)).toBe(false);
  });

  it('names the option and the value it rejects', () => {
    expect(() => new CaptureSchedule({ every: -1 })).toThrow('every must be a whole number ≥ 0, got -1');
    expect(() => new CaptureSchedule({ last: 1.5 })).toThrow('last must be a whole number ≥ 0, got 1.5');
    expect(() => new CaptureSchedule({ episodes: [2, Number.NaN] })).toThrow(
      'episodes must be whole numbers ≥ 0, got NaN',
    );
  });
});
