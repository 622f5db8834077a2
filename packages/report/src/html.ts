import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { escapeHtml as e } from './escape.js';
import {
  episodeCaption,
  formatInterval,
  formatNumber,
  formatSigned,
  headlineRows,
  metricLabel,
  type ReportModel,
} from './model.js';
import { describeImprovement, describeMethods } from './stats/describe.js';
import type { SampleEpisode } from './trajectories.js';

const MIME: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

const CSS = `
:root{color-scheme:light;--fg:#1d2430;--muted:#5b6472;--line:#dde1e7;--bg:#f6f7f9;--up:#157f3b;--down:#b3261e}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:19px;margin:32px 0 12px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:16px;margin:16px 0 8px}
section>h2{margin-top:0}
.muted{color:var(--muted)}
section{background:#fff;border:1px solid var(--line);border-radius:8px;padding:16px 20px;margin:16px 0}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:6px 10px;border-bottom:1px solid var(--line);text-align:right}
th:first-child,td:first-child{text-align:left}
thead th{background:var(--bg)}
.up{color:var(--up)}.down{color:var(--down)}
.headline{font-size:17px;margin:8px 0 12px}
figure{margin:0 0 20px}figure img{max-width:100%;height:auto;border:1px solid var(--line);border-radius:4px;background:#fff}
figcaption{color:var(--muted);font-size:13px}
.gifs{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:16px}
.gifs img{width:100%;image-rendering:pixelated}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--bg);padding:1px 4px;border-radius:3px}
ol.steps{margin:4px 0 12px;padding-left:28px}ol.steps li.more{list-style:none}
ul.issues li{margin:2px 0}
`;

/** Turn a file of the evidence folder into a data URI (null when it cannot be read). */
async function dataUri(root: string, file: string): Promise<string | null> {
  try {
    const bytes = await readFile(join(root, file));
    return `data:${MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'};base64,${bytes.toString('base64')}`;
  } catch {
    return null;
  }
}

/** A side's own interval, small and muted beside its value. */
const side = (ci: [number, number] | null): string =>
  ci ? ` <span class="muted">${formatInterval(ci).trim()}</span>` : '';

function headline(model: ReportModel): string {
  const { metrics, training } = model;
  if (!metrics) {
    const parts = [
      '<p class="muted">No before/after evaluation: pre_eval.jsonl and post_eval.jsonl are both needed.</p>',
    ];
    if (training) {
      parts.push(
        `<p class="headline">Training reward ${formatNumber(training.earlyReward)} (first tenth of ${training.rows} rows) → ` +
          `${formatNumber(training.lateReward)} (last tenth, up to step ${formatNumber(training.lastStep)})</p>`,
      );
    }
    return parts.join('\n');
  }
  const rows = headlineRows(metrics)
    .map(({ key, pre, post, delta, ci, preCi, postCi, verdict }) => {
      // coloured by whether the change is better (its interval excludes 0 the right way), not by its sign
      const colour = verdict === 'better' ? 'up' : verdict === 'worse' ? 'down' : '';
      const interval = ci ? `[${formatNumber(ci[0])}, ${formatNumber(ci[1])}]` : '—';
      return `<tr><td>${e(metricLabel(key))}</td><td>${formatNumber(pre)}${side(preCi)}</td><td>${formatNumber(post)}${side(postCi)}</td><td class="${colour}">${formatSigned(delta)}</td><td>${interval}</td><td class="${colour}">${verdict}</td></tr>`;
    })
    .join('\n');
  const { mean_reward: before } = metrics.pre;
  const { mean_reward: after } = metrics.post;
  const ci = metrics.ci95.mean_reward;
  return `<p class="headline">Mean ${e(metrics.reward_key)}: <strong>${formatNumber(before)} → ${formatNumber(after)}</strong>${
    ci ? ` (Δ ${formatSigned(after - before)}, 95% CI ${formatNumber(ci[0])} to ${formatNumber(ci[1])})` : ''
  }. ${e(describeImprovement(metrics, formatNumber))}.</p>
<table><thead><tr><th>Metric</th><th>Before (n=${metrics.pre.n}) [95% CI]</th><th>After (n=${metrics.post.n}) [95% CI]</th><th>Δ</th><th>95% CI of Δ</th><th>Change</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="muted">${e(describeMethods(metrics))}</p>${
    metrics.warnings.length
      ? `\n<ul class="issues">${metrics.warnings.map((w) => `<li>${e(w)}</li>`).join('')}</ul>`
      : ''
  }`;
}

