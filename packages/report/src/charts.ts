/** Every call into @evidence/plots, in one module: which chart, from which inputs, to which file. */
import type { LoadedCsvLog } from '@evidence/csv-log';
import {
  type BeforeAfterSummary,
  renderBeforeAfter,
  renderCheckpointProgression,
  renderRewardComponents,
  renderRewardDistribution,
  renderTrainingCurve,
} from '@evidence/plots';
import type { BeforeAfterMetrics } from './before-after.js';
import type { EvalRecord } from './records.js';

export interface ChartPlan {
  title: string;
  /** path of the chart to write */
  out: string;
  /** what it needs, for the "skipped" list */
  needs: string;
  /** draws the chart, or null when its inputs are missing */
  draw: (() => Promise<string>) | null;
}

interface ChartPaths {
  trainingCurvePng: string;
  rewardComponentsPng: string;
  checkpointProgressionPng: string;
  beforeAfterSummaryPng: string;
  rewardDistributionPng: string;
}

const when = <T>(value: T | null, draw: (value: T) => Promise<string>): (() => Promise<string>) | null =>
  value === null ? null : () => draw(value);

/** The charts drawn from the CSV logs (each null when its log is missing). */
export function planLogCharts(
  paths: ChartPaths,
  logs: {
    trainingLog: LoadedCsvLog | null;
    rewardComponents: LoadedCsvLog | null;
    checkpointEvals: LoadedCsvLog | null;
  },
): ChartPlan[] {
  return [
    {
      title: 'Training reward and loss',
      out: paths.trainingCurvePng,
      needs: 'training_log.csv',
      draw: when(logs.trainingLog, (log) => renderTrainingCurve(log, paths.trainingCurvePng)),
    },
    {
      title: 'Reward components',
      out: paths.rewardComponentsPng,
      needs: 'reward_components.csv',
      draw: when(logs.rewardComponents, (log) => renderRewardComponents(log, paths.rewardComponentsPng)),
    },
    {
      title: 'Checkpoint evaluations',
      out: paths.checkpointProgressionPng,
      needs: 'checkpoint_evals.csv',
      draw: when(logs.checkpointEvals, (log) =>
        renderCheckpointProgression(log, paths.checkpointProgressionPng),
      ),
    },
  ];
}

/** The charts drawn from the evaluation episodes, with the statistics' intervals as whiskers. */
export function planEvalCharts(
  paths: ChartPaths,
  evals: { pre: EvalRecord[]; post: EvalRecord[] } | null,
  metrics: BeforeAfterMetrics | null,
  rewardKey: string,
): ChartPlan[] {
  return [
    {
      title: 'Before vs after training',
      out: paths.beforeAfterSummaryPng,
      needs: 'pre_eval.jsonl and post_eval.jsonl',
      draw: when(evals, ({ pre, post }) =>
        renderBeforeAfter(pre, post, paths.beforeAfterSummaryPng, {
          rewardKey,
          ...(metrics ? { summary: summaryForChart(metrics) } : {}),
        }),
      ),
    },
    {
      title: 'Episode reward distribution',
      out: paths.rewardDistributionPng,
      needs: 'pre_eval.jsonl and post_eval.jsonl',
      draw: when(evals, ({ pre, post }) =>
        renderRewardDistribution(pre, post, paths.rewardDistributionPng, { rewardKey }),
      ),
    },
  ];
}

/** What the before/after chart draws: every statistic but n, with the intervals as whiskers. */
function summaryForChart(metrics: BeforeAfterMetrics): BeforeAfterSummary {
  const withoutN = (stats: Record<string, number>): Record<string, number> =>
    Object.fromEntries(Object.entries(stats).filter(([key]) => key !== 'n'));
  return {
    pre: withoutN(metrics.pre),
    post: withoutN(metrics.post),
    delta: metrics.delta,
    ci95: metrics.ci95,
  };
}
