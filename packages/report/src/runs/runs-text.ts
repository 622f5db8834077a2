/**
 * The runs view as terminal text: the verdict, the findings, per task the groups' table and the
 * P(A > B) table, the normalized aggregates across tasks, the success rates, and what stopped early
 * or restarted. The same view model as the page and RUNS.md.
 */
import { renderTextTable } from '../page/text-table.js';
import type { RunsAnalysis, RunsSummary } from './compare-runs.js';
import {
  formatNumber as f,
  groupInterval,
  IQM_INTERVAL_NOTE,
  improvementInterval,
  normalizeNote,
  PAIR_COLUMNS,
  seedsCell,
  seedsSentence,
  verdict,
} from './runs-page.js';
import { type SuccessRate, successTable } from './success-rates.js';
import { runsVerdict } from './verdict.js';

const ci = (c: [number, number] | null, range?: [number, number]): string =>
  c ? `[${f(c[0])}, ${f(c[1])}]` : range ? `range ${f(range[0])} to ${f(range[1])}` : '';

/** Per task: its groups and the P(A > B) of its pairs. */
function taskTables(analysis: RunsAnalysis): string[] {
  const { summary } = analysis;
  const parts: string[] = [];
  for (const [task, { budget, groups }] of Object.entries(summary.tasks)) {
    parts.push(`${task}: final ${summary.y} (budget ${summary.x} = ${budget})`); // exact: 35839, not 35840
    parts.push(
      renderTextTable(
        ['group', 'runs', 'complete', 'mean', 'median', 'IQM', '95% CI of IQM'],
        Object.entries(groups).map(([g, s]) => [
          g,
          String(s.runs),
          String(s.complete),
          f(s.mean),
          f(s.median),
          f(s.iqm),
          groupInterval(s, analysis.declared[task]?.[g]),
        ]),
      ),
      '',
    );
    const pairs = summary.improvement[task] ?? [];
    if (pairs.length > 0)
      parts.push(
        renderTextTable(
          [...PAIR_COLUMNS],
          pairs.map((p) => [
            `${p.a} > ${p.b}`,
            f(p.p),
            improvementInterval(p),
            f(p.p_value),
            verdict(summary, p, task),
            seedsCell(p),
          ]),
        ),
        '',
      );
  }
  return parts;
}

/** rliable's aggregates across tasks (with --normalize or --reference), and P(A > B) over tasks. */
function aggregateTables(summary: RunsSummary): string[] {
  const aggregate = summary.aggregate;
  if (!aggregate) return [];
  const parts = [
    `all tasks, normalized (${aggregate.normalize}): rliable's aggregates with stratified bootstrap 95% CIs at the level that holds 95% with few runs (rliable's plain percentile intervals: --json <name>_ci_percentile; optimality gap: lower is better)`,
    normalizeNote(aggregate.normalize),
    renderTextTable(
      ['group', 'IQM', '95% CI', 'median', '95% CI', 'mean', '95% CI', 'optimality gap', '95% CI'],
      Object.entries(aggregate.groups).map(([g, s]) => [
        g,
        f(s.iqm),
        ci(s.iqm_ci ?? null, s.ranges?.iqm),
        f(s.median),
        ci(s.median_ci ?? null, s.ranges?.median),
        f(s.mean),
        ci(s.mean_ci ?? null, s.ranges?.mean),
        f(s.optimality_gap),
        ci(s.optimality_gap_ci ?? null, s.ranges?.optimality_gap),
      ]),
    ),
    '',
  ];
  if (aggregate.improvement.length > 0)
    parts.push(
      renderTextTable(
        ['A > B, P averaged over tasks', ...PAIR_COLUMNS.slice(1)],
        aggregate.improvement.map((p) => [
          `${p.a} > ${p.b}`,
          f(p.p),
          improvementInterval(p),
          f(p.p_value),
          verdict(summary, p),
          seedsCell(p),
        ]),
      ),
      '',
    );
  return parts;
}

/** Runs that stopped before their group's budget, and runs whose x went back (a restart). */
function runNotes(analysis: RunsAnalysis): string[] {
  const { summary } = analysis;
  const parts = summary.runs
    .filter((r) => !r.complete)
    .map((r) => `stopped early: ${r.path} (last ${summary.x} ${f(r.last_x)})`);
  analysis.aligned.forEach((a, i) => {
    for (const restart of a.restarts)
      parts.push(
        `restarted: ${summary.runs[i]?.path}: ${summary.x} went back from ${f(restart.previous)} to ${f(restart.x)}; later rows used from there`,
      );
  });
  return parts;
}

/** The success rates' table, pooled per group, or nothing when no run logs an outcome. */
export function successText(rates: readonly SuccessRate[], final: number): string {
  if (rates.length === 0) return '';
  return `success rate over the final ${final * 100}% of each run's episodes, pooled per group (Wilson 95% CI)\n${renderTextTable(
    ['task', 'group', 'outcome', 'runs', 'successes', 'rate', '95% CI'],
    successTable(rates, f),
  )}`;
}

/** The runs view as the terminal shows it. */
export function renderRunsText(
  analysis: RunsAnalysis,
  findings: readonly string[],
  baseline?: string,
): string {
  const parts = [
    runsVerdict(analysis.summary, baseline),
    '',
    ...findings,
    '',
    IQM_INTERVAL_NOTE,
    '',
    ...taskTables(analysis),
    ...aggregateTables(analysis.summary),
    ...runNotes(analysis),
  ];
  return parts.join('\n').trimEnd();
}

/**
 * The runs view in brief: per task, each group's IQM with its interval, and P(`first` > B) for every
 * other group B in words (every pair when `first` is not given).
 */
export function renderRunsBrief(analysis: RunsAnalysis, first?: string): string[] {
  const { summary } = analysis;
  const lines: string[] = [];
  for (const [task, { groups }] of Object.entries(summary.tasks)) {
    for (const [group, s] of Object.entries(groups))
      lines.push(
        `${group}: IQM of final ${summary.y} ${f(s.iqm)} (${s.all_equal ? '' : '95% CI '}${groupInterval(s, analysis.declared[task]?.[group])}, ${s.complete} run${s.complete === 1 ? '' : 's'})`,
      );
    for (const p of summary.improvement[task] ?? [])
      if (first === undefined || p.a === first) {
        const ci = improvementInterval(p);
        lines.push(
          `P(${p.a} > ${p.b}) = ${f(p.p)}${ci === '—' ? '' : ` (90% CI ${ci})`}: ${verdict(summary, p, task)}${seedsSentence(p) ? `; ${seedsSentence(p)}` : ''}`,
        );
      }
  }
  return lines;
}
