import type { BarSeries, Chart, Panel } from '../chart.js';
import { PALETTE } from '../chart.js';
import { type EvalInput, type EvalRecord, loadEvalRecords } from '../data.js';
import { formatValue } from '../format.js';
import { type RenderOptions, renderChart } from '../render.js';
import { extraBooleanKeys, mean, median, rateOf, rewardsOf, STANDARD_METRICS } from './eval-metrics.js';

/** What @evidence/report passes in so bars get confidence whiskers: metric name → value. */
export interface BeforeAfterSummary {
  pre: Record<string, number>;
  post: Record<string, number>;
  delta: Record<string, number>;
  /** 95 % confidence interval of each delta */
  ci95?: Record<string, [number, number]>;
  /** the rates to draw (default: every rate); at most {@link MAX_RATE_BARS} are drawn */
  rates?: readonly string[];
}

/**
 * The most rate bars drawn: an evaluation with 300,000 outcome keys would draw 600,000 unreadable bars
 * (and take a minute to encode). The chart's x label says how many of how many are drawn.
 */
export const MAX_RATE_BARS = 12;

export interface BeforeAfterOptions extends RenderOptions {
  /** precomputed values (and intervals); values missing here are computed from the records */
  summary?: BeforeAfterSummary;
  /** the reward field of an episode, default `cumulative_reward` */
  rewardKey?: string;
}

/** Metrics measured in reward units: drawn on their own axis, whatever the reward's scale. */
const REWARD_METRICS: readonly { key: string; label: string }[] = [
  { key: 'mean_reward', label: 'mean reward' },
  { key: 'median_reward', label: 'median reward' },
];

function metricsOf(
  records: readonly EvalRecord[],
  rewardKey: string,
  extra: readonly string[],
): Record<string, number> {
  const rewards = rewardsOf(records, rewardKey);
  const out: Record<string, number> = { mean_reward: mean(rewards), median_reward: median(rewards) };
  for (const m of STANDARD_METRICS) if (m.field) out[m.key] = rateOf(records, m.field);
  for (const k of extra) out[k] = rateOf(records, k);
  return out;
}

/**
 * Grouped bars pre vs post with n in the legend and the signed delta above each pair. Reward
 * metrics (mean, median) and rates (share of episodes with an outcome) get a panel each, side by
 * side: the rewards on their own scale, the rates on [0, 1], so a reward of 500 never flattens a rate
 * of 0.6. With `summary.ci95`, the post bar carries a whisker: where post would lie for each end of
 * the 95 % interval of the change (pre + lo … pre + hi).
 */
