/**
 * The one decision rule behind every verdict, table and gate: a one-sided exact test at 5 % each way.
 * "A above B" only where the test that A ends above B gives p ≤ 5 %; "B above A" likewise; otherwise
 * these data cannot tell, and when no result of so few runs could reach 5 % it says so.
 */

/** The level of every verdict and gate: one-sided, 5 % each way. */
export const LEVEL = 0.05;

/** above: A ends above B; below: B ends above A; cannot-tell: neither test reaches the level. */
export type Verdict = 'above' | 'below' | 'cannot-tell';

/** Both one-sided p-values of one test (null: no test could be made) and the smallest p it can give. */
export interface TestTails {
  /** p of the test that A ends above B */
  above: number | null;
  /** p of the test that B ends above A (the other tail of the same test) */
  below: number | null;
  /** the smallest p-value any result could give with these numbers of runs or episodes */
  smallestP: number | null;
}

export interface Decision {
  verdict: Verdict;
  /** the p behind the verdict: its tail when a side is above, else the smaller tail (null untested) */
  p: number | null;
  /** test: the test decided; too-few: no result of so few could reach the level; untested: no test */
  why: 'test' | 'too-few' | 'untested';
}

/** Whether a p-value reaches the level (a relative 1e-12 forgives the rounding of an exact 1/20). */
const reaches = (p: number | null, level: number): boolean => p !== null && p <= level * (1 + 1e-12);

/**
 * The verdict of one test. Symmetric: swapping `above` and `below` swaps `above` and `below` in the
 * verdict and changes nothing else. Both tails of one permutation test add up to at least 1, so both
 * cannot reach the level; were they given so, the answer is cannot-tell.
 */
export function decide(tails: TestTails, level = LEVEL): Decision {
  const { above, below, smallestP } = tails;
  if (above === null || below === null) return { verdict: 'cannot-tell', p: null, why: 'untested' };
  const up = reaches(above, level);
  const down = reaches(below, level);
  if (up !== down)
    return up ? { verdict: 'above', p: above, why: 'test' } : { verdict: 'below', p: below, why: 'test' };
  const why = smallestP !== null && !reaches(smallestP, level) ? 'too-few' : 'test';
  return { verdict: 'cannot-tell', p: Math.min(above, below), why };
}

/** The verdict seen from the other side: A and B swapped. */
export const mirrorVerdict = (verdict: Verdict): Verdict =>
  verdict === 'above' ? 'below' : verdict === 'below' ? 'above' : 'cannot-tell';
