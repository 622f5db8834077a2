import { unseenBound } from '@evidence/stats';
import { capText } from '../cap-text.js';
import type { ReportIssue } from '../eval-files.js';
import { formatInterval, formatNumber, formatSigned, plural, stepDetails } from '../page/format.js';
import { MAX_OUTCOMES_LISTED, type SampleEpisode, type SampleTrajectories } from '../trajectories.js';
import type { Picture, RecordedEpisode } from './assets.js';
import { type BeforeAfterMetrics, REWARD_STATS } from './before-after.js';
import type { Verdict } from './direction.js';
import type { ShownRates } from './shown-rates.js';

/** Everything the report shows, gathered once; the HTML and Markdown renderers only lay it out. */
export interface ReportModel {
  title: string;
  generatedAt: string;
  /** run.json as the trainer wrote it, or null */
  run: Record<string, unknown> | null;
  /** why there is no run description (missing or unreadable run.json), or null */
  runNote: string | null;
  /** the trainer's raw files, linked */
  rawLogs: RawLog[];
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

export interface RawLog {
  /** link from the page */
  file: string;
  /** path in the evidence folder */
  label: string;
  bytes: number;
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

export const metricLabel = (key: string): string =>
  Object.hasOwn(LABELS, key) ? (LABELS[key] as string) : capText(key, 80); // a metric named toString is not a label

// the one number format, in the page kit; here for the report's modules that import it from the model
export { formatInterval, formatNumber, formatSigned, plural, stepDetails };

/** `record[key]` when it is the record's own: a metric named `toString` or `constructor` is data, not Object's. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Metric rows of the headline table in metrics order: the reward statistics and the rates `rates` shows. */
export function headlineRows(
  metrics: BeforeAfterMetrics,
  rates: ShownRates,
): {
  key: string;
  pre: number;
  post: number;
  delta: number;
  ci: [number, number] | null;
  /** each side's own 95% interval (Wilson for rates, the bootstrap for reward statistics) */
  preCi: [number, number] | null;
  postCi: [number, number] | null;
  /** in place of a side's interval, when its episodes all scored the same (see {@link noSpreadWords}) */
  preWords: string | null;
  postWords: string | null;
  /** better / worse (the one-sided exact test at 5 %, in the metric's direction or against it), unclear, or neutral */
  verdict: Verdict;
}[] {
  // in the order the statistics are made (mean, median, the rates, std, IQM), without a pass over every rate
  const keys = ['mean_reward', 'median_reward', ...rates.shown, 'std', 'iqm'].filter((key) =>
    Object.hasOwn(metrics.delta, key),
  );
  return keys.map((key) => ({
    key,
    pre: metrics.pre[key] as number,
    post: metrics.post[key] as number,
    delta: metrics.delta[key] as number,
    ci: own(metrics.ci95, key) ?? null,
    preCi: own(metrics.pre_ci95, key) ?? null,
    postCi: own(metrics.post_ci95, key) ?? null,
    preWords: noSpreadWords(metrics, 'pre', key),
    postWords: noSpreadWords(metrics, 'post', key),
    verdict: own(metrics.verdict, key) ?? 'unclear',
  }));
}

/**
 * A reward statistic of a side whose episodes all scored the same: its bootstrap interval is a point
 * ("500 [500, 500]") that reads as certainty when all it says is that no episode differed. Said in
 * words instead, with what n episodes can rule out (the exact binomial bound 1 − 0.05^(1/n)).
 */
export function noSpreadWords(metrics: BeforeAfterMetrics, side: 'pre' | 'post', key: string): string | null {
  const stats = metrics[side];
  if (!(REWARD_STATS as readonly string[]).includes(key) || stats.std !== 0 || stats.n < 2) return null;
  const n = stats.n;
  const value = stats.mean_reward;
  const chance = `${Math.round(unseenBound(n) * 1000) / 10}%`;
  const [min, max] = own(metrics.bounds, key) ?? [null, null];
  const words = `all ${n} equal: no spread to estimate`;
  if (max !== null && value === max)
    return `${words}; ${n} of ${n} at the maximum: a new episode may still fall short, with a chance of up to ${chance}`;
  if (min !== null && value === min)
    return `${words}; ${n} of ${n} at the minimum: a new episode may still end higher, with a chance of up to ${chance}`;
  return `${words}; a new episode may still score otherwise, with a chance of up to ${chance}`;
}

/** One line about a recorded episode (mode, episode, reward, average, steps, outcome), unescaped. */
export function episodeCaption(episode: RecordedEpisode): string {
  const facts = [
    episode.episode !== null ? `episode ${episode.episode}` : null,
    episode.reward !== null ? `reward ${formatNumber(episode.reward)}` : null,
    episode.avgReward !== null ? `average ${formatNumber(episode.avgReward)}` : null,
    episode.steps !== null ? plural(episode.steps, 'step') : null,
    episode.solved === null ? null : episode.solved ? 'solved' : 'not solved',
  ];
  return capText(`${episode.mode}: ${facts.filter((f) => f !== null).join(', ')}`);
}

/** Said when the GIF does not show the whole episode (the recorder's maxFrames cut it), else null. */
export function cutNote(episode: RecordedEpisode): string | null {
  if (!episode.framesDropped || episode.framesDropped <= 0) return null;
  const kept = episode.frameCount !== null ? `the first ${plural(episode.frameCount, 'frame')}` : 'a part';
  return `GIF cut by maxFrames: it shows ${kept}; ${plural(episode.framesDropped, 'frame')} of the episode not recorded.`;
}

/** A relative file path as a URL path: each segment percent-encoded (`#`, `?`, spaces and the like). */
export const urlPath = (file: string): string => file.split('/').map(encodeURIComponent).join('/');

/** "12.3 kB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return plural(bytes, 'byte');
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${Number(value.toPrecision(3))} ${units[unit]}`;
}

/** The value every shown step rewards, when they all reward the same (then the page says it once). */
export function constantReward(episodes: readonly SampleEpisode[]): number | null {
  let seen: number | undefined;
  for (const episode of episodes) {
    for (const step of [...episode.steps, ...episode.lastSteps.map((s) => s.step)]) {
      if (step.reward === undefined) return null;
      if (seen === undefined) seen = step.reward;
      else if (step.reward !== seen) return null;
    }
  }
  return seen ?? null;
}

/** "23 steps, ended: pole_fell": the outcomes that are true (or that none was), singular or plural. */
export function episodeEnding(episode: SampleEpisode): string {
  const steps = plural(episode.totalSteps, 'step');
  if (episode.outcomes.length === 0) return steps;
  // at most MAX_OUTCOMES_LISTED names, as sample_trajectories.md: an episode can hold 300,000 outcomes
  const names = (outcomes: SampleEpisode['outcomes']): string => {
    const listed = outcomes
      .slice(0, MAX_OUTCOMES_LISTED)
      .map(([key]) => capText(key, 60))
      .join(', ');
    const more = outcomes.length - MAX_OUTCOMES_LISTED;
    return more > 0 ? `${listed}, … and ${more.toLocaleString('en')} more` : listed;
  };
  const truths = episode.outcomes.filter(([, value]) => value);
  if (truths.length > 0) return `${steps}, ended: ${names(truths)}`;
  const all = episode.outcomes;
  return `${steps}, ${all.length === 1 ? `not ${capText(all[0]?.[0] ?? '', 60)}` : `none of ${names(all)}`}`;
}
