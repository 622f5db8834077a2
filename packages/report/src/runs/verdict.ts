/** The one sentence every runs page, RUNS.md and `evidence runs` open with: who is ahead, or that these runs cannot tell. */
import { LEVEL } from '@evidence/stats';
import { formatNumber } from '../page/format.js';
import type { Improvement, RunsSummary } from './compare-runs.js';
import { naturalCompare } from './natural-order.js';

/** The level of the gate and of every "ahead" in words: @evidence/stats' one decision rule, 5 % each way. */
export { LEVEL } from '@evidence/stats';

/** Whether a pair's verdict (@evidence/stats' `decide`, made once in compareRuns) is that A ends above B. */
export const passes = (p: Pick<Improvement, 'verdict'>): boolean => p.verdict === 'above';

/** "2 v 2" (one task), or "2 v 2 runs in each of 3 tasks" style counts of the complete runs. */
export function runCounts(summary: RunsSummary, a: string, b: string): string {
  const counts = Object.values(summary.tasks).flatMap(({ groups }) =>
    groups[a] && groups[b] && groups[a].complete > 0 && groups[b].complete > 0
      ? [`${groups[a].complete} v ${groups[b].complete}`]
      : [],
  );
  const unique = [...new Set(counts)];
  if (counts.length <= 1) return `n = ${unique[0] ?? '0 v 0'}`;
  return unique.length === 1
    ? `n = ${unique[0]} in each of ${counts.length} tasks`
    : `${counts.length} tasks`;
}

/**
 * The pair's verdict in words (a table cell), from the one decision its record holds: who ends above,
 * or why these runs cannot tell. The mirror row says the same thing from the other side.
 */
export function testWords(p: Improvement, counts: string): string {
  if (p.verdict_why === 'untested') return p.note ?? 'not enough complete runs';
  if (p.verdict === 'above')
    return `${p.a} ends above ${p.b} (one-sided exact test p = ${formatNumber(p.p_value)})`;
  if (p.verdict === 'below')
    return `${p.b} ends above ${p.a} (one-sided exact test p = ${formatNumber(p.p_value_reverse)})`;
  if (p.verdict_why === 'too-few') {
    const every =
      p.p === 1
        ? `every run of ${p.a} above every run of ${p.b}, but `
        : p.p === 0
          ? `every run of ${p.b} above every run of ${p.a}, but `
          : '';
    return `${every}cannot tell at 5% each way (${counts}: no result of so few runs can reach p ≤ ${LEVEL}; at least ${p.runs_to_reach} runs per group can)`;
  }
  return `cannot tell apart (one-sided exact test p = ${formatNumber(smallerTail(p))} > ${LEVEL} either way)`;
}

/** The smaller of the test's two one-sided p-values: the direction the runs point to. */
const smallerTail = (p: Improvement): number | null =>
  p.p_value === null || p.p_value_reverse === null ? null : Math.min(p.p_value, p.p_value_reverse);

/** The same pair seen from the other side (B, A), from the list it came from. */
const mirrorOf = (pairs: readonly Improvement[], p: Improvement): Improvement | undefined =>
  pairs.find((q) => q.a === p.b && q.b === p.a);

/** The pair the verdict speaks of: the leader against the baseline, or against the runner-up. */
function headline(summary: RunsSummary, baseline?: string): Improvement | null {
  const pairs = summary.overall;
  const groups = [...new Set(summary.runs.map((r) => r.group))].sort(naturalCompare);
  if (groups.length < 2 || pairs.length === 0) return null;
  // the leader: the group most likely to end above the others, on average over its pairs
  const score = (g: string) => {
    const mine = pairs.filter((p) => p.a === g && p.p !== null);
    return mine.length ? mine.reduce((s, p) => s + (p.p as number), 0) / mine.length : -1;
  };
  const ranked = [...groups].sort((x, y) => score(y) - score(x) || naturalCompare(x, y));
  const leader = ranked[0] as string;
  const other = baseline !== undefined && baseline !== leader ? baseline : (ranked[1] as string);
  return pairs.find((p) => p.a === leader && p.b === other) ?? null;
}

/**
 * One sentence: who is ahead and by how much, with its interval and the test; or that these runs
 * cannot tell the groups apart, and how many runs would.
 */
export function runsVerdict(summary: RunsSummary, baseline?: string): string {
  const groups = [...new Set(summary.runs.map((r) => r.group))];
  if (groups.length < 2)
    return `One group (${groups[0] ?? 'none'}): nothing to compare; its runs are summarised below.`;
  const chosen = headline(summary, baseline);
  if (!chosen) return 'No two groups share a task with complete runs: nothing can be compared.';
  // the sentence names the side that ends above first: B above A is said as "B is ahead of A"
  const p = chosen.verdict === 'below' ? (mirrorOf(summary.overall, chosen) ?? chosen) : chosen;
  const tasks = Object.keys(summary.tasks).length;
  const across = tasks > 1 ? `, stratified over ${tasks} tasks` : '';
  const counts = runCounts(summary, p.a, p.b);
  if (p.verdict_why === 'untested' || p.p === null)
    return `These runs cannot tell ${p.a} and ${p.b} apart: ${p.note ?? 'not enough complete runs'}.`;
  if (p.verdict === 'above')
    return `${p.a} is ahead of ${p.b}: a run of ${p.a} ends above a run of ${p.b} with probability ${formatNumber(p.p)} (90% CI ${formatNumber(p.ci?.[0])} to ${formatNumber(p.ci?.[1])}; one-sided exact test p = ${formatNumber(p.p_value)}${across}, ${counts}).`;
  // the plan (seeds needed) is on the row the runs point to
  const plan = p.power !== null ? p : (mirrorOf(summary.overall, p) ?? p);
  const share = `P(${p.a} > ${p.b}) = ${formatNumber(p.p)}, 90% CI ${formatNumber(p.ci?.[0])} to ${formatNumber(p.ci?.[1])}`;
  const would =
    plan.seeds_needed === null
      ? 'even 30 runs per group would not tell them apart 80% of the time (simulated from these runs)'
      : `about ${plan.seeds_needed} runs per group would, 80% of the time (simulated from these runs)`;
  if (p.verdict_why === 'too-few') {
    const more =
      plan.seeds_needed === null || plan.seeds_needed > p.runs_to_reach
        ? `, and ${would}`
        : ' (and with runs like these would, 80% of the time)';
    return `These runs cannot tell ${p.a} and ${p.b} apart at 5% each way: with ${counts} no result can reach p ≤ ${LEVEL} (the smallest possible p is ${formatNumber(p.smallest_p)}), even though ${share}; at least ${p.runs_to_reach} runs per group can${more}.`;
  }
  return `These runs cannot tell ${p.a} and ${p.b} apart (${share}; one-sided exact test p = ${formatNumber(smallerTail(p))} > ${LEVEL} either way${across}, ${counts}); ${would}.`;
}
