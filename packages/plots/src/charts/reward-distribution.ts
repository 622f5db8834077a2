import type { Chart, HistogramSeries } from '../chart.js';
import { PALETTE } from '../chart.js';
import { type EvalInput, loadEvalRecords } from '../data.js';
import { formatValue } from '../format.js';
import { type RenderOptions, renderChart } from '../render.js';
import { tickIncrement } from '../ticks.js';
import { mean, rewardsOf } from './eval-metrics.js';

export interface RewardDistributionOptions extends RenderOptions {
  rewardKey?: string;
  /** about how many bins (default 20); edges are round numbers shared by both histograms */
  bins?: number;
}

/** Round bin edges covering [lo, hi], about `count` bins, written as exact decimals (no 0.30000000000000004). */
export function binEdges(lo: number, hi: number, count: number): number[] {
  if (lo === hi) return [lo - 0.5, lo + 0.5];
  const inc = tickIncrement(lo, hi, count);
  // edges are i·inc (inc > 0) or i / -inc (inc < 0) for integer i, as ticks are
  const at = (i: number) => (inc < 0 ? i / -inc : i * inc);
  const unit = inc < 0 ? 1 / -inc : inc;
  let i = Math.floor(lo / unit);
  while (at(i) > lo) i--;
  const edges = [at(i)];
  while ((edges[edges.length - 1] as number) <= hi) edges.push(at(++i));
  return edges;
}

/** Counts of `values` in [edges[k], edges[k+1]) (the last bin includes its right edge). */
export function histogram(values: readonly number[], edges: readonly number[]): number[] {
  const counts = new Array<number>(edges.length - 1).fill(0);
  for (const v of values) {
    let lo = 0;
    let hi = edges.length - 1;
    if (!(v >= (edges[0] as number) && v <= (edges[hi] as number))) continue;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (v >= (edges[mid] as number)) lo = mid;
      else hi = mid;
    }
    counts[lo] = (counts[lo] as number) + 1;
  }
  return counts;
}

/** Overlaid pre/post histograms of episode reward on shared bins, the mean of each in the legend. */
export async function rewardDistributionChart(
  pre: EvalInput,
  post: EvalInput,
  options: RewardDistributionOptions = {},
): Promise<Chart> {
  const rewardKey = options.rewardKey ?? 'cumulative_reward';
  const [a, b] = await Promise.all([loadEvalRecords(pre), loadEvalRecords(post)]);
  const preR = rewardsOf(a.records, rewardKey);
  const postR = rewardsOf(b.records, rewardKey);
  const all = preR.concat(postR);
  const series: HistogramSeries[] = [];
  if (all.length > 0) {
    // a loop, not Math.min(...all): a spread of 200,000 episodes overflows the stack
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const value of all) {
      if (value < low) low = value;
      if (value > high) high = value;
    }
    const edges = binEdges(low, high, options.bins ?? 20);
    const side = (name: string, values: number[], color: string): HistogramSeries => ({
      type: 'histogram',
      label: `${name} (n=${values.length}, mean ${formatValue(mean(values), { signed: true })})`,
      edges,
      counts: histogram(values, edges),
      color,
      alpha: name === 'pre' ? 0.45 : 0.4,
    });
    if (preR.length > 0) series.push(side('pre', preR, PALETTE.slate));
    if (postR.length > 0) series.push(side('post', postR, PALETTE.blue));
  }
  return {
    title: 'Reward distribution: pre vs post training',
    xLabel: `episode ${rewardKey.replaceAll('_', ' ')}`,
    width: 960,
    height: 540,
    panels: [
      {
        yLabel: 'episodes',
        integerY: true,
        series,
        emptyMessage: `no data: no episode has a numeric "${rewardKey}"`,
      },
    ],
  };
}

/** Renders the reward distribution of two evaluation JSONL files (or records) to `out`. */
export async function renderRewardDistribution(
  pre: EvalInput,
  post: EvalInput,
  out: string,
  options: RewardDistributionOptions = {},
): Promise<string> {
  return renderChart(await rewardDistributionChart(pre, post, options), out, options);
}
