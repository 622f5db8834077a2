// A chart description of @evidence/plots → the data a page draws with uPlot: the line series of each
// panel, decimated per pixel column by the same rule as the PNG path, as plain JSON.
import { createHash } from 'node:crypto';
import { type Chart, decimate, type LineSeries } from '@evidence/plots';
import type { EmbeddedChart } from './chart-types.js';

/**
 * Pixel columns the page keeps per series: about the width of the widest plot at a device pixel ratio
 * of 1.5, so a 1M-row log stays at a few thousand points (at most four per column) per series.
 */
export const DEFAULT_COLUMNS = 1500;

const isLine = (series: Chart['panels'][number]['series'][number]): series is LineSeries =>
  series.type === 'line';

/** The finite x range shared by every line of the chart (its panels share the x axis). */
function xRange(chart: Chart): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const panel of chart.panels)
    for (const series of panel.series.filter(isLine))
      for (let i = 0; i < series.x.length; i++) {
        const x = series.x[i] as number;
        if (!Number.isFinite(x) || !Number.isFinite(series.y[i] as number)) continue;
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
  return lo <= hi ? [lo, hi] : null;
}

/**
 * The decimated points as the page's arrays. A break (NaN pair) sits at the midpoint of its neighbours'
 * x, so uPlot, which needs one ascending x per series, can hold it as a null between them. Points whose
 * x goes backwards are sorted first (uPlot cannot draw them otherwise); their breaks are then dropped.
 */
function toPageArrays(x: Float64Array, y: Float64Array): { x: number[]; y: (number | null)[] } {
  let ascending = true;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i] as number;
    if (Number.isNaN(xi)) continue;
    if (xi < previous) ascending = false;
    previous = xi;
  }
  const outX: number[] = [];
  const outY: (number | null)[] = [];
  if (!ascending) {
    const order = [...x.keys()].filter((i) => !Number.isNaN(x[i] as number));
    order.sort((a, b) => (x[a] as number) - (x[b] as number) || a - b);
    for (const i of order) {
      outX.push(x[i] as number);
      outY.push(y[i] as number);
    }
    return { x: outX, y: outY };
  }
  for (let i = 0; i < x.length; i++) {
    const xi = x[i] as number;
    if (!Number.isNaN(xi)) {
      outX.push(xi);
      outY.push(y[i] as number);
      continue;
    }
    const before = outX.length > 0 ? (outX[outX.length - 1] as number) : null;
    const after = i + 1 < x.length ? (x[i + 1] as number) : null;
    // a break before the first point or after the last one separates nothing
    if (before === null || after === null || Number.isNaN(after) || !(after > before)) continue;
    outX.push(before + (after - before) / 2);
    outY.push(null);
  }
  return { x: outX, y: outY };
}

/** `#rrggbb` with an alpha below 1 as rgba(); any other colour as it is. */
function withAlpha(color: string, alpha: number | undefined): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (alpha === undefined || alpha >= 1 || !hex) return color;
  const [r, g, b] = hex.slice(1).map((h) => Number.parseInt(h, 16));
  return `rgba(${r},${g},${b},${Math.max(0, alpha)})`;
}

function everyFinitePositive(y: ArrayLike<number>): boolean {
  for (let i = 0; i < y.length; i++) {
    const v = y[i] as number;
    if (Number.isFinite(v) && !(v > 0)) return false;
  }
  return true;
}

/**
 * The line series of `chart` as the page draws them, each decimated to `columns` pixel columns over the
 * chart's x range (first, lowest, highest and last point of each column, as in the PNG). Bar and
 * histogram series are left out: those charts stay static images.
 */
export function embedChart(chart: Chart, options: { columns?: number } = {}): EmbeddedChart {
  const columns = options.columns ?? DEFAULT_COLUMNS;
  const range = xRange(chart);
  const x0 = range ? range[0] : 0;
  const span = range ? range[1] - range[0] : 0;
  const columnWidth = span > 0 ? span / columns : 1;
  const embedded: Omit<EmbeddedChart, 'version'> = {
    title: chart.title ?? '',
    xLabel: chart.xLabel ?? '',
    integerX: chart.integerX === true,
    panels: chart.panels.map((panel) => {
      const lines = panel.series.filter(isLine);
      return {
        yLabel: panel.yLabel ?? '',
        yDomain: panel.yDomain ? [panel.yDomain[0], panel.yDomain[1]] : null,
        positive: !panel.yDomain && lines.length > 0 && lines.every((s) => everyFinitePositive(s.y)),
        emptyMessage: panel.emptyMessage ?? 'no data',
        series: lines.map((series, index) => {
          const decimated = decimate(series.x, series.y, x0, columnWidth);
          return {
            label: series.label ?? panel.yLabel ?? `series ${index + 1}`,
            color: series.color,
            stroke: withAlpha(series.color, series.alpha),
            width: series.width ?? 1.5,
            dash: series.dash ? [...series.dash] : null,
            ...toPageArrays(decimated.x, decimated.y),
            points: decimated.finite,
          };
        }),
      };
    }),
  };
  const version = createHash('sha1').update(JSON.stringify(embedded)).digest('hex').slice(0, 16);
  return { version, ...embedded };
}

/**
 * JSON safe inside a <script> element: `<` is written as \u003c, so no `</script>` or `<!--` in a
 * label can end the element, and U+2028/U+2029 cannot end a line of the script. The controls and
 * non-characters JSON.stringify leaves raw (DEL, C1, U+FFFE/U+FFFF) are escaped too: the same value,
 * and no raw control character anywhere in the page.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<\u2028\u2029\u007f-\u009f\ufffe\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
