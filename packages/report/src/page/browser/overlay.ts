// One metric across many runs, as TensorBoard's scalar card: a line per run coloured by its group, or
// each group's aggregate with its band; the page's filters (run and metric regexes), smoothing and x mode
// apply to every such chart, legend entries toggle groups, and the tooltip lists values high to low.
import uPlot from 'uplot';
import type { EmbeddedOverlay, OverlayRun } from '../chart-types.js';
import { PADDING, values, ySize } from './axes.js';
import { union, valueExtent, xSpan } from './range.js';
import { smooth } from './smooth.js';
import { shortNumber } from './ticks.js';

export type XMode = 'step' | 'relative' | 'wall';
export type View = 'runs' | 'aggregate';

/** What the page's filter bar sets, shared by every overlay. */
export interface OverlaySettings {
  runFilter: RegExp | null;
  weight: number;
  xMode: XMode;
  view: View;
}

export interface OverlayState {
  id: string;
  data: EmbeddedOverlay;
  plots: uPlot[];
  log: boolean;
  hiddenGroups: Set<string>;
  /** runs drawn now (after the run filter and the group toggles) */
  shown: string[];
  box: HTMLDivElement;
  legend: HTMLDivElement;
  tip: HTMLDivElement;
  /** the drawn series as logged (before smoothing), index 0 the x */
  raw: uPlot.AlignedData | null;
}

/** Columns wall-time x is placed on: runs log at different times, and one x per column keeps the join small. */
const WALL_COLUMNS = 800;

const colorOf = (state: OverlayState, group: string): string =>
  state.data.groups.find((g) => g.name === group)?.color ?? '#64748b';

const withAlpha = (hex: string, alpha: number): string => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  const [r, g, b] = m.slice(1).map((h) => Number.parseInt(h, 16));
  return `rgba(${r},${g},${b},${alpha})`;
};

