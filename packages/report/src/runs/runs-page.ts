import { pushAll } from '@evidence/node-kit';
/** The words of a runs report: index.html (self-contained) and RUNS.md, from one list of facts. */
import type { Chart } from '@evidence/plots';
import { unseenBound } from '@evidence/stats';
import { escapeHtml as e, escapeMarkdown as md } from '../page/escape.js';
import { plural } from '../page/format.js';
import {
  type EmbeddedOverlay,
  foldedSection,
  formatNumber,
  htmlDocument,
  interactiveAssets,
  interactiveChart,
  interactiveFigure,
} from '../page/index.js';
import type {
  AggregateSummary,
  GroupSummary,
  Improvement,
  RunsAnalysis,
  RunsSummary,
} from './compare-runs.js';
import type { Config } from './hyperparameters.js';
import { naturalCompare } from './natural-order.js';
import { MAX_ALL_PAIRS_GROUPS, sweepHtml, sweepMarkdown } from './sweep-view.js';
import { runCounts, runsVerdict, testWords } from './verdict.js';

/** A chart of the page: its PNG (a data URI), and for a line chart the description the page draws. */
export interface RunsFigure {
  /** unique in the page */
  id: string;
  title: string;
  file: string;
  dataUri: string;
  page?: Chart;
  /** one metric across runs, drawn as TensorBoard's scalar card */
  overlay?: EmbeddedOverlay;
}

/** What the page says besides the statistics: files skipped, read issues. */
export interface RunsNotes {
  /** the folder the runs came from, as the user typed it */
  root: string;
  skipped: { path: string; why: string }[];
  issues: string[];
  /** each group's hyper-parameters (sweepConfigs): the page says which of them matter */
  configs?: Record<string, Config>;
  /** the group every other is compared with in the ranking (default: the best one) */
  baseline?: string;
}

/** Below this many complete runs per group the page warns, in words, that the intervals are wide. */
export const FEW_RUNS = 10;

export { formatNumber };

/** A budget as it is (35839, never rounded to 35840): it is the x the longest run reached. */
const exact = (value: number): string => (Number.isFinite(value) ? String(value) : formatNumber(value));
const interval = (ci: [number, number] | null | undefined): string =>
  ci ? `[${formatNumber(ci[0])}, ${formatNumber(ci[1])}]` : '—';

/** The interval of P(A > B) as shown: Newcombe's method 5, which never collapses to a point at 0 or 1. */
export function improvementInterval(p: { p: number | null; ci: [number, number] | null }): string {
  return interval(p.ci);
}

const percent = (share: number): string => `${Math.round(share * 100)}%`;

/**
 * The interval of a group's IQM as shown. When every run ended with the same score, the bootstrap's
 * interval is a point that says nothing of uncertainty: the words say so, with what n runs can rule
 * out (the exact binomial bound: 5 of 5 at the maximum leave a chance of up to 45 % that a new run
 * falls short).
 */
export function groupInterval(s: GroupSummary, range?: { min?: number; max?: number }): string {
  if (s.iqm_ci === null && s.note !== undefined) return s.note;
  if (!s.all_equal && s.range)
    return `range ${formatNumber(s.range[0])} to ${formatNumber(s.range[1])} (no 95% CI: ${s.complete} runs are too few for one to hold its 95%)`;
  if (!s.all_equal) return interval(s.iqm_ci);
  const n = s.complete;
  const chance = percent(unseenBound(n));
  const value = s.iqm;
  const words = `all ${n} equal: no spread to estimate`;
  if (range?.max !== undefined && value === range.max)
    return `${words}; ${n} of ${n} at the maximum (${formatNumber(value)}): a new run may still fall short, with a chance of up to ${chance}`;
  if (range?.min !== undefined && value === range.min)
    return `${words}; ${n} of ${n} at the minimum (${formatNumber(value)}): a new run may still end higher, with a chance of up to ${chance}`;
  return `${words}; a new run may still end elsewhere, with a chance of up to ${chance}`;
}

/**
 * The pair tables' columns, each named for what it holds; the page, RUNS.md and the terminal use these.
 * The verdict is the one rule's (@evidence/stats' `decide`), the same the headline sentence and the gate say.
 */
