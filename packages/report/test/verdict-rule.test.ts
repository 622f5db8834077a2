// One decision rule on every surface: the verdict sentence, the tables' words, --json's `verdict` and the
// gate say the same thing, from the same test; swapping A and B swaps the verdict (a property).
import { mirrorVerdict } from '@evidence/stats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareGate, renderCompareText } from '../src/compare-text.js';
import { beforeAfterTested } from '../src/folder/before-after.js';
import { describeMethods, reportVerdict } from '../src/folder/describe-statistics.js';
import type { EvalRecord } from '../src/records.js';
import { analyzeRuns, type Improvement, type RunInput } from '../src/runs/compare-runs.js';
import { improvementGate } from '../src/runs/improvement-gate.js';
import type { RunTable } from '../src/runs/run-table.js';
import { renderRunsMarkdown } from '../src/runs/runs-page.js';
import { renderRunsText } from '../src/runs/runs-text.js';
import { runsVerdict, testWords } from '../src/runs/verdict.js';

/** A run in memory: rewards at steps 1 and 2, its final score the second. */
const run = (group: string, task: string, k: number, final: number): RunInput => ({
  table: {
    path: `${group}-${task}-${k}.csv`,
    format: 'csv' as RunTable['format'],
    columns: new Map([
      ['step', Float64Array.from([1, 2])],
      ['reward', Float64Array.from([final / 2, final])],
    ]),
    meta: {},
    issues: [],
  },
  group,
  task,
});

/** Groups A and B over the tasks given: scores[t] = [A's finals, B's finals]; `swap` trades the labels. */
const inputs = (scores: readonly [number[], number[]][], swap = false): RunInput[] =>
  scores.flatMap(([a, b], t) => [
    ...a.map((f, k) => run(swap ? 'B' : 'A', `task${t}`, k, f)),
    ...b.map((f, k) => run(swap ? 'A' : 'B', `task${t}`, k, f)),
  ]);

const pair = (list: readonly Improvement[], a: string, b: string): Improvement =>
  list.find((p) => p.a === a && p.b === b) as Improvement;

const finals = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 6 });
const options = { resamples: 20, x: 'step', y: 'reward' };

describe('one decision rule, every surface', () => {
  it('swapping A and B swaps the verdict; the sentence, the words, --json and the gate agree (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(finals, finals), { minLength: 1, maxLength: 2 }), (scores) => {
        const analysis = analyzeRuns(inputs(scores), options);
        const swapped = analyzeRuns(inputs(scores, true), options);
        const { summary } = analysis;
        const ab = pair(summary.overall, 'A', 'B');
        const ba = pair(summary.overall, 'B', 'A');
        // the mirror row and the relabelled runs: the verdict swapped, nothing else
        expect(ba.verdict).toBe(mirrorVerdict(ab.verdict));
        expect(pair(swapped.summary.overall, 'A', 'B').verdict).toBe(mirrorVerdict(ab.verdict));
        expect(pair(swapped.summary.overall, 'A', 'B').verdict_why).toBe(ab.verdict_why);
        // the plan (seeds needed, simulated) is on one row of a tested pair, never on both
        expect([ab, ba].filter((p) => p.power !== null)).toHaveLength(ab.verdict_why === 'untested' ? 0 : 1);
        // both rows of a pair say one thing in words
        expect(testWords(ba, 'n')).toBe(testWords(ab, 'n'));
        // the gate passes exactly where the verdict is "above", and never both ways
        const gateAB = improvementGate(analysis, 'A', 'B').status === 'improved';
        const gateBA = improvementGate(analysis, 'B', 'A').status === 'improved';
        expect(gateAB).toBe(ab.verdict === 'above');
        expect(gateBA).toBe(ab.verdict === 'below');
        // the sentence names the side the test finds ahead, or says it cannot tell
        const sentence = runsVerdict(summary);
        if (ab.verdict === 'above') expect(sentence).toMatch(/^A is ahead of B/);
        else if (ab.verdict === 'below') expect(sentence).toMatch(/^B is ahead of A/);
        else expect(sentence).toMatch(/^These runs cannot tell/);
        // a single run a side: words, never a side ahead
        const single = scores.every(([a, b]) => a.length === 1 || b.length === 1);
        if (single) expect([ab.verdict, ab.verdict_why]).toEqual(['cannot-tell', 'untested']);
        // an interval of P(A > B) that excludes 0.5 never meets "cannot tell"
        if (ab.ci && (ab.ci[0] > 0.5 || ab.ci[1] < 0.5)) expect(ab.verdict).not.toBe('cannot-tell');
      }),
      { numRuns: 40 },
    );
  });

  it('5 v 5, B ahead: the reverse row says B ends above A too, and no text calls overlapping intervals a test', () => {
    const scores: [number[], number[]][] = [
      [
        [10, 14, 11, 16, 12],
        [15, 17, 13, 19, 18],
      ],
    ];
    const analysis = analyzeRuns(inputs(scores), { ...options, resamples: 500 });
    const ab = pair(analysis.summary.overall, 'A', 'B');
    expect([ab.verdict, ab.p_value_reverse]).toEqual(['below', expect.closeTo(5 / 180, 12)]);
    const text = renderRunsText(analysis, []);
    const md = renderRunsMarkdown(analysis, { root: 'runs', skipped: [], issues: [] }, []);
    for (const out of [text, md]) {
      expect(out).toMatch(/B is ahead of A/);
      expect(out).not.toMatch(/does not end above|only where their intervals do not overlap|of the time/);
    }
    // both rows of the pair table: "B ends above A"
    expect(md.match(/\| B ends above A \(one-sided exact test p = 0\.02778\) \|/g)).toHaveLength(2);
  });

  it('compare: one episode a side is never "better"; the column, --json, the sentence and the gate agree', () => {
    const episodes = (rewards: number[]): EvalRecord[] => rewards.map((r) => ({ cumulative_reward: r }));
    const cases: [number[], number[], string][] = [
      [[1], [5], 'unclear'], // one a side: no test can reach 5 %
      [[1, 2], [8, 9], 'unclear'], // apart, and the bootstrap interval excludes 0, yet 2 v 2 cannot reach 5 %
      [[1, 2, 3, 4, 5], [8, 9, 10, 11, 12], 'better'],
      [[8, 9, 10, 11, 12], [1, 2, 3, 4, 5], 'worse'],
    ];
    for (const [pre, post, want] of cases) {
      const { metrics, tests } = beforeAfterTested(episodes(pre), episodes(post), { resamples: 200 });
      const where = `${pre} → ${post}`;
      expect(metrics.verdict.mean_reward, where).toBe(want);
      expect(compareGate(metrics, tests, 'mean_reward').status === 'improved', where).toBe(want === 'better');
      const row = renderCompareText(metrics, tests)
        .split('\n')
        .find((line) => line.startsWith('mean_reward')) as string;
      expect(row, where).toMatch(
        want === 'unclear' ? /cannot tell at 95%|unclear/ : new RegExp(`${want} \\(p = `),
      );
      if (want !== 'better') expect(row).not.toMatch(/better/);
      // a single run's report: its intervals are over episodes of one seed, and seeds are `evidence runs`'
      expect(describeMethods(metrics)).toMatch(
        /evaluation episodes of this one training run \(one seed\).*`evidence runs` compares seeds/,
      );
      const sentence = reportVerdict(metrics, String);
      expect(sentence, where).toMatch(
        want === 'better'
          ? /^After training is ahead/
          : want === 'worse'
            ? /^After training is behind/
            : /^These evaluations cannot tell/,
      );
    }
  });
});
