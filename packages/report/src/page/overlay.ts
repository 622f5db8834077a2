// One metric across many runs as the page embeds it (EmbeddedOverlay): each run reduced per pixel
// column to the points that keep its shape, within a byte budget however many runs there are, and the
// groups' aggregates with their bands. The full series stay in the files the caption links.
import { createHash } from 'node:crypto';
import { pushAll } from '@evidence/node-kit';
import type { EmbeddedOverlay, OverlayGroup, OverlayRun } from './chart-types.js';
import { extent, roundToSpan } from './round-to-span.js';

export interface OverlayInputRun {
  name: string;
  group: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  /** wall time of each row in seconds, when logged */
  wall?: ArrayLike<number> | null;
}

export interface OverlayInputGroup {
  name: string;
  color: string;
  runs: number;
  x: ArrayLike<number>;
  center: ArrayLike<number>;
  low: ArrayLike<number>;
  high: ArrayLike<number>;
}

export interface OverlayInput {
  title: string;
  metric: string;
  xLabel: string;
  /** the aggregate ('mean', 'IQM') and its band ('95% bootstrap band') */
  statistic: string;
  band: string;
  runs: readonly OverlayInputRun[];
  groups: readonly OverlayInputGroup[];
}

/**
 * Points embedded per chart, over all its runs: under 2 MB of JSON with values as logged (every digit)
 * and wall times as milliseconds from each run's first (2.3 MB with 17-digit values). A run gets the pixel columns its share allows (at most 1,500, at least 32), four points each at most
 * (first, lowest, highest, last, as uPlot's and TensorBoard's samplers keep a line's shape).
 */
export const OVERLAY_POINT_BUDGET = 64_000;
const MAX_COLUMNS = 1500;
const MIN_COLUMNS = 32;

/** Pixel columns per run for `runs` runs within the budget. */
export const overlayColumns = (runs: number, budget = OVERLAY_POINT_BUDGET): number =>
  Math.max(MIN_COLUMNS, Math.min(MAX_COLUMNS, Math.floor(budget / Math.max(1, runs) / 4)));

/**
 * Indices of the points kept of (x, y) on columns of `width` from `x0`: per column the first, lowest,
 * highest and last, in their order; -1 marks a break (a non-finite y between finite ones).
 */
export function columnIndices(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  x0: number,
  width: number,
): number[] {
  const kept: number[] = [];
  let column = Number.NaN;
  let first = -1;
  let lo = -1;
  let hi = -1;
  let last = -1;
  const flush = (): void => {
    if (first < 0) return;
    const points = [...new Set([first, lo, hi, last])].sort((a, b) => a - b);
    pushAll(kept, points);
    first = -1;
  };
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const xi = x[i] as number;
    const yi = y[i] as number;
    if (!Number.isFinite(xi)) continue;
    if (!Number.isFinite(yi)) {
      flush();
      if (kept.length && kept[kept.length - 1] !== -1) kept.push(-1);
      continue;
    }
    const c = Math.floor((xi - x0) / width);
    if (first >= 0 && c === column) {
      if (yi < (y[lo] as number)) lo = i;
      if (yi > (y[hi] as number)) hi = i;
      last = i;
      continue;
    }
    flush();
    column = c;
    first = lo = hi = last = i;
  }
  flush();
  if (kept[kept.length - 1] === -1) kept.pop();
  return kept;
}