export const PAIR_COLUMNS = [
  'A > B',
  'P(A > B)',
  '90% CI of P(A > B)',
  'p: A above B (one-sided exact)',
  'verdict (exact test, 5% each way)',
  'runs per group for an 80% chance',
] as const;

/**
 * Runs per group that would tell the pair apart 80 % of the time, where these cannot: shown once per
 * pair, on the row the runs point to (P(A > B) ≥ ½), and never where the verdict is already made.
 */
export function seedsCell(
  p: Pick<Improvement, 'p' | 'verdict' | 'verdict_why' | 'seeds_needed' | 'power'>,
): string {
  if (
    p.verdict !== 'cannot-tell' ||
    p.verdict_why === 'untested' ||
    p.p === null ||
    p.p < 0.5 ||
    p.power === null
  )
    return '';
  return p.seeds_needed === null ? 'more than 30 (simulated)' : `${p.seeds_needed} (simulated)`;
}

/** The same in a sentence: "about 9 runs per group would tell them apart 80% of the time (…)". */
export function seedsSentence(p: Parameters<typeof seedsCell>[0]): string {
  const cell = seedsCell(p);
  if (cell === '') return '';
  return p.seeds_needed === null
    ? 'even 30 runs per group would not tell them apart 80% of the time (studies simulated from these runs)'
    : `about ${p.seeds_needed} runs per group would tell them apart 80% of the time (studies simulated from these runs)`;
}

/** A sentence about P(A > B): what the exact test finds, or why these runs cannot tell. */
export function verdict(summary: RunsSummary, p: Improvement, task?: string): string {
  if (task === undefined) return testWords(p, runCounts(summary, p.a, p.b));
  const groups = summary.tasks[task]?.groups ?? {};
  return testWords(p, `n = ${groups[p.a]?.complete ?? 0} v ${groups[p.b]?.complete ?? 0}`);
}

/** An aggregate's interval as shown: its 95% CI, or the range of the runs where too few runs allow none. */
function aggregateInterval(s: AggregateSummary, key: 'iqm' | 'mean' | 'median' | 'optimality_gap'): string {
  const ci = s[`${key}_ci`];
  if (ci) return interval(ci);
  const range = s.ranges?.[key];
  return range ? `range ${formatNumber(range[0])} to ${formatNumber(range[1])}` : '—';
}

/** What min–max normalization means for the aggregates: relative to the runs compared, not to a reference. */
export function normalizeNote(normalize: string): string {
  return normalize === 'minmax'
    ? "Normalized min–max by the final scores of the runs compared here: relative to these runs only (the best run is 1 and the worst 0 by construction, so the best group looks certain). For an absolute scale give --reference FILE with each task's random and expert scores."
    : `Normalized by ${normalize}: absolute, the same for any runs compared.`;
}

/** The aggregate rows' note when an interval gave way to the range of the runs. */
const rangeNotes = (summary: RunsSummary): string[] => [
  ...new Set(
    Object.values(summary.aggregate?.groups ?? {}).flatMap((g) => (g.interval_note ? [g.interval_note] : [])),
  ),
];

/** Paragraphs of plain words: what was found, and how far the numbers can be trusted. */
export function findings(analysis: RunsAnalysis, notes: RunsNotes): string[] {
  const { summary } = analysis;
  const groups = [...new Set(summary.runs.map((r) => r.group))].sort(naturalCompare);
  const tasks = Object.keys(summary.tasks);
  const lines: string[] = [];
  const perGroup = groups.map((g) => `${g} (${summary.runs.filter((r) => r.group === g).length})`).join(', ');
  lines.push(
    `${plural(summary.runs.length, 'run')} in ${plural(groups.length, 'group')} and ${plural(tasks.length, 'task')} (${tasks.join(', ')}) from ${notes.root}: ${perGroup}.`,
  );
  let fewest = Number.POSITIVE_INFINITY;
  let where = '';
  for (const [task, { groups: stats }] of Object.entries(summary.tasks))
    for (const [group, s] of Object.entries(stats))
      if (s.complete < fewest) {
        fewest = s.complete;
        where = tasks.length > 1 ? `${group} in ${task}` : group;
      }
  if (fewest < FEW_RUNS)
    lines.push(
      `Few runs: ${where} has only ${fewest} complete run${fewest === 1 ? '' : 's'}${fewest === 1 ? ': its score stands alone, with no interval and no P(A > B) against it' : ''}. With this few seeds the 95% intervals are wide and shift with every added seed. Who is ahead is decided by one test, the one-sided exact test at 5% each way, here, in every table and in the gate alike; whether two IQM intervals overlap is no test (intervals can overlap where the test finds a difference). rliable's authors advise at least 10 runs per task.`,
    );
  const incomplete = summary.runs.filter((r) => !r.complete).length;
  if (incomplete > 0)
    lines.push(
      `${incomplete} run${incomplete === 1 ? '' : 's'} stopped early (before 95% of the task's budget): drawn up to where they stop and left out of the final-score statistics.`,
    );
  const restarted = analysis.aligned.filter((a) => a.restarts.length > 0).length;
  if (restarted > 0)
    lines.push(
      `${restarted} run${restarted === 1 ? '' : 's'} restarted and appended to the same file (x went back): from the x of each restart, the later rows were used.`,
    );
  return lines;
}

