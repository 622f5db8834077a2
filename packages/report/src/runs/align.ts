/** One run's (x, y) rows as the statistics use them: file order, repeated x and restarts resolved. */

export interface Restart {
  /** row (0-based, among the rows with both values) where x went back */
  row: number;
  /** the x it went back to, and the x before it */
  x: number;
  previous: number;
}

export interface AlignedRun {
  x: Float64Array;
  y: Float64Array;
  /** the wall time of each kept row (seconds since the Unix epoch, NaN where not logged), when given */
  wall?: Float64Array;
  /** each time x went lower than the row before: the trainer restarted and appended */
  restarts: Restart[];
  /** rows without an x or a y value (left out) */
  missing: number;
}

/**
 * Takes rows in file order; a row missing x or y is left out. Every row of a repeated x is kept (several
 * episodes end at one step); an x lower than the one before means a restart: the later rows win from that
 * x on (every kept row with x at or above it is dropped). @evidence/sources applies this rule while
 * reading, so a run read by it has none left here.
 */
export function alignRun(xs: Float64Array, ys: Float64Array, walls?: Float64Array): AlignedRun {
  const x = new Float64Array(xs.length);
  const y = new Float64Array(xs.length);
  const wall = walls ? new Float64Array(xs.length) : undefined;
  const restarts: Restart[] = [];
  let kept = 0;
  let missing = 0;
  let row = 0;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < xs.length; i++) {
    const xi = xs[i] as number;
    const yi = ys[i] as number;
    if (Number.isNaN(xi) || Number.isNaN(yi)) {
      missing++;
      continue;
    }
    if (xi < previous) {
      restarts.push({ row, x: xi, previous });
      while (kept > 0 && (x[kept - 1] as number) >= xi) kept--;
    }
    x[kept] = xi;
    y[kept] = yi;
    if (wall) wall[kept] = walls?.[i] ?? Number.NaN;
    kept++;
    previous = xi;
    row++;
  }
  return {
    x: x.slice(0, kept),
    y: y.slice(0, kept),
    ...(wall ? { wall: wall.slice(0, kept) } : {}),
    restarts,
    missing,
  };
}
