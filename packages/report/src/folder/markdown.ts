import { escapeMarkdown as m, markdownCode } from '../page/escape.js';
import { runRows } from '../run-info.js';
import type { SampleEpisode } from '../trajectories.js';
import { describeImprovement, describeMethods, reportVerdict } from './describe-statistics.js';
import {
  constantReward,
  cutNote,
  episodeCaption,
  episodeEnding,
  formatBytes,
  formatInterval,
  formatNumber,
  formatSigned,
  headlineRows,
  metricLabel,
  plural,
  type ReportModel,
  stepDetails,
} from './model.js';
import { hiddenRatesSentence, shownRates } from './shown-rates.js';

/** A relative link target, percent-encoded where Markdown or URLs would misread it. */
const target = (file: string): string =>
  encodeURI(file).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

const image = (alt: string, file: string): string => `![${m(alt)}](${target(file)})`;
const link = (text: string, file: string): string => `[${m(text)}](${target(file)})`;

function runSection(model: ReportModel): string[] {
  const lines = model.run
    ? [
        '| | |',
        '|---|---|',
        ...runRows(model.run).map(
          ([key, value]) => `| ${m(key)} | ${markdownCode(value, { inTable: true })} |`,
        ),
      ]
    : [m(model.runNote ?? '')];
  if (model.rawLogs.length) {
    lines.push(
      '',
      'Raw logs:',
      '',
      ...model.rawLogs.map((log) => `- ${link(log.label, log.file)} (${formatBytes(log.bytes)})`),
    );
  }
  return lines;
}

function headline(model: ReportModel): string[] {
  const { metrics, training } = model;
  if (!metrics) {
    const lines = ['No before/after evaluation: pre_eval.jsonl and post_eval.jsonl are both needed.', ''];
    if (training) {
      lines.push(
        `Training reward ${formatNumber(training.earlyReward)} (first tenth of ${plural(training.rows, 'row')}) → ${formatNumber(
          training.lateReward,
        )} (last tenth, up to step ${formatNumber(training.lastStep)})`,
        '',
      );
    }
    return lines;
  }
  const ci = metrics.ci95.mean_reward;
  const rates = shownRates(metrics);
  const hidden = hiddenRatesSentence(metrics, rates, metricLabel);
  const lines = [
    `Mean ${m(metrics.reward_key)}: **${formatNumber(metrics.pre.mean_reward)} → ${formatNumber(metrics.post.mean_reward)}**${
      ci
        ? ` (Δ ${formatSigned(metrics.delta.mean_reward ?? Number.NaN)}, 95% CI ${formatNumber(ci[0])} to ${formatNumber(ci[1])})`
        : ''
    }. ${m(describeImprovement(metrics, formatNumber))}.`,
    '',
    `| Metric | Before (n=${metrics.pre.n}) [95% CI] | After (n=${metrics.post.n}) [95% CI] | Δ | 95% CI of Δ | Verdict (exact test, 5%) |`,
    '|---|--:|--:|--:|--:|---|',
    ...headlineRows(metrics, rates).map(
      ({ key, pre, post, delta, ci: interval, preCi, postCi, preWords, postWords, verdict }) =>
        `| ${m(metricLabel(key))} | ${formatNumber(pre)}${preWords ? ` (${m(preWords)})` : formatInterval(preCi)} | ${formatNumber(post)}${postWords ? ` (${m(postWords)})` : formatInterval(postCi)} | ${formatSigned(delta)} | ${
          interval ? `[${formatNumber(interval[0])}, ${formatNumber(interval[1])}]` : '—'
        } | ${verdict} |`,
    ),
    '',
    ...(hidden ? [m(hidden), ''] : []),
    m(describeMethods(metrics)),
    '',
    ...metrics.warnings.flatMap((w) => [`- ${m(w)}`]),
    ...(metrics.warnings.length ? [''] : []),
  ];
  return lines;
}