function restartLines(analysis: RunsAnalysis, summary: RunsSummary): { path: string; text: string }[] {
  return analysis.aligned.flatMap((a, i) =>
    a.restarts.map((r) => ({
      path: summary.runs[i]?.path ?? '',
      text: `${summary.x} went back from ${formatNumber(r.previous)} to ${formatNumber(r.x)}; later rows used from there`,
    })),
  );
}

/** The pair table's head on the page, its first column named `first`. */
const pairHeadHtml = (first: string): string =>
  `<tr>${[first, ...PAIR_COLUMNS.slice(1)].map((c, i) => `<th${i >= 4 ? ' class="words"' : ''}>${e(c)}</th>`).join('')}</tr>`;

/** The pair table's head in RUNS.md, its first column named `first`. */
const pairHeadMarkdown = (first: string): string[] => [
  `| ${[first, ...PAIR_COLUMNS.slice(1)].map(md).join(' | ')} |`,
  '|---|---:|---|---:|---|---|',
];

/** One pair's row in RUNS.md, with its verdict in words. */
const pairRowMarkdown = (p: Improvement, words: string): string =>
  `| ${md(p.a)} \\> ${md(p.b)} | ${formatNumber(p.p)} | ${improvementInterval(p)} | ${formatNumber(p.p_value)} | ${md(words)} | ${md(seedsCell(p))} |`;

/** Which interval the IQM column shows, said under every surface's per-task tables. */
export const IQM_INTERVAL_NOTE =
  "95% CI of IQM: percentile bootstrap over runs at the level that holds 95% with few runs, or the runs' range where none can (--json: iqm_ci_method; rliable's plain 95% percentile interval: iqm_ci_percentile)";

/** Per task: the groups' table and every pair's P(A > B) (with many groups, the ranking stands for them). */
function taskTablesHtml(analysis: RunsAnalysis): string {
  const { summary } = analysis;
  return Object.entries(summary.tasks)
    .map(([task, { budget, groups }]) => {
      const rows = Object.entries(groups)
        .map(
          ([g, s]) =>
            `<tr><td>${e(g)}</td><td>${s.runs}</td><td>${s.complete}</td><td>${formatNumber(s.mean)}</td><td>${formatNumber(s.median)}</td><td><strong>${formatNumber(s.iqm)}</strong></td><td>${e(groupInterval(s, analysis.declared[task]?.[g]))}</td></tr>`,
        )
        .join('\n');
      // many groups: each against the best in the ranking above; every pair stays in runs.json
      const allPairs = Object.keys(groups).length <= MAX_ALL_PAIRS_GROUPS;
      const pairs = (allPairs ? (summary.improvement[task] ?? []) : [])
        .map(
          (p) =>
            `<tr><td>${e(p.a)} &gt; ${e(p.b)}</td><td>${formatNumber(p.p)}</td><td>${improvementInterval(p)}</td><td>${formatNumber(p.p_value)}</td><td class="words">${e(verdict(summary, p, task))}</td><td class="words">${e(seedsCell(p))}</td></tr>`,
        )
        .join('\n');
      return `<h3>${e(task)} <span class="muted">(budget ${e(summary.x)} = ${exact(budget)})</span></h3>
<table><thead><tr><th>group</th><th>runs</th><th>complete</th><th>mean</th><th>median</th><th>IQM</th><th>95% CI of IQM</th></tr></thead><tbody>
${rows}
</tbody></table>
${pairs ? `<table><thead>${pairHeadHtml(PAIR_COLUMNS[0])}</thead><tbody>\n${pairs}\n</tbody></table>` : ''}`;
    })
    .join('\n');
}

