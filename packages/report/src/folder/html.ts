import { extname, join } from 'node:path';
import { readInput } from '@evidence/node-kit';
import { escapeHtml as e } from '../page/escape.js';
import { foldedSection, htmlDocument, interactiveAssets, section } from '../page/index.js';
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
  urlPath,
} from './model.js';
import { interactivePicture, overlayPicture } from './report-figure.js';
import { hiddenRatesSentence, shownRates } from './shown-rates.js';

const MIME: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** Where an image comes from: its file beside the page (linked), or the file's bytes (inline); null when unreadable. */
type ImageSource = (file: string) => Promise<string | null>;

const linked: ImageSource = async (file) => urlPath(file);

/** A file (relative to the page's folder) as a data URI, for the one-file page of `--inline`. */
const inlined =
  (pageDir: string, where: (path: string) => string): ImageSource =>
  async (file) => {
    try {
      const bytes = await readInput(where(join(pageDir, file)));
      return `data:${MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'};base64,${bytes.toString('base64')}`;
    } catch {
      return null;
    }
  };

/** A side's own interval, small and muted beside its value. */
const side = (ci: [number, number] | null, words: string | null): string =>
  words
    ? ` <span class="muted">(${e(words)})</span>`
    : ci
      ? ` <span class="muted">${formatInterval(ci).trim()}</span>`
      : '';

function headline(model: ReportModel): string {
  const { metrics, training } = model;
  if (!metrics) {
    const parts = [
      '<p class="muted">No before/after evaluation: pre_eval.jsonl and post_eval.jsonl are both needed.</p>',
    ];
    if (training) {
      parts.push(
        `<p class="headline">Training reward ${formatNumber(training.earlyReward)} (first tenth of ${plural(training.rows, 'row')}) → ` +
          `${formatNumber(training.lateReward)} (last tenth, up to step ${formatNumber(training.lastStep)})</p>`,
      );
    }
    return parts.join('\n');
  }
  const rates = shownRates(metrics);
  const hidden = hiddenRatesSentence(metrics, rates, metricLabel);
  const rows = headlineRows(metrics, rates)
    .map(({ key, pre, post, delta, ci, preCi, postCi, preWords, postWords, verdict }) => {
      // coloured by the change's verdict (the exact test, one rule), not by its sign
      const colour = verdict === 'better' ? 'up' : verdict === 'worse' ? 'down' : '';
      const interval = ci ? `[${formatNumber(ci[0])}, ${formatNumber(ci[1])}]` : '—';
      return `<tr><td>${e(metricLabel(key))}</td><td>${formatNumber(pre)}${side(preCi, preWords)}</td><td>${formatNumber(post)}${side(postCi, postWords)}</td><td class="${colour}">${formatSigned(delta)}</td><td>${interval}</td><td class="${colour}">${verdict}</td></tr>`;
    })
    .join('\n');
  const { mean_reward: before } = metrics.pre;
  const { mean_reward: after } = metrics.post;
  const ci = metrics.ci95.mean_reward;
  return `<p class="headline">Mean ${e(metrics.reward_key)}: <strong>${formatNumber(before)} → ${formatNumber(after)}</strong>${
    ci ? ` (Δ ${formatSigned(after - before)}, 95% CI ${formatNumber(ci[0])} to ${formatNumber(ci[1])})` : ''
  }. ${e(describeImprovement(metrics, formatNumber))}.</p>
<table><thead><tr><th>Metric</th><th>Before (n=${metrics.pre.n}) [95% CI]</th><th>After (n=${metrics.post.n}) [95% CI]</th><th>Δ</th><th>95% CI of Δ</th><th>Verdict (exact test, 5%)</th></tr></thead>
<tbody>
${rows}
</tbody></table>${hidden ? `\n<p>${e(hidden)}</p>` : ''}
<p class="muted">${e(describeMethods(metrics))}</p>${
    metrics.warnings.length
      ? `\n<ul class="issues">${metrics.warnings.map((w) => `<li>${e(w)}</li>`).join('')}</ul>`
      : ''
  }`;
}

/**
 * The chart and curve images, each linked to its file. The one place charts are embedded: an
 * interactive chart can replace a figure here.
 */
async function figures(pictures: ReportModel['charts'], source: ImageSource): Promise<string> {
  const parts: string[] = [];
  for (const picture of pictures) {
    const src = await source(picture.file);
    if (!src) continue;
    if (picture.interactive) {
      parts.push(interactivePicture(picture, picture.interactive, src));
      continue;
    }
    if (picture.overlay) {
      parts.push(overlayPicture(picture, picture.overlay, src));
      continue;
    }
    parts.push(
      `<figure><a href="${e(urlPath(picture.file))}"><img src="${e(src)}" alt="${e(picture.title)}"></a><figcaption>${e(picture.title)} — <code>${e(picture.label ?? picture.file)}</code></figcaption></figure>`,
    );
  }
  return parts.join('\n');
}

/** GIF thumbnails; a click shows one full size (CSS only), the caption links the file and says when it was cut. */
async function animations(model: ReportModel, source: ImageSource): Promise<string> {
  const cards: string[] = [];
  let id = 0;
  for (const episode of model.animations) {
    if (!episode.gif) continue;
    const src = await source(episode.gif);
    const caption = episodeCaption(episode);
    const cut = cutNote(episode);
    const link = `<a href="${e(urlPath(episode.gif))}">${e(episode.label ?? episode.gif)}</a>`;
    const image = src
      ? `<input type="checkbox" id="gif-${id}"><label for="gif-${id}" title="click: full size"><img src="${e(src)}" alt="${e(caption)}"></label>`
      : `<p class="muted">Could not be read: ${link}</p>`;
    id++;
    cards.push(
      `<figure>${image}<figcaption>${e(caption)}${cut ? ` <span class="cut">${e(cut)}</span>` : ''} — ${link}</figcaption></figure>`,
    );
  }
  return cards.length ? `<div class="gifs">\n${cards.join('\n')}\n</div>` : '';
}

