import type { BarSeries, Chart } from '../chart';
import { PALETTE } from '../chart';
import { type EvalInput, type EvalRecord, loadEvalRecords } from '../data';
import { formatValue } from '../format';
import { type RenderOptions, renderChart } from '../render';
import { extraBooleanKeys, mean, rateOf, rewardsOf, STANDARD_METRICS } from './eval-metrics';

/** What @evidence/report passes in so bars get confidence whiskers: metric name → value. */
export interface BeforeAfterSummary {
  pre: Record<string, number>;
  post: Record<string, number>;
  delta: Record<string, number>;
  /** 95 % confidence interval of each delta */
  ci95?: Record<string, [number, number]>;
}

export interface BeforeAfterOptions extends RenderOptions {
  /** precomputed values (and intervals); values missing here are computed from the records */
  summary?: BeforeAfterSummary;
  /** the reward field of an episode, default `cumulative_reward` */
  rewardKey?: string;
}

function metricsOf(
  records: readonly EvalRecord[],
  rewardKey: string,
  extra: readonly string[],
): Record<string, number> {
  const out: Record<string, number> = { mean_reward: mean(rewardsOf(records, rewardKey)) };
  for (const m of STANDARD_METRICS) if (m.field) out[m.key] = rateOf(records, m.field);
  for (const k of extra) out[k] = rateOf(records, k);
  return out;
}

/**
 * Grouped bars pre vs post with n in the legend and the signed delta above each pair. With
 * `summary.ci95`, the post bar carries a whisker: where post would lie for each end of the 95 %
 * interval of the change (pre + lo … pre + hi).
 */
export async function beforeAfterChart(
  pre: EvalInput,
  post: EvalInput,
  options: BeforeAfterOptions = {},
): Promise<Chart> {
  const rewardKey = options.rewardKey ?? 'cumulative_reward';
  const [a, b] = await Promise.all([loadEvalRecords(pre), loadEvalRecords(post)]);
  const extra = extraBooleanKeys([...a.records, ...b.records]);
  const computedPre = metricsOf(a.records, rewardKey, extra);
  const computedPost = metricsOf(b.records, rewardKey, extra);
  const metrics = [
    ...STANDARD_METRICS.map((m) => ({ key: m.key, label: m.label })),
    ...extra.map((k) => ({ key: k, label: k.replaceAll('_', ' ') })),
  ].filter(
    (m) =>
      Number.isFinite(computedPre[m.key] ?? Number.NaN) ||
      Number.isFinite(computedPost[m.key] ?? Number.NaN) ||
      options.summary?.pre[m.key] !== undefined,
  );

  const s = options.summary;
  const preValues = metrics.map((m) => s?.pre[m.key] ?? computedPre[m.key] ?? Number.NaN);
  const postValues = metrics.map((m) => s?.post[m.key] ?? computedPost[m.key] ?? Number.NaN);
  const deltas = metrics.map(
    (m, i) => s?.delta[m.key] ?? (postValues[i] as number) - (preValues[i] as number),
  );
  const ci = metrics.map((m) => s?.ci95?.[m.key]);
  const whiskers = ci.map((interval, i) =>
    interval
      ? ([(preValues[i] as number) + interval[0], (preValues[i] as number) + interval[1]] as [number, number])
      : null,
  );
  const hasWhiskers = whiskers.some((w) => w !== null);
  const n = (records: readonly EvalRecord[], side: Record<string, number> | undefined) =>
    side?.n ?? records.length;

  const preSeries: BarSeries = {
    type: 'bars',
    label: `pre (n=${n(a.records, s?.pre)})`,
    values: preValues,
    color: PALETTE.grey,
  };
  const postSeries: BarSeries = {
    type: 'bars',
    label: `post (n=${n(b.records, s?.post)})${hasWhiskers ? ', whisker: 95% CI of change' : ''}`,
    values: postValues,
    color: PALETTE.blue,
    whiskers,
  };
  const empty = a.records.length === 0 && b.records.length === 0 && !s;
  return {
    title: 'Before vs after training',
    width: 960,
    height: 540,
    panels: [
      {
        series: empty ? [] : [preSeries, postSeries],
        categories: metrics.map((m) => m.label),
        groupNotes: deltas.map((d) => (Number.isFinite(d) ? formatValue(d, { signed: true }) : '')),
        emptyMessage: 'no data: no evaluation episodes',
      },
    ],
  };
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
