// The page script: draws every figure.ev-chart from the JSON embedded in it. Bundled with uPlot into one
// inline script by the build (scripts/browser-script.mjs); no request leaves the page.
import type { EmbeddedChart, EmbeddedOverlay } from '../chart-types.js';
import { LIVE_DATA_CALLBACK, LIVE_DATA_FILE, LIVE_POLL_MS } from '../live.js';
import { filterBar } from './filters.js';
import {
  drawOverlay,
  type OverlaySettings,
  type OverlayState,
  resizeOverlay,
  resmoothOverlay,
  startOverlay,
} from './overlay.js';
import { build, type ChartState, resize, startChart } from './standard.js';

type Registry = Record<string, ChartState | OverlayState>;

// a page with a live data file beside it says so on this script element (interactiveAssets)
const live = document.currentScript?.hasAttribute('data-ev-live') === true;
document.documentElement.classList.add('ev-js');
const charts: Registry = {};
// for tests and for a reader's console: the chart states by id, each with its uPlot plots
(window as unknown as { evidenceCharts: Registry }).evidenceCharts = charts;

/** The static image of the <noscript>, shown when printing. */
function printImage(figure: HTMLElement): void {
  const noscript = figure.querySelector('noscript');
  if (!noscript) return;
  const template = document.createElement('template');
  template.innerHTML = noscript.textContent ?? '';
  const img = template.content.querySelector('img');
  if (!img) return;
  img.className = 'ev-print';
  figure.insertBefore(img, noscript);
}

const settings: OverlaySettings = { runFilter: null, weight: 0, xMode: 'step', view: 'runs' };
const overlays: { figure: HTMLElement; state: OverlayState }[] = [];

for (const figure of Array.from(document.querySelectorAll<HTMLElement>('figure.ev-chart'))) {
  const source = figure.querySelector('script.ev-data');
  if (!source) continue;
  const data = JSON.parse(source.textContent ?? 'null') as EmbeddedChart | EmbeddedOverlay;
  printImage(figure);
  const id = figure.dataset.chart ?? '';
  if ('kind' in data && data.kind === 'overlay') {
    const state = startOverlay(figure, data, () => settings);
    overlays.push({ figure, state });
    charts[id] = state;
  } else charts[id] = startChart(figure, data as EmbeddedChart);
}

if (overlays.length) {
  let bar = document.querySelector<HTMLElement>('div.ev-filters');
  if (!bar) {
    bar = document.createElement('div');
    overlays[0]?.figure.parentElement?.insertBefore(bar, overlays[0].figure);
  }
  const names = new Set(overlays.flatMap((o) => o.state.data.runs.map((r) => r.name)));
  filterBar(
    bar,
    () => overlays,
    settings,
    () => {
      for (const { figure, state } of overlays) if (!figure.hidden) drawOverlay(state, settings);
    },
    {
      wallTime: overlays.some((o) => o.state.data.runs.some((r) => r.wall !== null)),
      runs: names.size,
      resmooth: () => {
        for (const { figure, state } of overlays) if (!figure.hidden) resmoothOverlay(state, settings);
      },
    },
  );
}

// a chart follows its box's width: a window resize, and a scroll bar that appears once the page is drawn
let resizing: ReturnType<typeof setTimeout> | undefined;
const widths = new Map<string, number>();
const fit = (): void => {
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    for (const [id, state] of Object.entries(charts)) {
      const width = state.box.clientWidth;
      if (widths.get(id) === width) continue;
      widths.set(id, width);
      if ('weight' in state) resize(state);
      else resizeOverlay(state);
    }
  }, 50);
};
for (const [id, state] of Object.entries(charts)) widths.set(id, state.box.clientWidth);
window.addEventListener('resize', fit);
if (typeof ResizeObserver === 'function') {
  const observer = new ResizeObserver(fit);
  for (const state of Object.values(charts)) observer.observe(state.box);
}

// Live: while the page is open from disk, re-load the data file beside it (a <script>: fetch() of
// file:// is blocked) and redraw the charts whose data version changed. Without the file, stop.
(window as unknown as Record<string, (live: { charts?: Record<string, EmbeddedChart> }) => void>)[
  LIVE_DATA_CALLBACK
] = (update) => {
  if (!update?.charts) return;
  for (const [id, data] of Object.entries(update.charts)) {
    const state = charts[id];
    if (!state || !data || !('weight' in state) || data.version === state.data.version) continue;
    state.data = data;
    build(state);
  }
};
if (live && location.protocol === 'file:' && Object.keys(charts).length) {
  const poll = (): void => {
    if (document.hidden) {
      setTimeout(poll, LIVE_POLL_MS);
      return;
    }
    const s = document.createElement('script');
    s.src = `${LIVE_DATA_FILE}?t=${Date.now()}`;
    s.onload = () => {
      s.remove();
      setTimeout(poll, LIVE_POLL_MS);
    };
    s.onerror = () => s.remove();
    document.head.appendChild(s);
  };
  setTimeout(poll, LIVE_POLL_MS);
}
