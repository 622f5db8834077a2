/**
 * `evidence compare`'s terminal view: the before/after table with each change's verdict, the
 * P(post > pre) line and how the intervals were made; and its CI gate, said in words.
 */
import { formatValue } from '@evidence/step-table';
import type { BeforeAfterMetrics } from './folder/before-after.js';
import type { MetricTest } from './folder/metric-tests.js';
import { renderTextTable } from './page/text-table.js';

/**
 * One format for every statistic: 4 decimals for everyday magnitudes, 4 decimals of an exponent outside
 * [1e-4, 1e6) (a reward near 1e308 stays readable), Python's `nan`/`inf` for values that are not finite.
 */
export function formatStatistic(value: number | undefined, signed = false): string {
  if (value === undefined) return '';
  const size = Math.abs(value);
  const exponent = Number.isFinite(value) && value !== 0 && (size >= 1e6 || size < 1e-4);
  return formatValue(value, `${signed ? '+' : ''}.4${exponent ? 'e' : 'f'}`);
}

const interval = (ci: [number, number] | undefined) =>
  ci ? `[${formatStatistic(ci[0], true)}, ${formatStatistic(ci[1], true)}]` : '';

/** An interval as shown, with words where it is a point: a point says nothing of uncertainty. */
function shownInterval(metrics: BeforeAfterMetrics, ci: [number, number] | undefined): string {
  if (!ci || ci[0] !== ci[1]) return interval(ci);
  const { n: before } = metrics.pre;
  const { n: after } = metrics.post;
  return before === 1 || after === 1
    ? `none: ${before} v ${after} episodes, no spread to estimate`
    : `none: all ${before} v ${after} episodes equal`;
}

/** Whether the one rule finds the change better: the verdict `computeBeforeAfter` made from the test. */
const improved = (metrics: BeforeAfterMetrics, name: string): boolean => metrics.verdict[name] === 'better';

const p3 = (p: number): string => formatValue(p, '.3g');

/** The verdict column: the metric's verdict (one rule, one test), with the p behind it. */
function changeWords(metrics: BeforeAfterMetrics, tests: Record<string, MetricTest>, name: string): string {
  const test = tests[name];
  const verdict = metrics.verdict[name] ?? '';
  if (!test) return verdict;
  if (verdict === 'better') return `better (p = ${p3(test.p_value)})`;
  if (verdict === 'worse') return `worse (p = ${p3(test.p_value_worse)})`;
  if (test.smallest_p > 0.05) return `cannot tell at 95% (too few episodes: p ≥ ${p3(test.smallest_p)})`;
  return `unclear (p = ${p3(Math.min(test.p_value, test.p_value_worse))})`;
}

/** The before/after statistics as terminal text: the table, then P(post > pre) and how it was computed. */
export function renderCompareText(metrics: BeforeAfterMetrics, tests: Record<string, MetricTest>): string {
  const pre = metrics.pre as Record<string, number>;
  const post = metrics.post as Record<string, number>;
  const names = [...new Set([...Object.keys(pre), ...Object.keys(post)])];
  const rows = names.map((name) =>
    name === 'n'
      ? ['n', formatValue(pre.n ?? Number.NaN, 'd'), formatValue(post.n ?? Number.NaN, 'd'), '', '', '']
      : [
          name,
          formatStatistic(pre[name]),
          formatStatistic(post[name]),
          formatStatistic(metrics.delta[name], true),
          shownInterval(metrics, metrics.ci95[name]),
          changeWords(metrics, tests, name),
        ],
  );
  const lines = [
    renderTextTable(['metric', 'pre', 'post', 'delta', '95% CI of delta', 'verdict (exact test, 5%)'], rows),
    '',
  ];
  const p = `P(post > pre) = ${formatValue(metrics.p_improvement, '.3f')}`;
  const pInterval = metrics.p_improvement_ci95;
  lines.push(
    metrics.p_improvement_note
      ? `${p}: ${metrics.p_improvement_note}`
      : `${p}${pInterval ? ` [${formatValue(pInterval[0], '.3f')}, ${formatValue(pInterval[1], '.3f')}]` : ''}: a random post episode beats a random pre episode`,
  );
  const { pairing, bootstrap } = metrics;
  lines.push(
    `${pairing.paired ? 'paired' : 'independent'} (${pairing.why})`,
    `intervals: over these evaluation episodes of one training run (one seed; \`evidence runs\` compares seeds); rates Wilson per side, Newcombe${pairing.paired ? ' (paired)' : ''} for the change; rewards percentile bootstrap${
      pairing.paired ? ' over pairs' : ''
    }, ${bootstrap.resamples} resamples, seed ${bootstrap.seed}`,
    'verdict: one rule, the one-sided exact permutation test (Mann–Whitney; sign flips when paired) at 5% each way: better where it finds the change in the direction that is better, worse where it finds it the other way, with its p; unclear otherwise (the same verdict as --json and the gate)',
  );
  return lines.join('\n');
}

export interface CompareGateResult {
  /** `usage`: no such metric, or one without a direction (a usage error); else whether it improved */
  status: 'improved' | 'not-improved' | 'usage';
  /** the line to show: the change, its test and, when it fails, why */
  message: string;
}

/**
 * The CI gate (`compare --require-improvement [metric]`): whether the one-sided exact test finds
 * `metric` better after, at 5 %. With too few episodes for any result to reach 5 %, it fails and says
 * how many would.
 */
export function compareGate(
  metrics: BeforeAfterMetrics,
  tests: Record<string, MetricTest>,
  metric: string,
): CompareGateResult {
  const usage = (message: string): CompareGateResult => ({ status: 'usage', message });
  if (!(metric in metrics.delta))
    return usage(
      `--require-improvement: no metric "${metric}" (the metrics are ${Object.keys(metrics.delta).join(', ')})`,
    );
  const direction = metrics.direction[metric];
  if (direction === 'neutral')
    return usage(
      `--require-improvement: "${metric}" has no direction; state "better": "higher" or "lower" for it in run.json`,
    );
  const test = tests[metric];
  const change = `${metric} ${formatStatistic(metrics.delta[metric], true)}, 95% CI ${shownInterval(metrics, metrics.ci95[metric])} (${direction} is better)`;
  if (!test)
    return { status: 'not-improved', message: `no proven improvement: ${change}; no episode values to test` };
  const what = test.test === 'sign-flip' ? 'paired sign-flip' : 'Mann–Whitney';
  const said = `${change}; one-sided exact ${what} test p = ${formatValue(test.p_value, '.3g')}`;
  if (improved(metrics, metric)) return { status: 'improved', message: `improved: ${said} ≤ 0.05` };
  const unit = test.test === 'sign-flip' ? 'pairs of episodes' : 'episodes per side';
  const why =
    test.smallest_p > 0.05
      ? `cannot tell at 95%: with ${metrics.pre.n} v ${metrics.post.n} episodes no result can reach p ≤ 0.05 (the smallest possible p is ${formatValue(test.smallest_p, '.3g')}); at least ${test.needed_to_reach} ${unit} can`
      : metrics.verdict[metric] === 'worse'
        ? `it changed the wrong way (one-sided exact test p = ${p3(test.p_value_worse)})`
        : 'p > 0.05';
  return { status: 'not-improved', message: `no proven improvement: ${said}; ${why}` };
}
