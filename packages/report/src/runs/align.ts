/** One run's (x, y) rows as the statistics use them: file order, repeated x and restarts resolved. */
import { resolveRestarts } from '@evidence/sources';

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
 * episodes end at one step); an x lower than the one before means a restart, resolved by
 * @evidence/sources' one rule (`resolveRestarts`: the later rows win from that x on). A run read by
 * sources has its restarts on its default x resolved already; this applies the same rule to the x asked
 * for, and to runs a library user built in memory.
 */
export function alignRun(xs: Float64Array, ys: Float64Array, walls?: Float64Array): AlignedRun {
  // the rows with both values, in file order
  const both = new Int32Array(xs.length);
  let n = 0;
  for (let i = 0; i < xs.length; i++)
    if (!Number.isNaN(xs[i] as number) && !Number.isNaN(ys[i] as number)) both[n++] = i;
  const bx = new Float64Array(n);
  for (let k = 0; k < n; k++) bx[k] = xs[both[k] as number] as number;
  const { kept, stepBacks } = resolveRestarts(bx);
  const x = new Float64Array(kept.length);
  const y = new Float64Array(kept.length);
  const wall = walls ? new Float64Array(kept.length) : undefined;
  for (let i = 0; i < kept.length; i++) {
    const k = kept[i] as number;
    const row = both[k] as number;
    x[i] = bx[k] as number;
    y[i] = ys[row] as number;
    if (wall) wall[i] = walls?.[row] ?? Number.NaN;
  }
  return {
    x,
    y,
    ...(wall ? { wall } : {}),
    restarts: stepBacks.map(({ row, step, previous }) => ({ row, x: step, previous })),
    missing: xs.length - n,
  };
}
