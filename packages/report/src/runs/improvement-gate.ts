/**
 * The CI gate (`runs --require-improvement A B`): the pair's verdict (the one rule, @evidence/stats' `decide`)
 * must be that A ends above B: the one-sided exact test at 5 %
 * (across tasks, the stratified test over the tasks both ran with two or more complete runs). With too
 * few runs for any result to reach 5 %, it fails and says how many runs per group could.
 */
import type { RunsAnalysis } from './compare-runs.js';
import { formatNumber as f, improvementInterval } from './runs-page.js';
import { passes, runCounts } from './verdict.js';

export interface GateResult {
  /** `unknown-group`: A or B names no group (a usage error); else whether A is shown to improve on B */
  status: 'improved' | 'not-improved' | 'unknown-group';
  /** the line to show: the test, its figures and, when it fails, why */
  message: string;
}

export function improvementGate(analysis: RunsAnalysis, a: string, b: string): GateResult {
  const groups = new Set(analysis.summary.runs.map((r) => r.group));
  for (const name of [a, b])
    if (!groups.has(name))
      return {
        status: 'unknown-group',
        message: `--require-improvement: no group ${JSON.stringify(name)}; the groups are ${[...groups].join(', ')}`,
      };
  const pair = analysis.summary.overall.find((p) => p.a === a && p.b === b);
  if (!pair || pair.p === null) {
    const message = pair?.note
      ? `--require-improvement: P(${a} > ${b}) cannot be told: ${pair.note}`
      : `--require-improvement: ${a} and ${b} never ran the same task with complete runs, so nothing shows ${a} improves on ${b}`;
    return { status: 'not-improved', message };
  }
  const counts = runCounts(analysis.summary, a, b);
  const tasks = Object.keys(analysis.summary.tasks).length;
  const test = `one-sided exact test${tasks > 1 ? ' stratified over tasks' : ''}`;
  const said = `P(${a} > ${b}) = ${f(pair.p)}, 90% CI ${improvementInterval(pair)}, ${test} p = ${f(pair.p_value)} (${counts})`;
  if (passes(pair)) return { status: 'improved', message: `improved: ${said} ≤ 0.05` };
  const why =
    pair.verdict === 'below'
      ? `${b} ends above ${a} (one-sided exact test p = ${f(pair.p_value_reverse)}), so ${a} is not shown to improve on ${b}`
      : pair.verdict_why === 'too-few'
        ? `cannot tell at 5% each way: with ${counts.replace(/^n = /, '')} runs no result can reach p ≤ 0.05 (the smallest possible p is ${f(pair.smallest_p)}); at least ${pair.runs_to_reach} runs per group can`
        : `p > 0.05, so ${a} is not shown to improve on ${b}`;
  return { status: 'not-improved', message: `not improved: ${said}: ${why}` };
}
