/** Row-aligned tables (a CSV's columns share one x) as series, with TensorBoard's step-back rule. */
import type { Restart, Series } from './model.js';

export interface TableSeriesOptions {
  /** The column whose values are the steps (the format's default x). */
  x: string;
  /** The file, relative to the run's path, named in each series and restart. */
  source: string;
  /** Seconds since the epoch of each row, when the format has them. */
  wallTimes?: Float64Array;
  /** The file's line of each row (1-based), to name where a restart happened. */
  lines?: ArrayLike<number>;
}

/**
 * Every column of a table as one series over the x column: one point per row where both have a value
 * (an empty or `nan` cell is no point). Rows are taken in file order; a step lower than the one before
 * is a restart: every earlier row at or after that step is purged (TensorBoard's rule), and said.
 * Columns with a value on every kept row share one `steps`, `wallTimes` and `rows` array (read-only, as
 * every series is): a table of k metrics holds its x once, not k times.
 */
export function tableSeries(
  columns: Map<string, Float64Array>,
  options: TableSeriesOptions,
): { series: Series[]; restarts: Restart[]; missingX: number } {
  const xs = columns.get(options.x);
  if (!xs) return { series: [], restarts: [], missingX: 0 };
  const { kept, restarts, missingX } = keptRows(xs, options);
  // every row kept (no restart, no row without an x): the columns are the series' arrays as they are
  const everyRow = kept.length === xs.length;
  const take = (from: Float64Array) => (everyRow ? from : gather(from, kept));
  const shared = {
    steps: take(xs),
    wallTimes: options.wallTimes ? take(options.wallTimes) : nanArray(kept.length),
    rows: Uint32Array.from(kept),
  };
  const series: Series[] = [];
  for (const [metric, column] of columns) {
    if (metric === options.x) continue;
    let count = 0;
    for (const row of kept) if (!Number.isNaN(column[row] as number)) count++;
    if (count === kept.length) {
      series.push({ metric, source: options.source, ...shared, values: take(column) });
      continue;
    }
    const out = {
      metric,
      source: options.source,
      steps: new Float64Array(count),
      wallTimes: new Float64Array(count),
      values: new Float64Array(count),
      rows: new Uint32Array(count),
    };
    let i = 0;
    for (let k = 0; k < kept.length; k++) {
      const row = kept[k] as number;
      const value = column[row] as number;
      if (Number.isNaN(value)) continue;
      out.steps[i] = shared.steps[k] as number;
      out.wallTimes[i] = shared.wallTimes[k] as number;
      out.values[i] = value;
      out.rows[i] = row;
      i++;
    }
    series.push(out);
  }
  return { series, restarts, missingX };
}

/**
 * The wall times of a table that has none: one NaN array per length, shared by every such table while any
 * series holds it (2,000 runs of 2,500 rows: one array, not 2,000). Read-only, like every series array.
 */
const nanArrays = new Map<number, WeakRef<Float64Array>>();
const forget = new FinalizationRegistry<number>((length) => {
  if (nanArrays.get(length)?.deref() === undefined) nanArrays.delete(length);
});
function nanArray(length: number): Float64Array {
  const found = nanArrays.get(length)?.deref();
  if (found) return found;
  const made = new Float64Array(length).fill(Number.NaN);
  nanArrays.set(length, new WeakRef(made));
  forget.register(made, length);
  return made;
}

/** `from` at the given rows (a plain loop: Float64Array.from with a mapping function is several times slower). */
function gather(from: Float64Array, rows: readonly number[]): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = from[rows[i] as number] as number;
  return out;
}

/** Where x went back: the row (the index in the x's given), the x it went back to and the x before it. */
export interface StepBack {
  row: number;
  step: number;
  previous: number;
  /** earlier rows dropped: those at or after `step` */
  purged: number;
}

/**
 * The restart rule (TensorBoard's), the one place it is written: rows in file order, a row without an x
 * (NaN) left out; an x lower than the one before is a restart, and every earlier kept row at or after
 * that x is purged, so the later rows win. `kept` are the indices of the rows that stay, in order.
 */
export function resolveRestarts(xs: ArrayLike<number>): {
  kept: number[];
  stepBacks: StepBack[];
  missingX: number;
} {
  const kept: number[] = [];
  const stepBacks: StepBack[] = [];
  let missingX = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < xs.length; row++) {
    const x = xs[row] as number;
    if (Number.isNaN(x)) {
      missingX++;
      continue;
    }
    if (x < last) {
      let purged = 0;
      while (kept.length > 0 && (xs[kept[kept.length - 1] as number] as number) >= x) {
        kept.pop();
        purged++;
      }
      stepBacks.push({ row, step: x, previous: last, purged });
    }
    kept.push(row);
    last = x;
  }
  return { kept, stepBacks, missingX };
}

/** The rows that stay, with each restart said as the reader's `Restart` (its file and line). */
function keptRows(
  xs: Float64Array,
  options: TableSeriesOptions,
): { kept: number[]; restarts: Restart[]; missingX: number } {
  const { kept, stepBacks, missingX } = resolveRestarts(xs);
  const restarts = stepBacks.map(({ row, step, previous, purged }) => {
    const restart: Restart = { file: options.source, step, previous, purged, kind: 'step-back' };
    const line = options.lines?.[row];
    if (line !== undefined) restart.line = line;
    return restart;
  });
  return { kept, restarts, missingX };
}
