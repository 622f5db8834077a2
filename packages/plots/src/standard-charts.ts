// The one list of the standard charts of an evidence folder: which chart, from which files, to which
// file. `evidence plot`, `evidence watch` and @evidence/report all draw from this list.
import { basename } from 'node:path';
import { type BeforeAfterSummary, renderBeforeAfter } from './charts/before-after.js';
import { renderCheckpointProgression } from './charts/checkpoint-progression.js';
import { renderRewardComponents } from './charts/reward-components.js';
import { renderRewardDistribution } from './charts/reward-distribution.js';
import { renderTrainingCurve } from './charts/training-curve.js';
import { type CsvInput, type EvalInput, EvidencePaths } from './data.js';
import type { RenderOptions } from './render.js';

export type StandardChartName =
  | 'trainingCurve'
  | 'rewardComponents'
  | 'checkpointProgression'
  | 'beforeAfter'
  | 'rewardDistribution';

interface StandardChartBase {
  name: StandardChartName;
  /** what the chart shows, for a report's caption */
  title: string;
  /** where it goes in the folder (EvidencePaths' name for it) */
  out: string;
  /** the files it is drawn from: redraw it when one changes, skip it when one is missing */
  inputs: readonly string[];
}

export interface CsvChartOptions extends RenderOptions {
  /** write here instead of `out` */
  out?: string;
}

export interface EvalChartOptions extends CsvChartOptions {
  /** the reward field of an episode, default `cumulative_reward` */
  rewardKey?: string;
  /** precomputed statistics with confidence intervals (the before/after chart draws them as whiskers) */
  summary?: BeforeAfterSummary;
}

/** A chart of one CSV log; `draw()` reads `inputs[0]` unless given the log (path or loaded log). */
export interface CsvStandardChart extends StandardChartBase {
  source: 'csv';
  draw(csv?: CsvInput, options?: CsvChartOptions): Promise<string>;
}

/** A chart of the pre- and post-training evaluations; `draw()` reads `inputs` unless given records. */
export interface EvalStandardChart extends StandardChartBase {
  source: 'evals';
  draw(evals?: { pre: EvalInput; post: EvalInput }, options?: EvalChartOptions): Promise<string>;
}

export type StandardChart = CsvStandardChart | EvalStandardChart;

/** `training_log.csv`, or `pre_eval.jsonl and post_eval.jsonl`: what a chart needs, for a "skipped" note. */
export function chartNeeds(chart: StandardChart): string {
  return chart.inputs.map((input) => basename(input)).join(' and ');
}

/**
 * The five standard charts of the evidence folder `dir` (a path or its EvidencePaths), named as the
 * reference trainer names them, in the order a report shows them.
 */
export function standardCharts(dir: string | EvidencePaths): StandardChart[] {
  const paths = typeof dir === 'string' ? new EvidencePaths(dir) : dir;
  const csvChart = (
    name: StandardChartName,
    title: string,
    input: string,
    out: string,
    render: (csv: CsvInput, out: string, options: RenderOptions) => Promise<string>,
  ): CsvStandardChart => ({
    name,
    title,
    out,
    inputs: [input],
    source: 'csv',
    draw: (csv = input, { out: to = out, ...options } = {}) => render(csv, to, options),
  });
  const evalInputs = [paths.preEval, paths.postEval] as const;
  const ownFiles = { pre: paths.preEval, post: paths.postEval };
  return [
    csvChart(
      'trainingCurve',
      'Training reward and loss',
      paths.trainingLog,
      paths.trainingCurvePng,
      renderTrainingCurve,
    ),
    csvChart(
      'rewardComponents',
      'Reward components',
      paths.rewardComponents,
      paths.rewardComponentsPng,
      renderRewardComponents,
    ),
    csvChart(
      'checkpointProgression',
      'Checkpoint evaluations',
      paths.checkpointEvals,
      paths.checkpointProgressionPng,
      renderCheckpointProgression,
    ),
    {
      name: 'beforeAfter',
      title: 'Before vs after training',
      out: paths.beforeAfterSummaryPng,
      inputs: evalInputs,
      source: 'evals',
      draw: ({ pre, post } = ownFiles, { out = paths.beforeAfterSummaryPng, ...options } = {}) =>
        renderBeforeAfter(pre, post, out, options),
    },
    {
      name: 'rewardDistribution',
      title: 'Episode reward distribution',
      out: paths.rewardDistributionPng,
      inputs: evalInputs,
      source: 'evals',
      draw: ({ pre, post } = ownFiles, { out = paths.rewardDistributionPng, summary: _, ...options } = {}) =>
        renderRewardDistribution(pre, post, out, options),
    },
  ];
}