/** rliable's aggregates across tasks, when normalized. */
function aggregateHtml(summary: RunsSummary): string {
  return summary.aggregate
    ? `<section id="aggregate"><h2>Across tasks (normalized: ${e(summary.aggregate.normalize)})</h2>
<p${summary.aggregate.normalize === 'minmax' ? ' class="warn" id="minmax"' : ''}>${e(normalizeNote(summary.aggregate.normalize))}</p>
<p class="muted">rliable's aggregates (Agarwal et al. 2021), each with its 95% stratified bootstrap interval (runs resampled within each task, at the level that holds 95% with few runs; rliable's plain 95% percentile interval, which covers less with few runs, is in runs.json as <code>&lt;name&gt;_ci_percentile</code>): IQM of all runs' scores, median and mean of the per-task means, optimality gap (1 − mean of min(score, 1); lower is better).${rangeNotes(
        summary,
      )
        .map((n) => ` ${e(n)}.`)
        .join('')}</p>
<table><thead><tr><th>group</th><th>IQM</th><th>95% CI</th><th>median</th><th>95% CI</th><th>mean</th><th>95% CI</th><th>optimality gap</th><th>95% CI</th></tr></thead><tbody>
${Object.entries(summary.aggregate.groups)
  .map(
    ([g, s]) =>
      `<tr><td>${e(g)}</td><td><strong>${formatNumber(s.iqm)}</strong></td><td>${aggregateInterval(s, 'iqm')}</td><td>${formatNumber(s.median)}</td><td>${aggregateInterval(s, 'median')}</td><td>${formatNumber(s.mean)}</td><td>${aggregateInterval(s, 'mean')}</td><td>${formatNumber(s.optimality_gap)}</td><td>${aggregateInterval(s, 'optimality_gap')}</td></tr>`,
  )
  .join('\n')}
</tbody></table>
${
  summary.aggregate.improvement.length > 0
    ? `<table><thead>${pairHeadHtml('A > B, P averaged over tasks')}</thead><tbody>
${summary.aggregate.improvement
  .map(
    (p) =>
      `<tr><td>${e(p.a)} &gt; ${e(p.b)}</td><td>${formatNumber(p.p)}</td><td>${improvementInterval(p)}</td><td>${formatNumber(p.p_value)}</td><td class="words">${e(verdict(summary, p))}</td><td class="words">${e(seedsCell(p))}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`
    : ''
}</section>`
    : '';
}

/** The runs' table and the restarts, read issues and skipped files. */
function runsHtml(analysis: RunsAnalysis, notes: RunsNotes): { runRows: string; problems: string } {
  const { summary } = analysis;
  const runRows = summary.runs
    .map(
      (r) =>
        `<tr${r.complete ? '' : ' class="incomplete"'}><td><code>${e(r.path)}</code></td><td>${e(r.group)}</td><td>${e(r.task)}</td><td>${r.rows}</td><td>${formatNumber(r.last_x)}</td><td>${r.complete ? 'complete' : 'stopped early'}</td><td>${formatNumber(r.final)}</td></tr>`,
    )
    .join('\n');
  const restarts = restartLines(analysis, summary);
  const problems = [
    ...restarts.map((r) => `<li><code>${e(r.path)}</code>: ${e(r.text)}</li>`),
    ...notes.issues.map((i) => `<li>${e(i)}</li>`),
    ...notes.skipped.map((s) => `<li><code>${e(s.path)}</code> skipped: ${e(s.why)}</li>`),
  ].join('\n');
  return { runRows, problems };
}

/** Each figure: an overlay or a line chart drawn in the page, else its picture. */
function chartsHtml(figures: RunsFigure[]): string {
  return figures
    .map((f) => {
      const caption = `${e(f.title)} — <code>${e(f.file)}</code>`;
      const image = { src: f.dataUri, alt: f.title };
      if (f.overlay) {
        const points = f.overlay.runs.reduce((sum, r) => sum + r.points, 0);
        const kept = f.overlay.runs.reduce((sum, r) => sum + r.y.length, 0);
        const note =
          kept < points
            ? ` · drawn from ${kept} of ${points} logged points (per pixel column: first, lowest, highest, last); every row is in the runs' files`
            : '';
        return interactiveFigure(f.overlay, { id: f.id, image, caption: `${caption}${e(note)}` });
      }
      return f.page
        ? interactiveChart(f.page, { id: f.id, image: { src: f.dataUri, alt: f.title }, caption })
        : `<figure><img src="${f.dataUri}" alt="${e(f.title)}"><figcaption>${caption}</figcaption></figure>`;
    })
    .join('\n');
}

