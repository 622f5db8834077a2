/** The one sentence every runs page, RUNS.md and `evidence runs` open with: who is ahead, or that these runs cannot tell. */
import { formatNumber } from '../page/format.js';
import type { Improvement, RunsSummary } from './compare-runs.js';
import { naturalCompare } from './natural-order.js';

/** The level of the gate and of every "ahead" in words: a one-sided exact test at 5 %. */
export const LEVEL = 0.05;

/** Whether a pair's test finds A above B at the level. */
export const passes = (p: Pick<Improvement, 'p_value'>): boolean =>
  p.p_value !== null && p.p_value <= LEVEL * (1 + 1e-12);

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

/** What the test says of one pair, in words (a table cell): ahead, or why these runs cannot tell. */
export function testWords(p: Improvement, counts: string): string {
  if (p.p === null) return p.note ?? 'not enough complete runs';
  if (passes(p)) return `${p.a} ends above ${p.b} (one-sided exact test p = ${formatNumber(p.p_value)})`;
  if (p.smallest_p !== null && p.smallest_p > LEVEL) {
    const every =
      p.p === 1
        ? `every run of ${p.a} above every run of ${p.b} `
        : p.p === 0
          ? `every run of ${p.b} above every run of ${p.a} `
          : '';
    return `${every}(${counts}: cannot tell at 95%; no result of so few runs can reach p ≤ 0.05, at least ${p.runs_to_reach} runs per group can)`;
  }
  if (p.p < 0.5) return `${p.a} does not end above ${p.b} (p = ${formatNumber(p.p_value)})`;
  return `cannot tell apart (p = ${formatNumber(p.p_value)} > 0.05)`;
}

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
  const p = headline(summary, baseline);
  if (!p) return 'No two groups share a task with complete runs: nothing can be compared.';
  const tasks = Object.keys(summary.tasks).length;
  const across = tasks > 1 ? `, stratified over ${tasks} tasks` : '';
  const counts = runCounts(summary, p.a, p.b);
  if (p.p === null)
    return `These runs cannot tell ${p.a} and ${p.b} apart: ${p.note ?? 'not enough complete runs'}.`;
  const share = `P(${p.a} > ${p.b}) = ${formatNumber(p.p)}, 95% CI ${formatNumber(p.ci?.[0])} to ${formatNumber(p.ci?.[1])}`;
  if (passes(p))
    return `${p.a} is ahead of ${p.b}: a run of ${p.a} ends above a run of ${p.b} with probability ${formatNumber(p.p)} (95% CI ${formatNumber(p.ci?.[0])} to ${formatNumber(p.ci?.[1])}; one-sided exact test p = ${formatNumber(p.p_value)}${across}, ${counts}).`;
  const would =
    p.seeds_needed === null
      ? 'even 30 runs per group would not tell them apart 80% of the time'
      : `about ${p.seeds_needed} runs per group would, 80% of the time`;
  if (p.smallest_p !== null && p.smallest_p > LEVEL) {
    const more =
      p.seeds_needed === null || p.seeds_needed > p.runs_to_reach
        ? `, and ${would}`
        : ' (and with runs like these would, 80% of the time)';
    return `These runs cannot tell ${p.a} and ${p.b} apart at 95%: with ${counts} no result can reach p ≤ 0.05 (the smallest possible p is ${formatNumber(p.smallest_p)}), even though ${share}; at least ${p.runs_to_reach} runs per group can${more}.`;
  }
  return `These runs cannot tell ${p.a} and ${p.b} apart (${share}; one-sided exact test p = ${formatNumber(p.p_value)}${across}, ${counts}); ${would}.`;
}
