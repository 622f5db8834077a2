import type { Picture, RecordedEpisode } from './assets.js';
import type { BeforeAfterMetrics } from './before-after.js';
import type { ReportIssue } from './eval-files.js';
import type { Verdict } from './stats/direction.js';
import type { SampleTrajectories } from './trajectories.js';

/** Everything the report shows, gathered once; the HTML and Markdown renderers only lay it out. */
export interface ReportModel {
  title: string;
  generatedAt: string;
  metrics: BeforeAfterMetrics | null;
  training: TrainingSummary | null;
  /** charts rendered now, relative paths */
  charts: Picture[];
  curves: Picture[];
  animations: RecordedEpisode[];
  checkpoints: { header: string[]; rows: string[][]; total: number } | null;
  samples: SampleTrajectories | null;
  skipped: { what: string; why: string }[];
  /** issues with `file` relative to the evidence folder */
  issues: ReportIssue[];
}

export interface TrainingSummary {
  rows: number;
  lastStep: number;
  /** mean reward of the first and last tenth of the rows */
  earlyReward: number;
  lateReward: number;
}

/** Human labels for the metric keys of before_after_metrics.json. */
const LABELS: Readonly<Record<string, string>> = {
  mean_reward: 'Mean reward',
  median_reward: 'Median reward',
  iqm: 'IQM reward (25% trimmed mean)',
  std: 'Reward std',
  success_rate: 'Success rate',
  mass_acc: 'Mass accuracy',
  channel_acc: 'Channel accuracy',
};

export const metricLabel = (key: string): string => LABELS[key] ?? key;

/** Four significant digits, no exponent for everyday magnitudes; '—' for missing values. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  if (value !== 0 && (Math.abs(value) >= 1e6 || Math.abs(value) < 1e-3)) return value.toExponential(3);
  return String(Number(value.toPrecision(4)));
}

/** " [lo, hi]" after a value, or nothing without an interval. */
export const formatInterval = (ci: [number, number] | null): string =>
  ci ? ` [${formatNumber(ci[0])}, ${formatNumber(ci[1])}]` : '';

export const formatSigned = (value: number): string =>
  value > 0 ? `+${formatNumber(value)}` : formatNumber(value);

/** Metric rows of the headline table: reference keys first, then the rest in metrics order. */
export function headlineRows(metrics: BeforeAfterMetrics): {
  key: string;
  pre: number;
  post: number;
  delta: number;
  ci: [number, number] | null;
  /** each side's own 95% interval (Wilson for rates, the bootstrap for reward statistics) */
  preCi: [number, number] | null;
  postCi: [number, number] | null;
  /** better / worse (the interval excludes 0, in the metric's direction), unclear, or neutral */
  verdict: Verdict;
}[] {
  return Object.keys(metrics.delta).map((key) => ({
    key,
    pre: metrics.pre[key] as number,
    post: metrics.post[key] as number,
    delta: metrics.delta[key] as number,
    ci: metrics.ci95[key] ?? null,
    preCi: metrics.pre_ci95[key] ?? null,
    postCi: metrics.post_ci95[key] ?? null,
    verdict: metrics.verdict[key] ?? 'unclear',
  }));
}

/** One line about a recorded episode (mode, episode, reward, average, steps, outcome), unescaped. */
export function episodeCaption(episode: RecordedEpisode): string {
  const facts = [
    episode.episode !== null ? `episode ${episode.episode}` : null,
    episode.reward !== null ? `reward ${formatNumber(episode.reward)}` : null,
    episode.avgReward !== null ? `average ${formatNumber(episode.avgReward)}` : null,
    episode.steps !== null ? `${episode.steps} steps` : null,
    episode.solved === null ? null : episode.solved ? 'solved' : 'not solved',
  ];
  return `${episode.mode}: ${facts.filter((f) => f !== null).join(', ')}`;
}