function sampleEpisode(episode: SampleEpisode, showReward: boolean): string[] {
  const step = (s: SampleEpisode['steps'][number], index: number): string =>
    `  - step ${index}: ${markdownCode(s.action)}${showReward ? ` → ${formatNumber(s.reward)}` : ''}${
      s.details.length ? ` · ${m(stepDetails(s.details))}` : ''
    }`;
  const gap = episode.moreSteps - episode.lastSteps.length;
  return [
    `- reward **${formatNumber(episode.reward)}** · ${m(episodeEnding(episode))}`,
    ...episode.steps.map(step),
    ...(gap > 0 ? [`  - … ${plural(gap, 'more step')}`] : []),
    ...episode.lastSteps.map(({ index, step: s }) => step(s, index)),
  ];
}

function samples(model: ReportModel): string[] {
  if (!model.samples) return [];
  const { worstPre, bestPost } = model.samples;
  const reward = constantReward([...worstPre, ...bestPost]);
  return [
    ...(reward === null ? [] : [`Every step shown rewards ${formatNumber(reward)}.`, '']),
    '### Worst pre-training episodes',
    '',
    ...worstPre.flatMap((episode) => sampleEpisode(episode, reward === null)),
    '',
    '### Best post-training episodes',
    '',
    ...bestPost.flatMap((episode) => sampleEpisode(episode, reward === null)),
  ];
}

const section = (title: string, body: string[]): string[] =>
  body.length ? [`## ${title}`, '', ...body, ''] : [];

/** REPORT.md: the report in Markdown, images and logs linked by paths relative to the page's folder. */
export function renderMarkdown(model: ReportModel): string {
  const checkpoints = model.checkpoints;
  const lines = [
    `# ${m(model.title)}`,
    '',
    `**${m(reportVerdict(model.metrics, formatNumber))}**`,
    '',
    `Generated ${m(model.generatedAt)} by @evidence/report.`,
    '',
    // the verdict first; what was trained and how (a long hyper-parameter table) at the end
    ...section('Before → after', headline(model)),
    ...section(
      'Charts',
      model.charts.flatMap((c) => [image(c.title, c.file), '']),
    ),
    ...section(
      'Training curves',
      model.curves.flatMap((c) => [image(c.title, c.file), '']),
    ),
    ...section(
      'Recorded episodes',
      model.animations
        .filter((a) => a.gif !== null)
        .flatMap((a) => {
          const cut = cutNote(a);
          const caption = `${m(episodeCaption(a))}${cut ? ` — ${m(cut)}` : ''}`;
          return [
            `[${image(episodeCaption(a), a.gif as string)}](${target(a.gif as string)})`,
            '',
            caption,
            '',
          ];
        }),
    ),
    ...section(
      'Checkpoint evaluations',
      checkpoints
        ? [
            ...(checkpoints.total > checkpoints.rows.length
              ? [`Last ${checkpoints.rows.length} of ${checkpoints.total} evaluations.`, '']
              : []),
            `| ${checkpoints.header.map(m).join(' | ')} |`,
            `|${checkpoints.header.map((_, i) => (i === 0 ? '---' : '--:')).join('|')}|`,
            ...checkpoints.rows.map((row) => `| ${row.map(m).join(' | ')} |`),
          ]
        : [],
    ),
    ...section('Sample trajectories', samples(model)),
    ...section('Run', runSection(model)),
    ...section('Missing, skipped and bad lines', [
      ...(model.skipped.length === 0 && model.issues.length === 0
        ? ['Nothing missing, nothing skipped, no bad lines.']
        : []),
      ...model.skipped.map((s) => `- **${m(s.what)}**: ${m(s.why)}`),
      ...(model.issues.length ? ['', `Skipped lines and reader notes (${model.issues.length}):`, ''] : []),
      ...model.issues.map(
        (i) => `- ${markdownCode(`${i.file}${i.line > 0 ? `:${i.line}` : ''}`)} ${m(i.reason)}`,
      ),
    ]),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