/** A run's points against the chosen x: its steps, or its wall time (absolute or from its first point). */
function runXY(run: OverlayRun, mode: XMode): { x: number[]; y: (number | null)[] } {
  if (mode === 'step' || !run.wall || run.wallStart === null) return { x: run.x, y: run.y };
  const at = run.wallStart;
  const wall = run.wall.map((w) => (w === null ? null : at + w));
  const start = wall.find((w): w is number => w !== null && Number.isFinite(w)) ?? 0;
  const pairs: [number, number | null][] = [];
  for (let i = 0; i < wall.length; i++) {
    const w = wall[i];
    if (w === null || w === undefined || !Number.isFinite(w)) continue;
    pairs.push([mode === 'relative' ? w - start : w, run.y[i] ?? null]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  return { x: pairs.map((p) => p[0]), y: pairs.map((p) => p[1]) };
}

/** Points snapped to `columns` positions over [x0, x1] (the last of a column kept), so runs share an x. */
function snapped(
  xy: { x: number[]; y: (number | null)[] },
  x0: number,
  x1: number,
  columns: number,
): { x: number[]; y: (number | null)[] } {
  const width = x1 > x0 ? (x1 - x0) / columns : 1;
  const x: number[] = [];
  const y: (number | null)[] = [];
  for (let i = 0; i < xy.x.length; i++) {
    const at = x0 + Math.round(((xy.x[i] as number) - x0) / width) * width;
    if (x.length && x[x.length - 1] === at) y[y.length - 1] = xy.y[i] ?? null;
    else {
      x.push(at);
      y.push(xy.y[i] ?? null);
    }
  }
  return { x, y };
}

interface Drawn {
  data: uPlot.AlignedData;
  series: uPlot.Series[];
  bands: uPlot.Band[];
  /** names in the tooltip, per series index (0: x) */
  names: string[];
}

function runsView(state: OverlayState, settings: OverlaySettings, runs: OverlayRun[]): Drawn {
  const lines = runs.map((run) => runXY(run, settings.xMode));
  let columns = lines;
  if (settings.xMode !== 'step') {
    let x0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    for (const line of lines)
      if (line.x.length) {
        x0 = Math.min(x0, line.x[0] as number);
        x1 = Math.max(x1, line.x[line.x.length - 1] as number);
      }
    if (x0 <= x1) columns = lines.map((line) => snapped(line, x0, x1, WALL_COLUMNS));
  }
  const joined = columns.length
    ? uPlot.join(columns.map((c) => [c.x, c.y] as uPlot.AlignedData))
    : ([[]] as unknown as uPlot.AlignedData);
  const width = runs.length > 50 ? 1 : 1.5;
  const alpha = runs.length > 50 ? 0.45 : 0.85;
  return {
    data: joined,
    series: [
      { label: 'x' },
      ...runs.map(
        (run): uPlot.Series => ({
          label: run.name,
          stroke: withAlpha(colorOf(state, run.group), alpha),
          width,
          spanGaps: true,
        }),
      ),
    ],
    bands: [],
    names: ['x', ...runs.map((r) => r.name)],
  };
}

function aggregateView(state: OverlayState): Drawn {
  const groups = state.data.groups.filter((g) => !state.hiddenGroups.has(g.name));
  const parts: uPlot.AlignedData[] = [];
  const series: uPlot.Series[] = [{ label: 'x' }];
  const bands: uPlot.Band[] = [];
  const names = ['x'];
  for (const g of groups) {
    parts.push([g.x, g.high, g.low, g.center] as uPlot.AlignedData);
    const at = series.length;
    series.push(
      { label: `${g.name} high`, stroke: withAlpha(g.color, 0.35), width: 0.5, spanGaps: true },
      { label: `${g.name} low`, stroke: withAlpha(g.color, 0.35), width: 0.5, spanGaps: true },
      { label: `${g.name} (${g.runs} runs)`, stroke: g.color, width: 2.5, spanGaps: true },
    );
    bands.push({ series: [at, at + 1], fill: withAlpha(g.color, 0.15) });
    names.push(
      `${g.name} ${state.data.band} high`,
      `${g.name} ${state.data.band} low`,
      `${g.name} ${state.data.statistic}`,
    );
  }
  // one group's [x, high, low, center] each; joined, their series keep this order
  const data = parts.length ? uPlot.join(parts) : ([[]] as unknown as uPlot.AlignedData);
  return { data, series, bands, names };
}

function smoothedData(data: uPlot.AlignedData, weight: number): uPlot.AlignedData {
  if (!(weight > 0)) return data;
  return data.map((column, i) =>
    i === 0 ? column : smooth(column as (number | null | undefined)[], weight),
  ) as unknown as uPlot.AlignedData;
}

const exact = (v: number | null | undefined): string => (v === undefined || v === null ? '—' : String(v));

/** The tooltip: the values at the cursor's x, highest first (as TensorBoard sorts them), the first 12. */
function showTip(state: OverlayState, u: uPlot, drawn: Drawn, raw: uPlot.AlignedData): void {
  const idx = u.cursor.idx;
  const tip = state.tip;
  if (idx === null || idx === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
    tip.hidden = true;
    return;
  }
  const rows: { name: string; color: string; value: number; raw: number | null | undefined }[] = [];
  for (let si = 1; si < u.data.length; si++) {
    const v = (u.data[si] as (number | null | undefined)[])[idx];
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    const stroke = drawn.series[si]?.stroke;
    rows.push({
      name: drawn.names[si] ?? '',
      color: typeof stroke === 'string' ? stroke : '#000',
      value: v,
      raw: (raw[si] as (number | null | undefined)[])[idx],
    });
  }
  rows.sort((a, b) => b.value - a.value);
  tip.textContent = '';
  const head = document.createElement('div');
  head.className = 'ev-tip-x';
  head.textContent = `${state.data.xLabel || 'x'} ${exact((u.data[0] as number[])[idx])}`;
  tip.appendChild(head);
  for (const row of rows.slice(0, 12)) {
    const line = document.createElement('div');
    const swatch = document.createElement('i');
    swatch.style.background = row.color;
    line.appendChild(swatch);
    // a smoothed value is shown short (its digits mean little), the logged one beside it in full
    const text =
      row.raw !== row.value
        ? `${row.name}: ${shortNumber(row.value, 4)} (raw ${exact(row.raw)})`
        : `${row.name}: ${exact(row.value)}`;
    line.appendChild(document.createTextNode(text));
    tip.appendChild(line);
  }
  if (rows.length > 12) {
    const more = document.createElement('div');
    more.className = 'muted';
    more.textContent = `… ${rows.length - 12} more`;
    tip.appendChild(more);
  }
  tip.hidden = false;
  // beside the cursor, on the side where it fits
  const left = u.cursor.left + (u.over.offsetLeft || 0);
  const right = left + 16 + tip.offsetWidth <= state.box.clientWidth;
  tip.style.left = `${Math.max(0, right ? left + 16 : left - 16 - tip.offsetWidth)}px`;
  tip.style.top = `${(u.cursor.top ?? 0) + 8}px`;
}

function legend(state: OverlayState, settings: OverlaySettings): void {
  const box = state.legend;
  box.textContent = '';
  for (const g of state.data.groups) {
    const total = state.data.runs.filter((r) => r.group === g.name).length;
    const matching = state.data.runs.filter(
      (r) => r.group === g.name && (!settings.runFilter || settings.runFilter.test(r.name)),
    ).length;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'ev-group';
    button.dataset.group = g.name;
    button.setAttribute('aria-pressed', String(!state.hiddenGroups.has(g.name)));
    const swatch = document.createElement('i');
    swatch.style.background = g.color;
    button.appendChild(swatch);
    const count = settings.view === 'runs' && matching !== total ? `${matching} of ${total}` : String(total);
    button.appendChild(document.createTextNode(`${g.name} (${count} runs)`));
    button.addEventListener('click', () => {
      if (state.hiddenGroups.has(g.name)) state.hiddenGroups.delete(g.name);
      else state.hiddenGroups.add(g.name);
      drawOverlay(state, settings);
    });
    box.appendChild(button);
  }
}

/** (Re)draws the overlay with the page's settings. */
export function drawOverlay(state: OverlayState, settings: OverlaySettings): void {
  for (const u of state.plots) u.destroy();
  state.plots = [];
  state.box.textContent = '';
  state.tip.hidden = true;
  state.box.appendChild(state.tip);
  legend(state, settings);
  const runs = state.data.runs.filter(
    (r) => !state.hiddenGroups.has(r.group) && (!settings.runFilter || settings.runFilter.test(r.name)),
  );
  state.shown = settings.view === 'runs' ? runs.map((r) => r.name) : [];
  const drawn = settings.view === 'runs' ? runsView(state, settings, runs) : aggregateView(state);
  if (drawn.series.length === 1) {
    const empty = document.createElement('p');
    empty.className = 'ev-empty muted';
    empty.textContent =
      settings.view === 'runs'
        ? 'No run matches the filter or every group is hidden.'
        : 'Every group is hidden.';
    state.box.appendChild(empty);
    return;
  }
  const log = state.log && state.data.positive;
  const raw = drawn.data;
  state.raw = raw;
  const data = smoothedData(raw, settings.weight);
  const xLabel =
    settings.xMode === 'step'
      ? state.data.xLabel
      : settings.xMode === 'relative'
        ? 'time since the run started (s)'
        : 'wall time (s)';
  const fit: uPlot.Range.Function = (u) => {
    const lo = u.scales.x?.min ?? null;
    const hi = u.scales.x?.max ?? null;
    const columns = (c: uPlot.AlignedData) => c.slice(1) as (number | null | undefined)[][];
    const e = union(
      valueExtent(raw[0] as number[], columns(raw), lo, hi, log),
      valueExtent(u.data[0] as number[], columns(u.data), lo, hi, log),
    );
    if (!e) return log ? [1, 10] : [0, 1];
    return (
      log ? uPlot.rangeLog(e[0], e[1], 10, false) : uPlot.rangeNum(e[0], e[1], 0.1, true)
    ) as uPlot.Range.MinMax;
  };
  const u = new uPlot(
    {
      width: Math.max(320, state.box.clientWidth || 800),
      height: 300,
      padding: PADDING,
      scales: {
        x: { time: false, range: (_u, min, max) => xSpan(min, max) },
        y: log ? { distr: 3, range: fit } : { range: fit },
      },
      axes: [
        { label: xLabel, labelSize: 24, values },
        { label: state.data.metric + (log ? ' (log)' : ''), size: ySize, values },
      ],
      series: drawn.series,
      bands: drawn.bands,
      legend: { show: false },
      cursor: { drag: { x: true, y: false }, points: { show: false } },
      hooks: { setCursor: [(self) => showTip(state, self, drawn, raw)] },
    },
    data,
    state.box,
  );
  state.plots.push(u);
}

function tools(state: OverlayState, redraw: () => void): HTMLDivElement {
  const bar = document.createElement('div');
  bar.className = 'ev-tools';
  bar.appendChild(state.legend);
  if (state.data.positive) {
    const toggle = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.className = 'ev-log';
    box.addEventListener('change', () => {
      state.log = box.checked;
      redraw();
    });
    toggle.appendChild(box);
    toggle.appendChild(document.createTextNode(' log scale'));
    bar.appendChild(toggle);
  }
  return bar;
}

export function startOverlay(
  figure: HTMLElement,
  data: EmbeddedOverlay,
  settings: () => OverlaySettings,
): OverlayState {
  const state: OverlayState = {
    id: figure.dataset.chart ?? '',
    data,
    plots: [],
    log: false,
    hiddenGroups: new Set(),
    shown: [],
    box: document.createElement('div'),
    legend: document.createElement('div'),
    tip: document.createElement('div'),
    raw: null,
  };
  state.box.className = 'ev-plots';
  state.legend.className = 'ev-legend';
  state.tip.className = 'ev-tip';
  state.tip.hidden = true;
  figure.insertBefore(
    tools(state, () => drawOverlay(state, settings())),
    figure.firstChild,
  );
  figure.insertBefore(state.box, figure.children[1] ?? null);
  state.box.addEventListener('mouseleave', () => {
    state.tip.hidden = true;
  });
  drawOverlay(state, settings());
  return state;
}

/** A new smoothing weight: the same plot, its data smoothed again (no rebuild, so dragging stays fluid). */
export function resmoothOverlay(state: OverlayState, settings: OverlaySettings): void {
  const u = state.plots[0];
  if (!u || !state.raw) return;
  const x = u.scales.x;
  u.setData(smoothedData(state.raw, settings.weight), false);
  u.setScale('x', { min: x?.min ?? 0, max: x?.max ?? 1 });
}

export function resizeOverlay(state: OverlayState): void {
  const width = Math.max(320, state.box.clientWidth || 800);
  for (const u of state.plots) u.setSize({ width, height: 300 });
}
