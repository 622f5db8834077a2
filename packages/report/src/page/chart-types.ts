// The data a page embeds for its charts (JSON in a <script type="application/json">), as the Node side
// writes it and the page script reads it.

/** One series as the page gets it: its own ascending x and its y; a null y marks a break in the line. */
export interface EmbeddedSeries {
  label: string;
  /** the series' colour; `stroke` is it with the series' alpha (a faint raw series under its average) */
  color: string;
  stroke: string;
  width: number;
  dash: number[] | null;
  x: number[];
  y: (number | null)[];
  /** points read before decimation (finite ones) */
  points: number;
}

export interface EmbeddedPanel {
  yLabel: string;
  /** a fixed y range (rates on [0, 1]) */
  yDomain: [number, number] | null;
  /** every value is > 0, so a log scale can show the whole series */
  positive: boolean;
  emptyMessage: string;
  series: EmbeddedSeries[];
}

export interface EmbeddedChart {
  /** a hash of the rest: an open page redraws a chart when the live data brings another version */
  version: string;
  title: string;
  xLabel: string;
  integerX: boolean;
  panels: EmbeddedPanel[];
}

/** One run's line in an overlay: decimated, with the wall time of each kept point when it was logged. */
export interface OverlayRun {
  name: string;
  group: string;
  x: number[];
  /** wall time of the first kept point that has one (Unix time or seconds, as logged); null without wall time */
  wallStart: number | null;
  /**
   * seconds since `wallStart` of each kept point, aligned with `x`, to the millisecond (the page places
   * wall time on 800 columns; 17 digits of Unix time per point would weigh as much as the values);
   * null where not logged, and null without wall time
   */
  wall: (number | null)[] | null;
  y: (number | null)[];
  /** finite points logged, before decimation */
  points: number;
}

/** A group's aggregate over its runs on a common x grid, with its interval. */
export interface OverlayGroup {
  name: string;
  color: string;
  runs: number;
  x: number[];
  center: (number | null)[];
  low: (number | null)[];
  high: (number | null)[];
}

/** One metric (a TensorBoard tag) across runs: a line per run, coloured by group, and the groups' aggregates. */
export interface EmbeddedOverlay {
  version: string;
  kind: 'overlay';
  title: string;
  /** the metric, matched by the page's tag filter */
  metric: string;
  xLabel: string;
  /** what the aggregate is: 'mean' or 'IQM', and its band ('95% bootstrap interval') */
  statistic: string;
  band: string;
  /** every value is > 0, so a log scale can show it */
  positive: boolean;
  runs: OverlayRun[];
  groups: OverlayGroup[];
}