async function figures(root: string, pictures: ReportModel['charts']): Promise<string> {
  const parts: string[] = [];
  for (const picture of pictures) {
    const uri = await dataUri(root, picture.file);
    if (!uri) continue;
    parts.push(
      `<figure><img src="${uri}" alt="${e(picture.title)}"><figcaption>${e(picture.title)} — <code>${e(picture.file)}</code></figcaption></figure>`,
    );
  }
  return parts.join('\n');
}

async function animations(model: ReportModel, root: string, embedBudget: { left: number }): Promise<string> {
  const cards: string[] = [];
  for (const episode of model.animations) {
    if (!episode.gif) continue;
    let image = '';
    const uri = await dataUri(root, episode.gif);
    if (uri && uri.length <= embedBudget.left) {
      embedBudget.left -= uri.length;
      image = `<img src="${uri}" alt="${e(episodeCaption(episode))}">`;
    } else {
      image = `<p class="muted">Not embedded (report size limit): <a href="${e(episode.gif)}">${e(episode.gif)}</a></p>`;
    }
    cards.push(`<figure>${image}<figcaption>${e(episodeCaption(episode))}</figcaption></figure>`);
  }
  return cards.length ? `<div class="gifs">\n${cards.join('\n')}\n</div>` : '';
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

function sampleEpisode(episode: SampleEpisode): string {
  const outcomes = episode.outcomes.map(([key, value]) => ` · ${e(key)}: <code>${value}</code>`).join('');
  const steps = episode.steps
    .map((step) => `<li><code>${e(step.action)}</code> → ${formatNumber(step.reward)}</li>`)
    .join('');
  const more = episode.moreSteps > 0 ? `<li class="muted more">… (${episode.moreSteps} more steps)</li>` : '';
  return `<li>reward <strong>${formatNumber(episode.reward)}</strong>${outcomes}<ol class="steps" start="0">${steps}${more}</ol></li>`;
}

function samples(model: ReportModel): string {
  if (!model.samples) return '';
  return `<h3>Worst pre-training episodes</h3><ul>${model.samples.worstPre.map(sampleEpisode).join('\n')}</ul>
<h3>Best post-training episodes</h3><ul>${model.samples.bestPost.map(sampleEpisode).join('\n')}</ul>`;
}

function missing(model: ReportModel): string {
  const skipped = model.skipped.map((s) => `<li><strong>${e(s.what)}</strong>: ${e(s.why)}</li>`).join('\n');
  const issues = model.issues
    .map((i) => `<li><code>${e(i.file)}${i.line > 0 ? `:${i.line}` : ''}</code> ${e(i.reason)}</li>`)
    .join('\n');
  if (!skipped && !issues) return '<p>Nothing missing, nothing skipped, no bad lines.</p>';
  return `${skipped ? `<h3>Missing or skipped</h3><ul class="issues">${skipped}</ul>` : ''}${
    issues ? `<h3>Bad lines (${model.issues.length}, not used)</h3><ul class="issues">${issues}</ul>` : ''
  }`;
}

const section = (id: string, title: string, body: string): string =>
  body ? `<section id="${id}"><h2>${title}</h2>\n${body}\n</section>` : '';

/** index.html: one self-contained page (images inline as data URIs, CSS inline, no script). */
export async function renderHtml(
  model: ReportModel,
  root: string,
  options: { maxEmbedBytes: number },
): Promise<string> {
  const budget = { left: options.maxEmbedBytes };
  const charts = await figures(root, model.charts);
  const curves = await figures(root, model.curves);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(model.title)}</title>
<style>${CSS}</style>
</head>
<body><main>
<h1>${e(model.title)}</h1>
<p class="muted">Generated ${e(model.generatedAt)} by @evidence/report.</p>
${section('before-after', 'Before → after', headline(model))}
${section('charts', 'Charts', charts)}
${section('curves', 'Training curves', curves)}
${section('episodes', 'Recorded episodes', await animations(model, root, budget))}
${section('checkpoints', 'Checkpoint evaluations', checkpointTable(model))}
${section('trajectories', 'Sample trajectories', samples(model))}
${section('missing', 'Missing, skipped and bad lines', missing(model))}
</main></body>
</html>
`;
}
