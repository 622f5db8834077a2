// Draws a chart description on any Canvas 2D context. Knows nothing about files or formats.
import type { Context2D } from './canvas-backend.js';
import { FONT_FAMILY } from './canvas-backend.js';
import type {
  BandSeries,
  BarSeries,
  Chart,
  HistogramSeries,
  LineSeries,
  Marker,
  Panel,
  Series,
} from './chart.js';
import { decimate } from './decimate.js';
import { OccupancyGrid, placeLegend, type Rect } from './legend.js';
import { type AxisTicks, axisTicks, createScale, extent, padDomain, type Scale } from './scale.js';

export const DEFAULT_WIDTH = 960;
export const DEFAULT_HEIGHT = 640;

/**
 * Decimation columns per CSS pixel. One column per CSS pixel, even for 1.5× or 2× PNG: every line is at least
 * 1.2 CSS px wide, so its stroke covers both device columns anyway. Measured on a 1,000,000-row
 * training curve at 2×: 0.07 % of pixels differ from device-pixel columns, and Skia rasterises
 * 3.5× faster (200 ms instead of 700 ms CPU).
 */
const DECIMATION_RATIO = 1;

const INK = '#1f2937';
const MUTED = '#6b7280';
const GRID = '#e5e7eb';
const FRAME = '#4b5563';
const TICK_FONT = 12;
const LABEL_FONT = 13;
const TITLE_FONT = 16;
const LEGEND_FONT = 12;
const PANEL_GAP = 24;
/** height of a legend row above the panels */
const LEGEND_ROW = 26;

