// One description of a chart, drawn the same way to PNG, SVG and PDF by `draw.ts`.

export type Marker = 'circle' | 'square' | 'triangle' | 'x' | 'diamond';

/** A polyline through (x[i], y[i]); a non-finite value breaks it. Decimated before drawing. */
export interface LineSeries {
  type: 'line';
  label?: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  color: string;
  width?: number;
  dash?: readonly number[];
  marker?: Marker;
  /** 0..1; a faint raw series under its bold moving average uses about 0.35 */
  alpha?: number;
}

/** One bar per category, grouped with the other `bars` series of the panel. */
export interface BarSeries {
  type: 'bars';
  label: string;
  values: readonly number[];
  color: string;
  /** confidence interval per category, drawn as a whisker */
  whiskers?: readonly ([number, number] | null | undefined)[];
}

/** Counts over shared bin edges (edges.length = counts.length + 1). */
export interface HistogramSeries {
  type: 'histogram';
  label: string;
  edges: readonly number[];
  counts: readonly number[];
  color: string;
  alpha?: number;
}

/** A filled band between `low` and `high` over `x` (an interval around a mean); a non-finite bound breaks it. */
export interface BandSeries {
  type: 'band';
  label?: string;
  x: ArrayLike<number>;
  low: ArrayLike<number>;
  high: ArrayLike<number>;
  color: string;
  /** fill opacity, 0..1 (default 0.18) */
  alpha?: number;
}

export type Series = LineSeries | BarSeries | HistogramSeries | BandSeries;

export interface Panel {
  series: readonly Series[];
  yLabel?: string;
  /** fixed y range (e.g. [0, 1] for rates); otherwise the data's range, padded */
  yDomain?: readonly [number, number];
  logY?: boolean;
  /** y values are counts: never put a tick between integers */
  integerY?: boolean;
  /** bar panels: the category under each group of bars */
  categories?: readonly string[];
  /** bar panels: a note above each group (the signed delta) */
  groupNotes?: readonly string[];
  /** relative height (or width, in a 'columns' layout) among the chart's panels (default 1) */
  weight?: number;
  /** shown in the middle of the panel when it has nothing to draw */
  emptyMessage?: string;
  /** bar panels: a dashed horizontal line at y, labelled (P(A > B) charts: 0.5, "no difference") */
  reference?: { y: number; label?: string };
}

export interface Chart {
  title?: string;
  xLabel?: string;
  panels: readonly Panel[];
  /** CSS pixels; PNG output is rasterised at 1.5× by default */
  width?: number;
  height?: number;
  /** 'rows' (default): panels stacked, sharing the x axis; 'columns': side by side, each with its own y axis */
  layout?: 'rows' | 'columns';
  /** 'inside' (default): each panel's legend where it hides the least data; 'above': one row under the title */
  legend?: 'inside' | 'above';
  /** x values are counts (steps, episodes): never put a tick between integers */
  integerX?: boolean;
  /** false draws every raw point (slow on long series; for comparisons and benchmarks). Default true */
  decimate?: boolean;
}

export const PALETTE = {
  blue: '#1d4ed8',
  magenta: '#c026d3',
  ink: '#111827',
  purple: '#7c3aed',
  green: '#16a34a',
  orange: '#ea580c',
  slate: '#64748b',
  teal: '#0f766e',
  red: '#dc2626',
  grey: '#94a3b8',
} as const;
