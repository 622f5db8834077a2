// The interactive chart as a page fragment, and what a page needs once to draw such fragments: the page
// script (ours, with uPlot bundled in; src/page/browser/) and the styles, all inlined (no request leaves
// the page).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Chart } from '@evidence/plots';
import PAGE_SCRIPT from './browser/main.js?script';
import { embedChart, scriptJson } from './chart-data.js';
import type { EmbeddedChart, EmbeddedOverlay } from './chart-types.js';
import { escapeHtml as e } from './escape.js';

const STYLE = `
.ev-chart .ev-tools{display:flex;flex-wrap:wrap;gap:6px 18px;align-items:center;font-size:13px;color:var(--muted,#5b6472);margin:0 0 6px}
.ev-chart .ev-tools label{display:inline-flex;align-items:center;gap:6px;cursor:pointer}
.ev-chart .ev-tools output{min-width:2.5em;font-variant-numeric:tabular-nums}
.ev-chart .ev-hint{margin-left:auto}
.ev-chart .ev-plots{width:100%}
.ev-chart .ev-panel{margin:0 0 4px}
.ev-chart .ev-empty{margin:24px 0;text-align:center}
.ev-chart .uplot{width:100%}
.ev-chart .u-legend{font-size:13px;font-variant-numeric:tabular-nums;text-align:left}
.ev-chart .u-legend .u-series>*{padding:2px 4px}
.ev-chart img.ev-print{display:none}
.ev-chart .ev-legend{display:flex;flex-wrap:wrap;gap:4px 8px}
.ev-chart button.ev-group{font:inherit;font-size:13px;border:1px solid var(--line,#dde1e7);border-radius:12px;background:#fff;padding:1px 8px;cursor:pointer;color:var(--fg,#1d2430)}
.ev-chart button.ev-group[aria-pressed=false]{opacity:.45;text-decoration:line-through}
.ev-chart i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:-1px}
.ev-chart .ev-plots{position:relative}
.ev-chart .ev-tip{position:absolute;z-index:5;pointer-events:none;background:rgba(255,255,255,.95);border:1px solid var(--line,#dde1e7);border-radius:4px;padding:4px 8px;font-size:12px;max-width:360px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-variant-numeric:tabular-nums}
.ev-chart .ev-tip-x{color:var(--muted,#5b6472)}
.ev-filters{position:sticky;top:0;z-index:6;background:var(--bg,#f6f7f9);padding:8px 0;display:flex;flex-wrap:wrap;gap:6px 18px;align-items:center;font-size:13px}
.ev-filters input[type=search]{width:16em;font:inherit}
.ev-filters input.ev-bad{outline:2px solid var(--down,#b3261e)}
@media print{.ev-filters,.ev-chart .ev-tools,.ev-chart .ev-plots{display:none!important}.ev-chart img.ev-print{display:block}}
`;

// `</` cannot occur in these files, but a future uPlot must not be able to end the element early
const inline = (text: string): string => text.replace(/<\/(script|style)/gi, '<\\/$1');

let style: string | null = null;

/**
 * The charts' style and script: once per page, before the end of <body>. With `live` (the default) the
 * page, open from disk, follows the live data file beside it; a page that never has one passes
 * `live: false`, so it does not ask for a file that is not there.
 */
export function interactiveAssets(options: { live?: boolean } = {}): string {
  if (style === null) {
    const require = createRequire(import.meta.url);
    // uPlot's stylesheet, under the MIT licence whose notice heads the page script below
    const uplot = JSON.parse(readFileSync(require.resolve('uplot/package.json'), 'utf8')) as {
      version: string;
    };
    style = `<style>/*! uPlot ${uplot.version} uPlot.min.css, MIT licence (notice in this page's script) */${inline(readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'))}${STYLE}</style>`;
  }
  return `${style}
<script${options.live === false ? '' : ' data-ev-live'}>${inline(PAGE_SCRIPT)}</script>`;
}

export interface InteractiveChartOptions {
  /** unique in the page: the live data file names charts by it */
  id: string;
  /** the static picture (PNG or SVG) shown without JavaScript and when printing */
  image?: { src: string; alt: string };
  /** HTML of the caption */
  caption?: string;
  /** pixel columns kept per series (default 1500) */
  columns?: number;
}

/**
 * One chart description of @evidence/plots as an interactive chart: a <figure> that the page script of
 * `interactiveAssets()` draws with uPlot from the data embedded in it (line series decimated per pixel
 * column), with the static image in <noscript> and for printing.
 */
export function interactiveChart(chart: Chart, options: InteractiveChartOptions): string {
  return interactiveFigure(embedChart(chart, { columns: options.columns }), options);
}

/** The <figure> of an already embedded chart or overlay. */
export function interactiveFigure(
  data: EmbeddedChart | EmbeddedOverlay,
  options: InteractiveChartOptions,
): string {
  const image = options.image
    ? `<noscript><img src="${e(options.image.src)}" alt="${e(options.image.alt)}"></noscript>`
    : '';
  const caption = options.caption ? `<figcaption>${options.caption}</figcaption>` : '';
  return `<figure class="ev-chart" data-chart="${e(options.id)}">${image}<script type="application/json" class="ev-data">${scriptJson(data)}</script>${caption}</figure>`;
}
