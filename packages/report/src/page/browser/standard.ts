// A chart of @evidence/plots drawn with uPlot: one plot per panel sharing the x axis, a smoothing slider,
// log-scale toggles for positive panels, drag to zoom (all panels follow), legend toggles.
import uPlot from 'uplot';
import type { EmbeddedChart, EmbeddedPanel } from '../chart-types.js';
import { PADDING, values, ySize } from './axes.js';
import { union, valueExtent, xSpan } from './range.js';
import { smooth } from './smooth.js';

export interface ChartState {
  id: string;
  data: EmbeddedChart;
  plots: uPlot[];
  /** per panel: the series joined on one x (index 0), as logged */
  raw: uPlot.AlignedData[];
  log: Record<number, boolean>;
  hidden: Record<string, boolean>;
  weight: number;
  zoom: [number, number] | null;
  syncing: boolean;
  box: HTMLDivElement;
}

const exact = (v: number | null | undefined): string => (v === undefined || v === null ? '—' : String(v));

// each series' own x joined into one ascending x; a point another series lacks is undefined (spanned),
// a break is null (a gap)
const joined = (panel: EmbeddedPanel): uPlot.AlignedData =>
  uPlot.join(panel.series.map((s) => [s.x, s.y] as uPlot.AlignedData));

const panelHeight = (state: ChartState): number => (state.data.panels.length > 1 ? 230 : 320);

function smoothed(state: ChartState, raw: uPlot.AlignedData): uPlot.AlignedData {
  if (!(state.weight > 0)) return raw;
  return raw.map((column, i) =>
    i === 0 ? column : smooth(column as (number | null | undefined)[], state.weight),
  ) as unknown as uPlot.AlignedData;
}

/**
 * The y range: what uPlot found in the drawn (maybe smoothed) values, widened to the logged values in
 * view, so the faint raw line under a smoothed one is whole. Never empty, never <= 0 on a log scale.
 */
function yRange(u: uPlot, raw: uPlot.AlignedData, log: boolean): uPlot.Range.MinMax {
  const shown = raw.slice(1).filter((_, i) => u.series[i + 1]?.show !== false);
  const x = u.scales.x;
  const drawn = valueExtent(
    raw[0] as number[],
    shown as (number | null | undefined)[][],
    x?.min ?? null,
    x?.max ?? null,
    log,
  );
  const smoothedNow = u.data
    ? valueExtent(
        u.data[0] as number[],
        u.data.slice(1).filter((_, i) => u.series[i + 1]?.show !== false) as (number | null | undefined)[][],
        x?.min ?? null,
        x?.max ?? null,
        log,
      )
    : null;
  const extent = union(drawn, smoothedNow);
  if (!extent) return log ? [1, 10] : [0, 1];
  if (log) return uPlot.rangeLog(extent[0], extent[1], 10, false) as uPlot.Range.MinMax;
  return uPlot.rangeNum(extent[0], extent[1], 0.1, true) as uPlot.Range.MinMax;
}

// under a smoothed series, the logged one, faint (as TensorBoard shows it)
function drawRaw(u: uPlot, panel: EmbeddedPanel, raw: uPlot.AlignedData, weight: number): void {
  if (!(weight > 0)) return;
  const ctx = u.ctx;
  const box = u.bbox;
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.left, box.top, box.width, box.height);
  ctx.clip();
  ctx.globalAlpha = 0.25;
  const xs = raw[0] as number[];
  for (let si = 1; si < raw.length; si++) {
    if (!u.series[si]?.show) continue;
    const ys = raw[si] as (number | null | undefined)[];
    const series = panel.series[si - 1];
    if (!series) continue;
    ctx.strokeStyle = series.color;
    ctx.lineWidth = series.width * uPlot.pxRatio;
    ctx.beginPath();
    let pen = false;
    for (let i = 0; i < ys.length; i++) {
      const v = ys[i];
      if (v === undefined) continue;
      if (v === null) {
        pen = false;
        continue;
      }
      const px = u.valToPos(xs[i] as number, 'x', true);
      const py = u.valToPos(v, 'y', true);
      if (pen) ctx.lineTo(px, py);
      else ctx.moveTo(px, py);
      pen = true;
    }
    ctx.stroke();
  }
  ctx.restore();
}

function extent(data: uPlot.AlignedData): [number, number] | null {
  const xs = data[0] as number[];
  return xs.length ? [xs[0] as number, xs[xs.length - 1] as number] : null;
}

// a drag zoom or a double-click reset on one panel moves the x range of the chart's other panels
function zoomed(state: ChartState, source: uPlot): void {
  if (state.syncing) return;
  const full = extent(source.data);
  const min = source.scales.x?.min ?? null;
  const max = source.scales.x?.max ?? null;
  state.zoom =
    !full || min === null || max === null || (min <= full[0] && max >= full[1]) ? null : [min, max];
  applyZoom(state, source);
}

function applyZoom(state: ChartState, source: uPlot | null): void {
  state.syncing = true;
  try {
    for (const u of state.plots) {
      if (u === source) continue;
      const range = state.zoom ?? extent(u.data);
      if (range) u.setScale('x', { min: range[0], max: range[1] });
    }
  } finally {
    state.syncing = false;
  }
}