/**
 * index.html, self-contained so it opens from disk anywhere: CSS, images (data URIs), uPlot and the
 * line charts' data inline. Line charts are drawn in the page, their PNG shown without JavaScript and
 * printed; bar charts stay images.
 */
export function renderRunsHtml(
  analysis: RunsAnalysis,
  notes: RunsNotes,
  figures: RunsFigure[],
  generatedAt: string,
): string {
  const { summary, options } = analysis;
  const words = findings(analysis, notes)
    .map((line) => `<p${line.startsWith('Few runs') ? ' class="warn" id="few-runs"' : ''}>${e(line)}</p>`)
    .join('\n');
  const taskTables = taskTablesHtml(analysis);
  const aggregate = aggregateHtml(summary);
  const { runRows, problems } = runsHtml(analysis, notes);
  const charts = chartsHtml(figures);
  // no live data file beside this page: it is written once, by `evidence runs --out`
  const scripts = figures.some((f) => f.page || f.overlay) ? interactiveAssets({ live: false }) : '';
  const body = `<h1>Runs: ${e(summary.y)} over ${e(summary.x)}</h1>
<p class="verdict" id="verdict"><strong>${e(runsVerdict(summary, notes.baseline))}</strong></p>
<p class="muted">Generated ${e(generatedAt)} by @evidence/report. Final score: mean ${e(summary.y)} over a run's rows with ${e(summary.x)} ≥ ${formatNumber(1 - options.final)}·budget; complete runs reached 95% of the budget. IQM intervals: percentile bootstrap over runs at the level that holds 95% with few runs (Hesterberg's expanded interval), ${options.resamples} resamples, seed ${options.seed}, or the range of the runs where too few runs allow none (runs.json: <code>iqm_ci_method</code>; rliable's plain percentile interval is <code>iqm_ci_percentile</code>); IQM = 25% trimmed mean. P(A &gt; B): Mann–Whitney U/(n·m) with Newcombe's (2006) method 5 interval at 90%, the verdicts' level (5% each way), reaching 0.5 where the test cannot tell. One rule decides every verdict on this page, in RUNS.md, <code>--json</code> (<code>verdict</code>) and the gate: A ahead of B only where the one-sided exact permutation test gives p ≤ 0.05 (across tasks, stratified by task), B ahead of A likewise, else "cannot tell"; an interval of P(A &gt; B) that excludes 0.5 always comes with a verdict (a side found ahead whose interval, an approximation, still touches 0.5 is rare: 0.3% of simulated small studies). Curves: each run interpolated linearly within the steps it logged (no extrapolation), the mean across runs and the t-interval of that mean, kept inside the range run.json declares for ${e(summary.y)} where it does. Runs per group for an 80% chance: where these runs cannot tell, how many per group would let the same test give p ≤ 0.05 four times in five (studies simulated from these runs: a plan, not evidence).</p>
<section id="findings"><h2>What the runs show</h2>
${words}
</section>
${sweepHtml(summary, notes.configs, notes.baseline)}
<section id="tasks"><h2>Per task</h2>
${taskTables}
</section>
${aggregate}
<section id="charts"><h2>Charts</h2>
${figures.some((f) => f.overlay) ? '<div class="ev-filters"></div>' : ''}
${charts}
</section>
${foldedSection(
  'runs',
  `Runs (${summary.runs.length})`,
  `<table><thead><tr><th>run</th><th>group</th><th>task</th><th>rows</th><th>last ${e(summary.x)}</th><th></th><th>final</th></tr></thead><tbody>
${runRows}
</tbody></table>`,
)}
${problems ? `<section id="notes"><h2>Restarts, read issues and skipped files</h2><ul>\n${problems}\n</ul></section>` : ''}`;
  return htmlDocument({ title: `Runs: ${summary.y} over ${summary.x}`, body, scripts });
}

