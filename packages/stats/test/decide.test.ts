import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, improvementNewcombe, LEVEL, mirrorVerdict, rankTestBothTails } from '../src/index.js';

const p = fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(LEVEL));

describe('decide: the one rule', () => {
  it('is symmetric: swapping A and B swaps the verdict and keeps its p and why', () => {
    fc.assert(
      fc.property(p, p, p, (above, below, smallestP) => {
        const ab = decide({ above, below, smallestP });
        const ba = decide({ above: below, below: above, smallestP });
        expect(ba.verdict).toBe(mirrorVerdict(ab.verdict));
        expect(ba.p).toBe(ab.p);
        expect(ba.why).toBe(ab.why);
      }),
    );
  });

  it('a side is above only where its one-sided p reaches 5%; too few runs say so', () => {
    expect(decide({ above: 0.05, below: 0.99, smallestP: 0.05 })).toEqual({
      verdict: 'above',
      p: 0.05,
      why: 'test',
    });
    expect(decide({ above: 0.98, below: 0.028, smallestP: 0.004 })).toEqual({
      verdict: 'below',
      p: 0.028,
      why: 'test',
    });
    expect(decide({ above: 0.1, below: 1, smallestP: 0.1 })).toEqual({
      verdict: 'cannot-tell',
      p: 0.1,
      why: 'too-few',
    });
    expect(decide({ above: 0.3, below: 0.8, smallestP: 0.01 })).toEqual({
      verdict: 'cannot-tell',
      p: 0.3,
      why: 'test',
    });
    expect(decide({ above: null, below: null, smallestP: null }).why).toBe('untested');
  });

  it('on real tests: the exact test decides, and a 95% interval of P(A > B) that excludes 0.5 never meets "cannot tell"', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 2, maxLength: 7 }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 2, maxLength: 7 }), {
          minLength: 3,
          maxLength: 3,
        }),
        (x, ys) => {
          const y = x.map((_, t) => ys[t] as number[]);
          const t = rankTestBothTails(x, y);
          const d = decide({ above: t.greater.p, below: t.less.p, smallestP: t.greater.smallestP });
          const { ci } = improvementNewcombe(x, y);
          if (ci[0] > 0.5) expect(d.verdict).toBe('above');
          if (ci[1] < 0.5) expect(d.verdict).toBe('below');
          const swapped = rankTestBothTails(y, x);
          const back = decide({
            above: swapped.greater.p,
            below: swapped.less.p,
            smallestP: swapped.greater.smallestP,
          });
          expect(back.verdict).toBe(mirrorVerdict(d.verdict));
        },
      ),
      { numRuns: 300 },
    );
  });
});