/** What was trained and how (run.json), and the raw files, linked. */
function runSection(model: ReportModel): string {
  const description = model.run
    ? `<table class="run"><tbody>\n${runRows(model.run)
        .map(([key, value]) => `<tr><td>${e(key)}</td><td>${e(value)}</td></tr>`)
        .join('\n')}\n</tbody></table>`
    : `<p class="muted">${e(model.runNote ?? '')}</p>`;
  const raw = model.rawLogs.length
    ? `<h3>Raw logs</h3><ul>${model.rawLogs
        .map(
          (log) =>
            `<li><a href="${e(urlPath(log.file))}">${e(log.label)}</a> <span class="muted">(${formatBytes(log.bytes)})</span></li>`,
        )
        .join('')}</ul>`
    : '';
  return `${description}\n${raw}`;
}

function checkpointTable(model: ReportModel): string {
  const table = model.checkpoints;
  if (!table) return '';
  const head = table.header.map((h) => `<th>${e(h)}</th>`).join('');
  const body = table.rows
    .map((row) => `<tr>${row.map((cell) => `<td>${e(cell)}</td>`).join('')}</tr>`)
    .join('\n');
  const note =
    table.total > table.rows.length
      ? `<p class="muted">Last ${table.rows.length} of ${table.total} evaluations.</p>`
      : '';
  return `${note}<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function sampleEpisode(episode: SampleEpisode, showReward: boolean): string {
  const step = (s: SampleEpisode['steps'][number], index: number): string => {
    const details = s.details.length ? ` <span class="muted">${e(stepDetails(s.details))}</span>` : '';
    const reward = showReward ? ` → ${formatNumber(s.reward)}` : '';
    return `<li value="${index}"><code>${e(s.action)}</code>${reward}${details}</li>`;
  };
  const gap = episode.moreSteps - episode.lastSteps.length;
  const items = [
    ...episode.steps.map(step),
    ...(gap > 0 ? [`<li class="muted more">… ${plural(gap, 'more step')}</li>`] : []),
    ...episode.lastSteps.map(({ index, step: s }) => step(s, index)),
  ];
  return `<li>reward <strong>${formatNumber(episode.reward)}</strong> · ${e(episodeEnding(episode))}<ol class="steps" start="0">${items.join('')}</ol></li>`;
}

function samples(model: ReportModel): string {
  if (!model.samples) return '';
  const { worstPre, bestPost } = model.samples;
  const reward = constantReward([...worstPre, ...bestPost]);
  const note =
    reward === null ? '' : `<p class="muted">Every step shown rewards ${formatNumber(reward)}.</p>`;
  const list = (episodes: SampleEpisode[]) =>
    episodes.map((episode) => sampleEpisode(episode, reward === null)).join('\n');
  return `${note}<h3>Worst pre-training episodes</h3><ul>${list(worstPre)}</ul>
<h3>Best post-training episodes</h3><ul>${list(bestPost)}</ul>`;
}

function missing(model: ReportModel): string {
  const skipped = model.skipped.map((s) => `<li><strong>${e(s.what)}</strong>: ${e(s.why)}</li>`).join('\n');
  const issues = model.issues
    .map((i) => `<li><code>${e(i.file)}${i.line > 0 ? `:${i.line}` : ''}</code> ${e(i.reason)}</li>`)
    .join('\n');
  if (!skipped && !issues) return '<p>Nothing missing, nothing skipped, no bad lines.</p>';
  return `${skipped ? `<h3>Missing or skipped</h3><ul class="issues">${skipped}</ul>` : ''}${
    issues
      ? `<h3>Skipped lines and reader notes (${model.issues.length})</h3><ul class="issues">${issues}</ul>`
      : ''
  }`;
}

/**
 * index.html (CSS inline, no script). Images are the files beside it, linked by relative paths from
 * `pageDir`; with `inline`, they are data URIs and the page is one self-contained file.
 */
export async function renderHtml(
  model: ReportModel,
  pageDir: string,
  options: { inline: boolean; where?: (path: string) => string },
): Promise<string> {
  // a chart of this report is still in the staging folder: `where` says where its bytes are now
  const source = options.inline ? inlined(pageDir, options.where ?? ((path) => path)) : linked;
  const charts = await figures(model.charts, source);
  const curves = await figures(model.curves, source);
  // the verdict first; what was trained and how, and the raw files, folded below it
  const body = `<h1>${e(model.title)}</h1>
<p class="verdict" id="verdict"><strong>${e(reportVerdict(model.metrics, formatNumber))}</strong></p>
<p class="muted">Generated ${e(model.generatedAt)} by @evidence/report.</p>
${section('before-after', 'Before → after', headline(model))}
${section('charts', 'Charts', charts)}
${section('curves', 'Training curves', curves)}
${section('episodes', 'Recorded episodes', await animations(model, source))}
${section('checkpoints', 'Checkpoint evaluations', checkpointTable(model))}
${section('trajectories', 'Sample trajectories', samples(model))}
${foldedSection('run', 'Run: what was trained and how, raw logs', runSection(model))}
${section('missing', 'Missing, skipped and bad lines', missing(model))}`;
  const scripts = [...model.charts, ...model.curves].some((c) => c.interactive || c.overlay)
    ? interactiveAssets()
    : '';
  return htmlDocument({ title: model.title, body, scripts });
}