export async function beforeAfterChart(
  pre: EvalInput,
  post: EvalInput,
  options: BeforeAfterOptions = {},
): Promise<Chart> {
  const rewardKey = options.rewardKey ?? 'cumulative_reward';
  const [a, b] = await Promise.all([loadEvalRecords(pre), loadEvalRecords(post)]);
  const s = options.summary;
  const found = extraBooleanKeys([...a.records, ...b.records]);
  // sorted and computed: only the ones named (300,000 outcome keys need not all be sorted for 12 bars)
  const extra = (s?.rates ? s.rates.filter((k) => found.has(k)) : [...found]).sort();
  const computedPre = metricsOf(a.records, rewardKey, extra);
  const computedPost = metricsOf(b.records, rewardKey, extra);
  const present = (m: { key: string }) =>
    Number.isFinite(computedPre[m.key] ?? Number.NaN) ||
    Number.isFinite(computedPost[m.key] ?? Number.NaN) ||
    s?.pre[m.key] !== undefined;
  const rewardMetrics = REWARD_METRICS.filter(present);
  const standardRates = STANDARD_METRICS.filter((m) => m.field !== null)
    .map((m) => ({ key: m.key, label: m.label }))
    .filter(present);
  const rateMetrics = ratesDrawn(
    [...standardRates, ...extra.map((k) => ({ key: k, label: k.replaceAll('_', ' ') }))],
    s?.rates,
  );
  // every extra key is present: it holds a boolean in an episode of one side at least
  const allRates = standardRates.length + found.size;

  const n = (records: readonly EvalRecord[], side: Record<string, number> | undefined) =>
    side?.n ?? records.length;
  const hasWhiskers = [...rewardMetrics, ...rateMetrics].some((m) => s?.ci95?.[m.key] !== undefined);
  const preLabel = `pre (n=${n(a.records, s?.pre)})`;
  const postLabel = `post (n=${n(b.records, s?.post)})${hasWhiskers ? ', whisker: 95% CI of change' : ''}`;

  /** One panel of grouped bars; only one panel labels its series, for the one legend above both. */
  const barPanel = (metrics: readonly { key: string; label: string }[], legend: boolean): Panel => {
    const preValues = metrics.map((m) => s?.pre[m.key] ?? computedPre[m.key] ?? Number.NaN);
    const postValues = metrics.map((m) => s?.post[m.key] ?? computedPost[m.key] ?? Number.NaN);
    const deltas = metrics.map(
      (m, i) => s?.delta[m.key] ?? (postValues[i] as number) - (preValues[i] as number),
    );
    const whiskers = metrics.map((m, i) => {
      const interval = s?.ci95?.[m.key];
      const base = preValues[i] as number;
      return interval ? ([base + interval[0], base + interval[1]] as [number, number]) : null;
    });
    const preSeries: BarSeries = {
      type: 'bars',
      label: legend ? preLabel : '',
      values: preValues,
      color: PALETTE.grey,
    };
    const postSeries: BarSeries = {
      type: 'bars',
      label: legend ? postLabel : '',
      values: postValues,
      color: PALETTE.blue,
      whiskers,
    };
    return {
      series: [preSeries, postSeries],
      categories: metrics.map((m) => m.label),
      groupNotes: deltas.map((d) => (Number.isFinite(d) ? formatValue(d, { signed: true }) : '')),
      // a group's share of the width stays the same in both panels, plus room for the y axis
      weight: metrics.length + 0.4,
    };
  };

  const title = 'Before vs after training';
  if (a.records.length === 0 && b.records.length === 0 && !s) {
    return {
      title,
      width: 960,
      height: 540,
      panels: [{ series: [], emptyMessage: 'no data: no evaluation episodes' }],
    };
  }
  const panels: Panel[] = [];
  if (rewardMetrics.length > 0)
    panels.push({
      ...barPanel(rewardMetrics, true),
      yLabel: rewardKey.replaceAll('_', ' '),
    });
  if (rateMetrics.length > 0)
    panels.push({
      ...barPanel(rateMetrics, rewardMetrics.length === 0),
      yLabel: 'rate (share of episodes)',
      yDomain: [0, 1],
    });
  const omitted = allRates - rateMetrics.length;
  const xLabel =
    omitted > 0
      ? `${rateMetrics.length} of ${allRates.toLocaleString('en')} rates drawn; ${omitted.toLocaleString('en')} not drawn`
      : undefined;
  return {
    title,
    width: 960,
    height: 540,
    layout: 'columns',
    legend: 'above',
    panels,
    ...(xLabel ? { xLabel } : {}),
  };
}

/** The rates named in `wanted` (default: all), in the chart's order, at most {@link MAX_RATE_BARS}. */
function ratesDrawn<T extends { key: string }>(
  all: readonly T[],
  wanted: readonly string[] | undefined,
): T[] {
  const named = wanted ? new Set(wanted) : null;
  return (named ? all.filter((m) => named.has(m.key)) : all).slice(0, MAX_RATE_BARS);
}

/** Renders the before/after summary of two evaluation JSONL files (or records) to `out`. */
export async function renderBeforeAfter(
  pre: EvalInput,
  post: EvalInput,
  out: string,
  options: BeforeAfterOptions = {},
): Promise<string> {
  return renderChart(await beforeAfterChart(pre, post, options), out, options);
}