function xExtent(runs: readonly OverlayInputRun[]): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const run of runs)
    for (let i = 0; i < run.x.length; i++) {
      const v = run.x[i] as number;
      if (!Number.isFinite(v) || !Number.isFinite(run.y[i] as number)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  return lo <= hi ? [lo, hi] : [0, 1];
}

/** (x, y) with ascending x, as uPlot needs: sorted (stable) when a run's x goes back. */
function ascending(run: OverlayRun): OverlayRun {
  let sorted = true;
  for (let i = 1; i < run.x.length; i++) if ((run.x[i] as number) < (run.x[i - 1] as number)) sorted = false;
  if (sorted) return run;
  const order = [...run.x.keys()].sort((a, b) => (run.x[a] as number) - (run.x[b] as number) || a - b);
  return {
    ...run,
    x: order.map((i) => run.x[i] as number),
    y: order.map((i) => run.y[i] ?? null),
    wall: run.wall ? order.map((i) => run.wall?.[i] ?? null) : null,
  };
}

function embedRun(run: OverlayInputRun, x0: number, width: number): OverlayRun {
  const indices = columnIndices(run.x, run.y, x0, width);
  const x: number[] = [];
  const y: (number | null)[] = [];
  const wall: (number | null)[] = [];
  let points = 0;
  for (let i = 0; i < run.y.length; i++) if (Number.isFinite(run.y[i] as number)) points++;
  indices.forEach((index, k) => {
    if (index >= 0) {
      x.push(run.x[index] as number);
      y.push(run.y[index] as number);
      const w = run.wall?.[index];
      wall.push(w !== undefined && Number.isFinite(w) ? w : null);
      return;
    }
    // a break sits between its neighbours' x, so the line is cut there and nowhere else
    const before = run.x[indices[k - 1] as number] as number;
    const after = run.x[indices[k + 1] as number] as number;
    if (!(after > before)) return;
    x.push(before + (after - before) / 2);
    y.push(null);
    wall.push(null);
  });
  return ascending({
    name: run.name,
    group: run.group,
    x,
    y,
    ...wallOffsets(run.wall ? wall : null),
    points,
  });
}

/** Wall times as the first one and milliseconds after it: 7 digits a point instead of 17 of Unix time. */
function wallOffsets(wall: (number | null)[] | null): Pick<OverlayRun, 'wall' | 'wallStart'> {
  const start = wall?.find((w) => w !== null) ?? null;
  if (wall === null || start === null) return { wallStart: null, wall: null };
  return {
    wallStart: start,
    wall: wall.map((w) => (w === null ? null : Math.round((w - start) * 1000) / 1000)),
  };
}

const finiteOrNull = (values: ArrayLike<number>, round: (v: number) => number): (number | null)[] =>
  Array.from(values, (v) => (Number.isFinite(v) ? round(v) : null));

/** The groups' aggregates, x and values each rounded to a millionth of their range on the chart. */
function embedGroups(groups: readonly OverlayInputGroup[]): OverlayGroup[] {
  const span = (e: [number, number] | null) => (e ? e[1] - e[0] : Number.NaN);
  const atX = roundToSpan(span(extent(groups.map((g) => g.x))));
  const atY = roundToSpan(span(extent(groups.flatMap((g) => [g.center, g.low, g.high]))));
  return groups.map((g) => ({
    name: g.name,
    color: g.color,
    runs: g.runs,
    x: Array.from(g.x, atX),
    center: finiteOrNull(g.center, atY),
    low: finiteOrNull(g.low, atY),
    high: finiteOrNull(g.high, atY),
  }));
}

/** The overlay as the page embeds it, each run decimated to its share of the point budget. */
export function embedOverlay(input: OverlayInput, options: { budget?: number } = {}): EmbeddedOverlay {
  const [x0, x1] = xExtent(input.runs);
  const columns = overlayColumns(input.runs.length, options.budget);
  const width = x1 > x0 ? (x1 - x0) / columns : 1;
  const runs = input.runs.map((run) => embedRun(run, x0, width));
  const groups = embedGroups(input.groups);
  const positive =
    runs.length > 0 &&
    runs.every((r) => r.y.every((v) => v === null || v > 0)) &&
    groups.every((g) => g.low.every((v) => v === null || v > 0));
  const body: Omit<EmbeddedOverlay, 'version'> = {
    kind: 'overlay',
    title: input.title,
    metric: input.metric,
    xLabel: input.xLabel,
    statistic: input.statistic,
    band: input.band,
    positive,
    runs,
    groups,
  };
  const version = createHash('sha1').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  return { version, ...body };
}