export function build(state: ChartState): void {
  const box = state.box;
  const width = Math.max(320, box.clientWidth || 800);
  for (const u of state.plots) u.destroy();
  state.plots = [];
  box.textContent = '';
  state.data.panels.forEach((panel, pi) => {
    const holder = document.createElement('div');
    holder.className = 'ev-panel';
    box.appendChild(holder);
    if (!panel.series.length) {
      const empty = document.createElement('p');
      empty.className = 'ev-empty muted';
      empty.textContent = panel.emptyMessage;
      holder.appendChild(empty);
      return;
    }
    const raw = joined(panel);
    state.raw[pi] = raw;
    // new live data may hold a value <= 0, which a log scale cannot show
    const log = state.log[pi] === true && panel.positive;
    const series: uPlot.Series[] = [
      { label: state.data.xLabel || 'x', value: (_u, v) => exact(v) },
      ...panel.series.map(
        (s, si): uPlot.Series => ({
          label: s.label,
          stroke: s.stroke,
          width: s.width,
          ...(s.dash ? { dash: s.dash } : {}),
          show: state.hidden[`${pi}:${si}`] !== true,
          spanGaps: false,
          value: (_u, v, sidx, idx) => {
            if (idx === null || idx === undefined) return '—';
            const r = (state.raw[pi]?.[sidx] as (number | null | undefined)[] | undefined)?.[idx];
            return state.weight > 0 && v !== r ? `${exact(v)} (raw ${exact(r)})` : exact(v);
          },
        }),
      ),
    ];
    const fit: uPlot.Range.Function = (u) => yRange(u, state.raw[pi] ?? raw, log);
    const y: uPlot.Scale = log
      ? { distr: 3, range: fit }
      : panel.yDomain
        ? { range: panel.yDomain }
        : { range: fit };
    const last = pi === state.data.panels.length - 1;
    const u = new uPlot(
      {
        width,
        height: panelHeight(state),
        padding: PADDING,
        scales: { x: { time: false, range: (_u, min, max) => xSpan(min, max) }, y },
        axes: [
          { label: last ? state.data.xLabel : undefined, labelSize: last ? 24 : 0, values },
          { label: panel.yLabel + (log ? ' (log)' : ''), size: ySize, values },
        ],
        series,
        cursor: { sync: { key: state.id }, drag: { x: true, y: false } },
        legend: { live: true },
        hooks: {
          drawAxes: [(self) => drawRaw(self, panel, state.raw[pi] ?? raw, state.weight)],
          setScale: [(self, key) => (key === 'x' ? zoomed(state, self) : undefined)],
          setSeries: [
            (_self, si, opts) => {
              if (si !== null && opts && opts.show !== undefined)
                state.hidden[`${pi}:${si - 1}`] = !opts.show;
            },
          ],
        },
      },
      smoothed(state, raw),
      holder,
    );
    state.plots.push(u);
  });
  if (state.zoom) applyZoom(state, null);
}

// the index of the panel drawn by the i-th uPlot (panels with no series have none)
function plotPanel(state: ChartState, i: number): number {
  let k = -1;
  for (let pi = 0; pi < state.data.panels.length; pi++) {
    if (state.data.panels[pi]?.series.length) k++;
    if (k === i) return pi;
  }
  return -1;
}

function tools(state: ChartState): HTMLDivElement {
  const bar = document.createElement('div');
  bar.className = 'ev-tools';
  const label = document.createElement('label');
  label.textContent = 'Smoothing ';
  const slider = document.createElement('input');
  slider.type = 'range';
  slider.min = '0';
  slider.max = '0.99';
  slider.step = '0.01';
  slider.value = '0';
  slider.className = 'ev-smoothing';
  slider.title = 'exponential moving average, debiased as in TensorBoard';
  const shown = document.createElement('output');
  shown.textContent = '0';
  slider.addEventListener('input', () => {
    state.weight = Math.min(0.99, Math.max(0, Number(slider.value) || 0));
    shown.textContent = String(state.weight);
    state.plots.forEach((u, i) => {
      // keep the x range the reader chose; y fits the smoothed and the logged values
      const x = u.scales.x;
      const raw = state.raw[plotPanel(state, i)];
      if (!raw) return;
      u.setData(smoothed(state, raw), false);
      u.setScale('x', { min: x?.min ?? 0, max: x?.max ?? 1 });
    });
  });
  label.appendChild(slider);
  label.appendChild(shown);
  bar.appendChild(label);
  state.data.panels.forEach((panel, pi) => {
    if (!panel.positive) return;
    const toggle = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.className = 'ev-log';
    box.dataset.panel = String(pi);
    box.addEventListener('change', () => {
      state.log[pi] = box.checked;
      build(state);
    });
    toggle.appendChild(box);
    toggle.appendChild(document.createTextNode(` log scale: ${panel.yLabel || 'y'}`));
    bar.appendChild(toggle);
  });
  const hint = document.createElement('span');
  hint.className = 'ev-hint';
  hint.textContent = 'drag to zoom · double-click to reset · click a legend entry to hide it';
  bar.appendChild(hint);
  return bar;
}

/** Draws the chart of `figure` from its embedded data; its state, for tests and the reader's console. */
export function startChart(figure: HTMLElement, data: EmbeddedChart): ChartState {
  const state: ChartState = {
    id: figure.dataset.chart ?? '',
    data,
    plots: [],
    raw: [],
    log: {},
    hidden: {},
    weight: 0,
    zoom: null,
    syncing: false,
    box: document.createElement('div'),
  };
  state.box.className = 'ev-plots';
  figure.insertBefore(tools(state), figure.firstChild);
  figure.insertBefore(state.box, figure.children[1] ?? null);
  build(state);
  return state;
}

export function resize(state: ChartState): void {
  const width = Math.max(320, state.box.clientWidth || 800);
  for (const u of state.plots) u.setSize({ width, height: panelHeight(state) });
}