/** RUNS.md: the same facts as Markdown tables. */
export function renderRunsMarkdown(
  analysis: RunsAnalysis,
  notes: RunsNotes,
  figures: { title: string; file: string }[],
): string {
  const { summary } = analysis;
  const out: string[] = [
    `# Runs: ${md(summary.y)} over ${md(summary.x)}`,
    '',
    `**${md(runsVerdict(summary, notes.baseline))}**`,
    '',
  ];
  for (const line of findings(analysis, notes)) out.push(md(line), '');
  out.push(md(IQM_INTERVAL_NOTE), '');
  pushAll(out, sweepMarkdown(summary, notes.configs, notes.baseline));
  for (const [task, { budget, groups }] of Object.entries(summary.tasks)) {
    out.push(`## ${md(task)} (budget ${exact(budget)})`, '');
    out.push(
      '| group | runs | complete | mean | median | IQM | 95% CI of IQM |',
      '|---|---:|---:|---:|---:|---:|---|',
    );
    for (const [g, s] of Object.entries(groups))
      out.push(
        `| ${md(g)} | ${s.runs} | ${s.complete} | ${formatNumber(s.mean)} | ${formatNumber(s.median)} | ${formatNumber(s.iqm)} | ${md(groupInterval(s, analysis.declared[task]?.[g]))} |`,
      );
    // many groups: each against the best in the ranking above; every pair stays in runs.json
    const pairs = Object.keys(groups).length <= MAX_ALL_PAIRS_GROUPS ? (summary.improvement[task] ?? []) : [];
    if (pairs.length > 0) {
      out.push('', ...pairHeadMarkdown(PAIR_COLUMNS[0]));
      for (const p of pairs) out.push(pairRowMarkdown(p, verdict(summary, p, task)));
    }
    out.push('');
  }
  if (summary.aggregate) {
    out.push(`## Across tasks (normalized: ${md(summary.aggregate.normalize)})`, '');
    out.push(
      md(normalizeNote(summary.aggregate.normalize)),
      '',
      `rliable's aggregates, each with its 95% stratified bootstrap interval at the level that holds 95% with few runs (rliable's plain percentile interval: \`<name>_ci_percentile\` in runs.json); optimality gap: lower is better.${rangeNotes(
        summary,
      )
        .map((n) => ` ${md(n)}.`)
        .join('')}`,
      '',
      '| group | IQM | 95% CI | median | 95% CI | mean | 95% CI | optimality gap | 95% CI |',
      '|---|---:|---|---:|---|---:|---|---:|---|',
    );
    for (const [g, s] of Object.entries(summary.aggregate.groups))
      out.push(
        `| ${md(g)} | ${formatNumber(s.iqm)} | ${aggregateInterval(s, 'iqm')} | ${formatNumber(s.median)} | ${aggregateInterval(s, 'median')} | ${formatNumber(s.mean)} | ${aggregateInterval(s, 'mean')} | ${formatNumber(s.optimality_gap)} | ${aggregateInterval(s, 'optimality_gap')} |`,
      );
    if (summary.aggregate.improvement.length > 0) {
      out.push('', ...pairHeadMarkdown('A > B, P averaged over tasks'));
      for (const p of summary.aggregate.improvement) out.push(pairRowMarkdown(p, verdict(summary, p)));
    }
    out.push('');
  }
  const incomplete = summary.runs.filter((r) => !r.complete);
  if (incomplete.length > 0) {
    out.push('## Stopped early', '');
    for (const r of incomplete) out.push(`- ${md(r.path)}: last ${md(summary.x)} ${formatNumber(r.last_x)}`);
    out.push('');
  }
  const restarts = restartLines(analysis, summary);
  if (restarts.length + notes.issues.length + notes.skipped.length > 0) {
    out.push('## Restarts, read issues and skipped files', '');
    for (const r of restarts) out.push(`- ${md(r.path)}: ${md(r.text)}`);
    for (const i of notes.issues) out.push(`- ${md(i)}`);
    for (const s of notes.skipped) out.push(`- ${md(s.path)} skipped: ${md(s.why)}`);
    out.push('');
  }
  out.push('## Charts', '');
  for (const f of figures) out.push(`![${md(f.title)}](${f.file})`, '');
  return out.join('\n');
}
