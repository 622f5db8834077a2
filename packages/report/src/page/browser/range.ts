// Axis ranges that never fail: uPlot's splits need a finite, non-empty span (and a positive one on a
// log scale), whatever the reader has hidden.

/** Where the x axis spans: as logged, widened around a lone point, [0, 1] with nothing to show. */
export function xSpan(min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  return min === max ? [min - 1, max + 1] : [min, max];
}

/**
 * The lowest and highest finite value of `columns` (each aligned with `x`) at x within [lo, hi] (null:
 * unbounded); on a log scale only positive values count. Null when there is none.
 */
export function valueExtent(
  x: ArrayLike<number>,
  columns: readonly ArrayLike<number | null | undefined>[],
  lo: number | null,
  hi: number | null,
  log: boolean,
): [number, number] | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const ys of columns)
    for (let i = 0; i < x.length; i++) {
      const xi = x[i] as number;
      const v = ys[i];
      if ((lo !== null && xi < lo) || (hi !== null && xi > hi)) continue;
      if (v === null || v === undefined || !Number.isFinite(v) || (log && !(v > 0))) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  return min <= max ? [min, max] : null;
}

/** Combines two extents (either may be null). */
export function union(a: [number, number] | null, b: [number, number] | null): [number, number] | null {
  if (!a) return b;
  if (!b) return a;
  return [Math.min(a[0], b[0]), Math.max(a[1], b[1])];
}