const font = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px "${FONT_FAMILY}"`;

interface PanelLayout {
  panel: Panel;
  rect: Rect;
  /** centre of the rotated y label */
  labelX: number;
  y: Scale;
  yTicks: AxisTicks;
  hasData: boolean;
}

/**
 * The title in lines of at most `maxWidth`: as it is when it fits, else wrapped at spaces into two
 * lines, in a smaller font (down to 11 px) when two lines at 16 px are not enough.
 */
function titleLines(ctx: Context2D, title: string, maxWidth: number): { lines: string[]; size: number } {
  let lines: string[] = [title];
  for (let size = TITLE_FONT; size >= 11; size--) {
    ctx.font = font(size, true);
    lines = [];
    for (const word of title.split(' ')) {
      const last = lines[lines.length - 1];
      if (last !== undefined && ctx.measureText(`${last} ${word}`).width <= maxWidth)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (lines.length <= 2) return { lines, size };
  }
  return { lines, size: 11 };
}

/** Draws `chart` on `ctx`, whose user space is `width`×`height` CSS pixels. */
export function drawChart(ctx: Context2D, chart: Chart): void {
  const width = chart.width ?? DEFAULT_WIDTH;
  const height = chart.height ?? DEFAULT_HEIGHT;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);

  const barPanel = chart.panels.some((p) => p.series.some((s) => s.type === 'bars'));
  const legendAbove = chart.legend === 'above' && chart.panels.some((p) => p.series.some((s) => s.label));
  const title = chart.title ? titleLines(ctx, chart.title, width - 20) : null;
  const titleHeight = title ? 44 + (title.lines.length - 1) * (title.size + 4) : 16;
  const top = titleHeight + (legendAbove ? LEGEND_ROW : 0);
  const bottom = height - (chart.xLabel ? 52 : 32);
  const totalWeight = chart.panels.reduce((sum, p) => sum + (p.weight ?? 1), 0) || 1;
  const columns = chart.layout === 'columns';
  const gaps = PANEL_GAP * Math.max(0, chart.panels.length - 1);
  const usable = columns ? width - 20 - gaps : bottom - top - gaps;

  // y axes first: the widest tick label decides the left margin (of every panel when stacked)
  const provisional: (Omit<PanelLayout, 'rect' | 'y'> & { margin: number; tickWidth: number })[] = [];
  const domains: [number, number][] = [];
  const sizes: number[] = [];
  ctx.font = font(TICK_FONT);
  for (const panel of chart.panels) {
    const size = (usable * (panel.weight ?? 1)) / totalWeight;
    sizes.push(size);
    const h = columns ? bottom - top : size;
    const { domain, tickDomain, hasData } = yDomainOf(panel);
    domains.push(domain);
    // an empty panel gets no scale at all: made-up ticks would read as data; a fixed range (rates) is
    // ticked over that range only, not over the head room left for notes
    const yTicks =
      hasData || panel.yDomain
        ? axisTicks(tickDomain, Math.max(3, Math.round(h / 48)), panel.logY, panel.integerY)
        : { values: [], labels: [] };
    const tickWidth = Math.max(0, ...yTicks.labels.map((label) => ctx.measureText(label).width));
    const margin = 14 + (panel.yLabel ? LABEL_FONT + 10 : 0) + tickWidth + 8;
    provisional.push({ panel, yTicks, hasData, margin, tickWidth, labelX: 0 });
  }
  const anyYLabel = chart.panels.some((p) => p.yLabel);
  const left = Math.ceil(
    columns
      ? (provisional[0]?.margin ?? 14)
      : 14 + (anyYLabel ? LABEL_FONT + 10 : 0) + Math.max(0, ...provisional.map((p) => p.tickWidth)) + 8,
  );
  const right = width - 20;

  let offset = columns ? 0 : top;
  const layouts: PanelLayout[] = provisional.map((p, i) => {
    const size = sizes[i] as number;
    let rect: Rect;
    let labelX = 16;
    if (columns) {
      // side by side, each panel with its own y axis: its margin is taken out of its own share
      const margin = Math.ceil(p.margin);
      rect = { x: offset + margin, y: top, width: size - margin, height: bottom - top };
      labelX = offset + 16;
      offset += size + PANEL_GAP;
    } else {
      rect = { x: left, y: offset, width: right - left, height: size };
      offset += size + PANEL_GAP;
    }
    const domain = domains[i] as [number, number];
    return { ...p, rect, labelX, y: createScale(domain, [rect.y + rect.height, rect.y], p.panel.logY) };
  });
  const titleLeft = columns ? (layouts[0]?.rect.x ?? left) : left;

  if (title) {
    ctx.fillStyle = INK;
    ctx.font = font(title.size, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    title.lines.forEach((line, i) => {
      // centred over the plots when it fits there, else over the whole image: never cut at an edge
      const half = ctx.measureText(line).width / 2;
      const over = (titleLeft + right) / 2;
      const centre = over - half >= 10 && over + half <= width - 10 ? over : width / 2;
      ctx.fillText(line, centre, 28 + i * (title.size + 4), width - 20);
    });
  }

  if (legendAbove) {
    const series = chart.panels.flatMap((p) => p.series);
    drawLegendRow(ctx, series, (titleLeft + right) / 2, top - LEGEND_ROW / 2 - 2);
  }

  if (barPanel) {
    for (const layout of layouts) drawBarPanel(ctx, layout, !legendAbove);
  } else {
    // one x domain for all panels; stacked panels share the axis (labels under the last one), panels
    // side by side each get their own, labelled, over their own width
    const xDomain = xDomainOf(chart.panels);
    const anyData = layouts.some((l) => l.hasData);
    const axisFor = (x0: number, x1: number) => ({
      x: createScale(xDomain, [x0, x1]),
      ticks: anyData ? fitXTicks(ctx, xDomain, x1 - x0, chart.integerX === true) : { values: [], labels: [] },
    });
    const shared = axisFor(left, right);
    layouts.forEach((layout, i) => {
      const { x, ticks } = columns ? axisFor(layout.rect.x, layout.rect.x + layout.rect.width) : shared;
      const labelled = columns || i === layouts.length - 1;
      drawXYPanel(ctx, layout, x, ticks, labelled, chart.decimate !== false, !legendAbove);
    });
  }

  for (const layout of layouts) drawYAxis(ctx, layout);

  if (chart.xLabel) {
    const last = layouts[layouts.length - 1];
    ctx.fillStyle = INK;
    ctx.font = font(LABEL_FONT);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(
      chart.xLabel,
      (titleLeft + right) / 2,
      last ? last.rect.y + last.rect.height + 42 : height - 12,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// domains

function yDomainOf(panel: Panel): {
  domain: [number, number];
  /** the range to put ticks in (a fixed range without the head room left for notes) */
  tickDomain: [number, number];
  hasData: boolean;
} {
  const log = panel.logY === true;
  const lines = panel.series.filter((s): s is LineSeries => s.type === 'line');
  const bars = panel.series.filter((s): s is BarSeries => s.type === 'bars');
  const hists = panel.series.filter((s): s is HistogramSeries => s.type === 'histogram');
  const arrays: ArrayLike<number>[] = [];
  for (const s of lines) arrays.push(finiteYWhereXFinite(s));
  for (const s of bars) {
    arrays.push(s.values);
    for (const w of s.whiskers ?? []) if (w) arrays.push(w);
  }
  for (const s of hists) arrays.push(s.counts);
  for (const s of panel.series) if (s.type === 'band') arrays.push(s.low, s.high);
  const found = extent(arrays, log);
  const hasData = found !== null;
  const same = (domain: [number, number]) => ({ domain, tickDomain: domain, hasData });
  if (panel.yDomain) {
    const [a, b] = panel.yDomain;
    const span = b - a;
    if (bars.length > 0 && panel.groupNotes) {
      // notes above bars that reach the top of a fixed range (a rate of 1) need head room above it
      return { domain: [a - span * 0.03, b + span * 0.14], tickDomain: [a, b], hasData };
    }
    return same([a - span * 0.03, b + span * 0.03]);
  }
  if (!found) return same(log ? [1, 10] : [0, 1]);
  if (bars.length > 0 || hists.length > 0) {
    // bars and histograms grow from zero; leave head room for notes above the bars
    const lo = Math.min(0, found[0]);
    const hi = Math.max(0, found[1]);
    const span = hi - lo || 1;
    return same([lo < 0 ? lo - span * 0.08 : 0, hi + span * (panel.groupNotes ? 0.14 : 0.08)]);
  }
  return same(padDomain(found, 0.06, log));
}

/** y values whose x is finite (a y whose x is missing is never drawn, so it must not stretch the axis). */
function finiteYWhereXFinite(s: LineSeries): ArrayLike<number> {
  const n = Math.min(s.x.length, s.y.length);
  if (s.x.length === n && s.y.length === n) {
    let allFinite = true;
    for (let i = 0; i < n && allFinite; i++) allFinite = Number.isFinite(s.x[i] as number);
    if (allFinite) return s.y;
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Number.isFinite(s.x[i] as number) ? (s.y[i] as number) : Number.NaN;
  return out;
}

function xDomainOf(panels: readonly Panel[]): [number, number] {
  const arrays: ArrayLike<number>[] = [];
  for (const p of panels) {
    for (const s of p.series) {
      if (s.type === 'line' || s.type === 'band') arrays.push(s.x);
      else if (s.type === 'histogram') arrays.push(s.edges);
    }
  }
  const found = extent(arrays);
  if (!found) return [0, 1];
  const histogram = panels.some((p) => p.series.some((s) => s.type === 'histogram'));
  return padDomain(found, histogram ? 0.03 : 0.04);
}

function fitXTicks(ctx: Context2D, domain: [number, number], width: number, integer: boolean): AxisTicks {
  ctx.font = font(TICK_FONT);
  for (let count = Math.max(2, Math.round(width / 90)); count >= 2; count--) {
    const t = axisTicks(domain, count, false, integer);
    const widest = Math.max(0, ...t.labels.map((l) => ctx.measureText(l).width));
    if (t.values.length < 2 || (widest + 16) * t.values.length <= width) return t;
  }
  return axisTicks(domain, 2, false, integer);
}

// ---------------------------------------------------------------------------------------------
// panels

function drawGridAndFrame(ctx: Context2D, layout: PanelLayout, xPositions: readonly number[]): void {
  const { rect } = layout;
  ctx.save();
  ctx.strokeStyle = GRID;
  ctx.lineWidth = 1;
  ctx.setLineDash([]);
  ctx.beginPath();
  for (const v of layout.yTicks.values) {
    const py = crisp(layout.y(v));
    ctx.moveTo(rect.x, py);
    ctx.lineTo(rect.x + rect.width, py);
  }
  for (const px0 of xPositions) {
    const px = crisp(px0);
    ctx.moveTo(px, rect.y);
    ctx.lineTo(px, rect.y + rect.height);
  }
  ctx.stroke();
  ctx.restore();
}

function drawFrame(ctx: Context2D, rect: Rect): void {
  ctx.save();
  ctx.strokeStyle = FRAME;
  ctx.lineWidth = 1;
  ctx.setLineDash([]);
  ctx.strokeRect(crisp(rect.x), crisp(rect.y), Math.round(rect.width), Math.round(rect.height));
  ctx.restore();
}

/** Half-pixel alignment so 1-px lines are sharp. */
const crisp = (v: number) => Math.round(v) + 0.5;

function drawXYPanel(
  ctx: Context2D,
  layout: PanelLayout,
  x: Scale,
  xTicks: AxisTicks,
  isLast: boolean,
  decimated: boolean,
  legend: boolean,
): void {
  const { rect, panel } = layout;
  const xPositions = xTicks.values.map((v) => x(v));
  drawGridAndFrame(ctx, layout, xPositions);
  const grid = new OccupancyGrid(rect);

  ctx.save();
  ctx.beginPath();
  ctx.rect(rect.x, rect.y, rect.width, rect.height);
  ctx.clip();
  for (const s of panel.series) if (s.type === 'band') drawBand(ctx, s, x, layout.y);
  for (const s of panel.series) if (s.type === 'histogram') drawHistogram(ctx, s, x, layout.y, grid);
  for (const s of panel.series) if (s.type === 'line') drawLine(ctx, s, x, layout.y, rect, grid, decimated);
  ctx.restore();

  drawFrame(ctx, rect);
  // x tick marks on every panel, labels under the last one only (shared x axis)
  ctx.strokeStyle = FRAME;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const px of xPositions) {
    ctx.moveTo(crisp(px), rect.y + rect.height);
    ctx.lineTo(crisp(px), rect.y + rect.height + 5);
  }
  ctx.stroke();
  if (isLast) {
    ctx.fillStyle = INK;
    ctx.font = font(TICK_FONT);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    xTicks.labels.forEach((label, i) => {
      ctx.fillText(label, xPositions[i] as number, rect.y + rect.height + 8);
    });
  }
  if (!layout.hasData) drawEmptyMessage(ctx, rect, panel.emptyMessage ?? 'no data');
  if (legend) drawLegend(ctx, panel.series, rect, grid);
}

function drawBarPanel(ctx: Context2D, layout: PanelLayout, legend: boolean): void {
  const { rect, panel } = layout;
  const bars = panel.series.filter((s): s is BarSeries => s.type === 'bars');
  const categories = panel.categories ?? [];
  const groups = Math.max(1, categories.length, ...bars.map((b) => b.values.length));
  const groupWidth = rect.width / groups;
  const barWidth = (groupWidth * 0.7) / Math.max(1, bars.length);
  drawGridAndFrame(ctx, layout, []);
  const grid = new OccupancyGrid(rect);
  const y = layout.y;
  const zero = y(0);
  const tops: number[] = new Array(groups).fill(Number.POSITIVE_INFINITY);

  ctx.save();
  ctx.beginPath();
  ctx.rect(rect.x, rect.y, rect.width, rect.height);
  ctx.clip();
  bars.forEach((s, j) => {
    for (let g = 0; g < groups; g++) {
      const v = s.values[g];
      if (v === undefined || !Number.isFinite(v)) continue;
      const bx = rect.x + g * groupWidth + groupWidth * 0.15 + j * barWidth;
      const by = Math.min(y(v), zero);
      const bh = Math.abs(y(v) - zero);
      ctx.fillStyle = s.color;
      ctx.fillRect(bx, by, barWidth, bh);
      const barRect = { x: bx, y: by, width: barWidth, height: bh };
      grid.markRect(barRect);
      tops[g] = Math.min(tops[g] as number, by);
      const w = s.whiskers?.[g];
      if (w && Number.isFinite(w[0]) && Number.isFinite(w[1])) {
        const cx = bx + barWidth / 2;
        const y0 = y(w[0]);
        const y1 = y(w[1]);
        ctx.strokeStyle = INK;
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(cx, y0);
        ctx.lineTo(cx, y1);
        ctx.moveTo(cx - barWidth * 0.18, y0);
        ctx.lineTo(cx + barWidth * 0.18, y0);
        ctx.moveTo(cx - barWidth * 0.18, y1);
        ctx.lineTo(cx + barWidth * 0.18, y1);
        ctx.stroke();
        grid.markRect({ x: cx - 2, y: Math.min(y0, y1), width: 4, height: Math.abs(y1 - y0) });
        tops[g] = Math.min(tops[g] as number, y0, y1);
      }
    }
  });
  ctx.restore();

  if (panel.reference && Number.isFinite(panel.reference.y))
    drawReference(ctx, layout, panel.reference, grid);
  // zero line when bars go below zero
  if (layout.y.domain[0] < 0) {
    ctx.strokeStyle = FRAME;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(rect.x, crisp(zero));
    ctx.lineTo(rect.x + rect.width, crisp(zero));
    ctx.stroke();
  }
  drawFrame(ctx, rect);

  ctx.fillStyle = INK;
  ctx.font = font(TICK_FONT);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  categories.forEach((label, g) => {
    ctx.fillText(label, rect.x + (g + 0.5) * groupWidth, rect.y + rect.height + 8, groupWidth - 6);
  });
  if (panel.groupNotes) {
    ctx.font = font(TICK_FONT, true);
    ctx.textBaseline = 'bottom';
    panel.groupNotes.forEach((note, g) => {
      const top = Number.isFinite(tops[g] as number) ? (tops[g] as number) : zero;
      const ny = Math.max(rect.y + 16, top - 5);
      const nx = rect.x + (g + 0.5) * groupWidth;
      ctx.fillText(note, nx, ny);
      const w = ctx.measureText(note).width;
      grid.markRect({ x: nx - w / 2, y: ny - 15, width: w, height: 15 });
    });
  }
  if (!layout.hasData) drawEmptyMessage(ctx, rect, panel.emptyMessage ?? 'no data');
  if (legend) drawLegend(ctx, panel.series, rect, grid);
}

/** A dashed line across the panel at `reference.y`, its label at the right end above it. */
function drawReference(
  ctx: Context2D,
  layout: PanelLayout,
  reference: { y: number; label?: string },
  grid: OccupancyGrid,
): void {
  const { rect } = layout;
  const py = crisp(layout.y(reference.y));
  if (py < rect.y || py > rect.y + rect.height) return;
  ctx.save();
  // a white halo under the dashes keeps them visible across coloured bars
  ctx.strokeStyle = '#ffffff';
  ctx.globalAlpha = 0.8;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(rect.x, py);
  ctx.lineTo(rect.x + rect.width, py);
  ctx.stroke();
  ctx.strokeStyle = INK;
  ctx.globalAlpha = 1;
  ctx.lineWidth = 1;
  ctx.setLineDash([6, 4]);
  ctx.beginPath();
  ctx.moveTo(rect.x, py);
  ctx.lineTo(rect.x + rect.width, py);
  ctx.stroke();
  ctx.restore();
  if (!reference.label) return;
  ctx.font = font(TICK_FONT);
  const w = ctx.measureText(reference.label).width;
  // the label on a white box at the right end, above the line
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(rect.x + rect.width - 8 - w, py - 18, w + 6, 15);
  ctx.fillStyle = INK;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillText(reference.label, rect.x + rect.width - 5, py - 4);
  grid.markRect({ x: rect.x + rect.width - 8 - w, y: py - 18, width: w + 6, height: 15 });
}

function drawYAxis(ctx: Context2D, layout: PanelLayout): void {
  const { rect, yTicks, panel } = layout;
  ctx.strokeStyle = FRAME;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const v of yTicks.values) {
    const py = crisp(layout.y(v));
    ctx.moveTo(rect.x - 5, py);
    ctx.lineTo(rect.x, py);
  }
  ctx.stroke();
  ctx.fillStyle = INK;
  ctx.font = font(TICK_FONT);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  yTicks.labels.forEach((label, i) => {
    ctx.fillText(label, rect.x - 8, layout.y(yTicks.values[i] as number));
  });
  if (panel.yLabel) {
    ctx.save();
    ctx.translate(layout.labelX, rect.y + rect.height / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.font = font(LABEL_FONT);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(panel.yLabel, 0, 0, rect.height);
    ctx.restore();
  }
}

function drawEmptyMessage(ctx: Context2D, rect: Rect, message: string): void {
  ctx.fillStyle = MUTED;
  ctx.font = font(15, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(message, rect.x + rect.width / 2, rect.y + rect.height / 2, rect.width - 20);
}

// ---------------------------------------------------------------------------------------------
// series

function drawLine(
  ctx: Context2D,
  s: LineSeries,
  x: Scale,
  y: Scale,
  rect: Rect,
  grid: OccupancyGrid,
  decimated: boolean,
): void {
  const [x0, x1] = x.domain;
  const d = decimated
    ? decimate(s.x, s.y, x0, (x1 - x0) / (rect.width * DECIMATION_RATIO), { positiveY: y.log })
    : { x: s.x, y: s.y, finite: s.x.length };
  const n = d.x.length;
  const lineWidth = s.width ?? 1.8;
  ctx.save();
  ctx.globalAlpha = s.alpha ?? 1;
  ctx.strokeStyle = s.color;
  ctx.fillStyle = s.color;
  ctx.lineWidth = lineWidth;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.setLineDash(s.dash ? [...s.dash] : []);
  ctx.beginPath();
  let penDown = false;
  let px0 = 0;
  let py0 = 0;
  const isolated: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const px = x(d.x[i] as number);
    const py = y(d.y[i] as number);
    if (!(Number.isFinite(px) && Number.isFinite(py))) {
      penDown = false;
      continue;
    }
    if (penDown) {
      ctx.lineTo(px, py);
      grid.markSegment(px0, py0, px, py);
    } else {
      ctx.moveTo(px, py);
      grid.markPoint(px, py);
      const nx = d.x[i + 1];
      const ny = d.y[i + 1];
      if (nx === undefined || ny === undefined || !Number.isFinite(nx) || !Number.isFinite(y(ny))) {
        isolated.push([px, py]);
      }
    }
    penDown = true;
    px0 = px;
    py0 = py;
  }
  ctx.stroke();
  ctx.setLineDash([]);
  // a point with no neighbour draws no line: show it as a dot so it is never lost
  for (const [px, py] of isolated) {
    if (!s.marker) {
      ctx.beginPath();
      ctx.arc(px, py, Math.max(2.5, lineWidth * 1.4), 0, Math.PI * 2);
      ctx.fill();
    }
  }
  // markers only when they stay readable (a few per 4 px at most)
  if (s.marker && d.finite <= rect.width / 4) {
    for (let i = 0; i < n; i++) {
      const px = x(d.x[i] as number);
      const py = y(d.y[i] as number);
      if (!(Number.isFinite(px) && Number.isFinite(py))) continue;
      drawMarker(ctx, s.marker, px, py, 4.5);
      grid.markRect({ x: px - 4, y: py - 4, width: 8, height: 8 });
    }
  }
  ctx.restore();
}

function drawMarker(ctx: Context2D, marker: Marker, px: number, py: number, r: number): void {
  ctx.beginPath();
  switch (marker) {
    case 'circle':
      ctx.arc(px, py, r, 0, Math.PI * 2);
      ctx.fill();
      return;
    case 'square':
      ctx.fillRect(px - r * 0.85, py - r * 0.85, r * 1.7, r * 1.7);
      return;
    case 'triangle':
      ctx.moveTo(px, py - r * 1.1);
      ctx.lineTo(px + r, py + r * 0.75);
      ctx.lineTo(px - r, py + r * 0.75);
      ctx.closePath();
      ctx.fill();
      return;
    case 'diamond':
      ctx.moveTo(px, py - r * 1.15);
      ctx.lineTo(px + r * 0.85, py);
      ctx.lineTo(px, py + r * 1.15);
      ctx.lineTo(px - r * 0.85, py);
      ctx.closePath();
      ctx.fill();
      return;
    case 'x': {
      const save = ctx.lineWidth;
      ctx.lineWidth = 1.8;
      ctx.moveTo(px - r * 0.8, py - r * 0.8);
      ctx.lineTo(px + r * 0.8, py + r * 0.8);
      ctx.moveTo(px + r * 0.8, py - r * 0.8);
      ctx.lineTo(px - r * 0.8, py + r * 0.8);
      ctx.stroke();
      ctx.lineWidth = save;
      return;
    }
  }
}

/** A band as one filled polygon per finite stretch: along `high`, then back along `low`. */
function drawBand(ctx: Context2D, s: BandSeries, x: Scale, y: Scale): void {
  ctx.save();
  ctx.globalAlpha = s.alpha ?? 0.18;
  ctx.fillStyle = s.color;
  const n = Math.min(s.x.length, s.low.length, s.high.length);
  let start = -1;
  const fill = (from: number, to: number): void => {
    ctx.beginPath();
    for (let i = from; i < to; i++) {
      const px = x(s.x[i] as number);
      const py = y(s.high[i] as number);
      if (i === from) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    for (let i = to - 1; i >= from; i--) ctx.lineTo(x(s.x[i] as number), y(s.low[i] as number));
    ctx.closePath();
    ctx.fill();
  };
  for (let i = 0; i <= n; i++) {
    const finite =
      i < n &&
      Number.isFinite(x(s.x[i] as number)) &&
      Number.isFinite(y(s.low[i] as number)) &&
      Number.isFinite(y(s.high[i] as number));
    if (finite && start < 0) start = i;
    if (!finite && start >= 0) {
      fill(start, i);
      start = -1;
    }
  }
  ctx.restore();
}

function drawHistogram(ctx: Context2D, s: HistogramSeries, x: Scale, y: Scale, grid: OccupancyGrid): void {
  ctx.save();
  const zero = y(0);
  ctx.globalAlpha = s.alpha ?? 0.45;
  ctx.fillStyle = s.color;
  for (let i = 0; i < s.counts.length; i++) {
    const c = s.counts[i] as number;
    if (!(c > 0)) continue;
    const xa = x(s.edges[i] as number);
    const xb = x(s.edges[i + 1] as number);
    const yc = y(c);
    ctx.fillRect(xa, yc, xb - xa, zero - yc);
    grid.markRect({ x: xa, y: yc, width: xb - xa, height: zero - yc });
  }
  // a step outline at full strength keeps overlapping histograms readable
  ctx.globalAlpha = 1;
  ctx.strokeStyle = s.color;
  ctx.lineWidth = 1.6;
  ctx.beginPath();
  ctx.moveTo(x(s.edges[0] as number), zero);
  for (let i = 0; i < s.counts.length; i++) {
    const yc = y(s.counts[i] as number);
    ctx.lineTo(x(s.edges[i] as number), yc);
    ctx.lineTo(x(s.edges[i + 1] as number), yc);
  }
  ctx.lineTo(x(s.edges[s.counts.length] as number), zero);
  ctx.stroke();
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------
// legend

function drawLegend(ctx: Context2D, series: readonly Series[], area: Rect, grid: OccupancyGrid): void {
  const entries = series.filter((s) => s.label);
  if (entries.length === 0) return;
  ctx.font = font(LEGEND_FONT);
  const swatch = 30;
  const row = 19;
  const pad = 8;
  const textWidth = Math.max(...entries.map((s) => ctx.measureText(s.label as string).width));
  const size = { width: pad * 2 + swatch + 8 + textWidth, height: pad * 2 + row * entries.length - 4 };
  const box = placeLegend(area, size, grid);
  ctx.save();
  ctx.globalAlpha = 0.8; // as matplotlib: data under the legend stays faintly visible
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = '#d1d5db';
  ctx.lineWidth = 1;
  ctx.strokeRect(crisp(box.x), crisp(box.y), Math.round(box.width), Math.round(box.height));
  entries.forEach((s, i) => {
    const cy = box.y + pad + row * i + (row - 4) / 2;
    const sx = box.x + pad;
    drawSwatch(ctx, s, sx, cy, swatch);
    ctx.globalAlpha = 1;
    ctx.fillStyle = INK;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(s.label as string, sx + swatch + 8, cy);
  });
  ctx.restore();
}

/** The legend sample of one series: a line (with its marker) or a filled box, `width` wide at `cy`. */
function drawSwatch(ctx: Context2D, s: Series, sx: number, cy: number, swatch: number): void {
  ctx.save();
  if (s.type === 'line') {
    ctx.globalAlpha = Math.max(0.6, s.alpha ?? 1);
    ctx.strokeStyle = s.color;
    ctx.fillStyle = s.color;
    ctx.lineWidth = Math.max(1.5, s.width ?? 1.8);
    ctx.setLineDash(s.dash ? [...s.dash] : []);
    ctx.beginPath();
    ctx.moveTo(sx, cy);
    ctx.lineTo(sx + swatch, cy);
    ctx.stroke();
    ctx.setLineDash([]);
    if (s.marker) drawMarker(ctx, s.marker, sx + swatch / 2, cy, 4.5);
  } else {
    ctx.globalAlpha =
      s.type === 'histogram'
        ? Math.max(0.55, s.alpha ?? 0.45)
        : s.type === 'band'
          ? Math.max(0.3, s.alpha ?? 0.18)
          : 1;
    ctx.fillStyle = s.color;
    ctx.fillRect(sx + 4, cy - 6, swatch - 8, 12);
  }
  ctx.restore();
}

/** One row of legend entries centred on `cx`, outside every panel, so it never covers data. */
function drawLegendRow(ctx: Context2D, series: readonly Series[], cx: number, cy: number): void {
  const entries = series.filter((s) => s.label);
  ctx.font = font(LEGEND_FONT);
  const swatch = 30;
  const gap = 22;
  const widths = entries.map((s) => swatch + 8 + ctx.measureText(s.label as string).width);
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, entries.length - 1);
  let x = cx - total / 2;
  entries.forEach((s, i) => {
    drawSwatch(ctx, s, x, cy, swatch);
    ctx.fillStyle = INK;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(s.label as string, x + swatch + 8, cy);
    x += (widths[i] as number) + gap;
  });
}
