// The filter bar above a page's overlays, as TensorBoard's: runs and metrics chosen by regular expression,
// smoothing, what x is, and whether runs or their groups' aggregates are drawn. Settings apply to all.
import type { OverlaySettings, OverlayState, View, XMode } from './overlay.js';

/** A regular expression from what the reader typed: null for nothing, or a message when it is invalid. */
export function readFilter(text: string): RegExp | null | string {
  if (!text.trim()) return null;
  try {
    return new RegExp(text, 'i');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function field(bar: HTMLElement, label: string, input: HTMLElement): void {
  const wrap = document.createElement('label');
  wrap.appendChild(document.createTextNode(`${label} `));
  wrap.appendChild(input);
  bar.appendChild(wrap);
}

function select(className: string, options: [string, string][]): HTMLSelectElement {
  const s = document.createElement('select');
  s.className = className;
  for (const [value, text] of options) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    s.appendChild(o);
  }
  return s;
}

/**
 * Fills `bar` with the controls; `redraw` is called with the new settings after each change, and
 * `figures` (the overlays' figures with their metric) are hidden when the metric filter leaves them out.
 */
export function filterBar(
  bar: HTMLElement,
  overlays: () => { figure: HTMLElement; state: OverlayState }[],
  settings: OverlaySettings,
  redraw: () => void,
  options: { wallTime: boolean; runs: number; resmooth: () => void },
): void {
  bar.classList.add('ev-tools', 'ev-filters');
  const runs = document.createElement('input');
  runs.type = 'search';
  runs.className = 'ev-run-filter';
  runs.placeholder = 'regex, e.g. lr=3e-4|seed_[0-4]$';
  const metrics = document.createElement('input');
  metrics.type = 'search';
  metrics.className = 'ev-tag-filter';
  metrics.placeholder = 'regex, e.g. reward|loss';
  const status = document.createElement('output');
  status.className = 'ev-filter-status';
  const view = select('ev-view', [
    ['runs', 'a line per run'],
    ['aggregate', 'group aggregate with band'],
  ]);
  const x = select('ev-x', [
    ['step', 'step'],
    ['relative', 'relative time'],
    ['wall', 'wall time'],
  ]);
  x.disabled = !options.wallTime;
  if (!options.wallTime) x.title = 'no run logged wall time';
  const smoothing = document.createElement('input');
  smoothing.type = 'range';
  smoothing.min = '0';
  smoothing.max = '0.99';
  smoothing.step = '0.01';
  smoothing.value = String(settings.weight);
  smoothing.className = 'ev-smoothing';
  smoothing.title = 'exponential moving average, debiased as in TensorBoard';
  const weight = document.createElement('output');
  weight.textContent = String(settings.weight);
  field(bar, 'Runs', runs);
  field(bar, 'Metrics', metrics);
  field(bar, 'Show', view);
  field(bar, 'x', x);
  field(bar, 'Smoothing', smoothing);
  bar.appendChild(weight);
  bar.appendChild(status);

  const update = (): void => {
    const runFilter = readFilter(runs.value);
    const metricFilter = readFilter(metrics.value);
    runs.classList.toggle('ev-bad', typeof runFilter === 'string');
    metrics.classList.toggle('ev-bad', typeof metricFilter === 'string');
    runs.title = typeof runFilter === 'string' ? runFilter : '';
    metrics.title = typeof metricFilter === 'string' ? metricFilter : '';
    // an invalid expression matches nothing until it is fixed, as in TensorBoard
    settings.runFilter = typeof runFilter === 'string' ? /(?!)/ : runFilter;
    settings.view = view.value as View;
    settings.xMode = x.value as XMode;
    settings.weight = Math.min(0.99, Math.max(0, Number(smoothing.value) || 0));
    weight.textContent = String(settings.weight);
    let charts = 0;
    for (const { figure, state } of overlays()) {
      const shown =
        metricFilter === null || (typeof metricFilter !== 'string' && metricFilter.test(state.data.metric));
      figure.hidden = !shown;
      if (shown) charts++;
    }
    redraw();
    const matched = overlays()[0]?.state.data.runs.filter(
      (r) => !settings.runFilter || settings.runFilter.test(r.name),
    ).length;
    status.textContent = `${charts} chart${charts === 1 ? '' : 's'} · ${matched ?? 0} of ${options.runs} runs`;
  };
  for (const input of [runs, metrics]) input.addEventListener('input', update);
  for (const input of [view, x]) input.addEventListener('change', update);
  smoothing.addEventListener('input', () => {
    settings.weight = Math.min(0.99, Math.max(0, Number(smoothing.value) || 0));
    weight.textContent = String(settings.weight);
    options.resmooth();
  });
  update();
}
