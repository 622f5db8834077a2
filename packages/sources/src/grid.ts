/** A run's series side by side, for what is drawn or printed as a table (`table`, `plot --y`, `runs`). */
import type { Run, Series } from './model.js';

/** A run's columns and, when it logged any, the wall time of each value in the same rows. */
export interface RunGrid {
  columns: Map<string, Float64Array>;
  /** per column, the wall time (seconds since the Unix epoch) of each row's value; NaN where none */
  wallTimes?: Map<string, Float64Array>;
}

/**
 * The run as columns of equal length: the x (`run.x`, the series' steps) first, then every metric.
 * Series of one file keep that file's rows (so `--x episode --y r` pairs a monitor file row by row);
 * otherwise a row is a step and its k-th value of each metric, so every value at a repeated step has its
 * own row and none is lost. NaN where a metric has no value in a row. A metric named like the x column
 * is renamed `<name> (metric)`; the same metric from two files gets ` (<file>)` after the second.
 */
export function runColumns(run: Run): Map<string, Float64Array> {
  return runGrid(run, false).columns;
}

/**
 * `runColumns` and, in the same rows (one pass over the row keys), each value's wall time: what a chart
 * needs to draw x as time. `wallTimes` is left out when no series logged one (`withWallTimes` false too).
 */
export function runGrid(run: Run, withWallTimes = true): RunGrid {
  // every series on every row of one table: its arrays are the columns already (read-only, as every
  // series array), nothing to place
  const dense = denseRows(run.series);
  const rowsOf = dense
    ? null
    : sameRows(run.series)
      ? rowKeysFromRows(run.series)
      : rowKeysFromSteps(run.series);
  const x = rowsOf ? rowsOf.steps : (run.series[0] as Series).steps;
  const timed = withWallTimes && run.series.some((s) => s.wallTimes.some(Number.isFinite));
  const columns = new Map<string, Float64Array>([[run.x, x]]);
  const wallTimes = timed ? new Map<string, Float64Array>([[run.x, x]]) : undefined;
  run.series.forEach((series, s) => {
    let name = series.metric === run.x ? `${series.metric} (metric)` : series.metric;
    if (columns.has(name)) name = `${name} (${series.source})`;
    const rows = rowsOf?.index[s] as Int32Array;
    columns.set(name, rowsOf ? scatter(series.values, rows, x.length) : series.values);
    wallTimes?.set(name, rowsOf ? scatter(series.wallTimes, rows, x.length) : series.wallTimes);
  });
  return wallTimes ? { columns, wallTimes } : { columns };
}

/** Every series shares one rows array, and it is 0, 1, … n − 1: the table's every row, in order. */
function denseRows(series: readonly Series[]): boolean {
  const rows = series[0]?.rows;
  if (!rows || !series.every((s) => s.rows === rows)) return false;
  for (let i = 0; i < rows.length; i++) if (rows[i] !== i) return false;
  return true;
}

/** `values` placed at their rows of a column `length` long; NaN elsewhere. */
function scatter(values: ArrayLike<number>, rows: Int32Array, length: number): Float64Array {
  const column = new Float64Array(length).fill(Number.NaN);
  for (let i = 0; i < values.length; i++) column[rows[i] as number] = values[i] as number;
  return column;
}

interface RowKey {
  step: number;
  /** file row, or occurrence of the step */
  k: number;
}

/** Every series came from one file's rows. */
function sameRows(series: readonly Series[]): boolean {
  const first = series[0];
  return first !== undefined && series.every((s) => s.rows !== undefined && s.source === first.source);
}

function rowKeysFromRows(series: readonly Series[]): { steps: Float64Array; index: Int32Array[] } {
  // file rows index dense arrays: one pass over the points, then one over the rows (no map, no sort)
  let rows = 0;
  for (const s of series) {
    const fileRows = s.rows as Uint32Array;
    for (let i = 0; i < fileRows.length; i++)
      if ((fileRows[i] as number) >= rows) rows = (fileRows[i] as number) + 1;
  }
  const stepOfRow = new Float64Array(rows);
  const rowOf = new Int32Array(rows).fill(-1);
  for (const s of series)
    for (let i = 0; i < s.values.length; i++) {
      const fileRow = (s.rows as Uint32Array)[i] as number;
      stepOfRow[fileRow] = s.steps[i] as number;
      rowOf[fileRow] = 0;
    }
  let kept = 0;
  for (let fileRow = 0; fileRow < rows; fileRow++) if (rowOf[fileRow] === 0) rowOf[fileRow] = kept++;
  const steps = new Float64Array(kept);
  for (let fileRow = 0; fileRow < rows; fileRow++)
    if ((rowOf[fileRow] as number) >= 0) steps[rowOf[fileRow] as number] = stepOfRow[fileRow] as number;
  // series of one table share their rows array: its index is computed once
  const indexOf = new Map<Uint32Array, Int32Array>();
  const index = series.map((s) => {
    const fileRows = s.rows as Uint32Array;
    let found = indexOf.get(fileRows);
    if (!found) {
      found = new Int32Array(fileRows.length);
      for (let i = 0; i < fileRows.length; i++) found[i] = rowOf[fileRows[i] as number] as number;
      indexOf.set(fileRows, found);
    }
    return found;
  });
  return { steps, index };
}

function rowKeysFromSteps(series: readonly Series[]): { steps: Float64Array; index: Int32Array[] } {
  // the k-th value of a step in each series shares a row with the k-th value of that step in the others
  const keys = new Map<string, RowKey>();
  const pointKeys = series.map((s) => {
    const seen = new Map<number, number>();
    return Array.from(s.steps, (step) => {
      const k = seen.get(step) ?? 0;
      seen.set(step, k + 1);
      const id = `${step}:${k}`;
      if (!keys.has(id)) keys.set(id, { step, k });
      return id;
    });
  });
  const order = [...keys.values()].sort((a, b) => a.step - b.step || a.k - b.k);
  const rowOf = new Map(order.map((key, row) => [`${key.step}:${key.k}`, row]));
  return {
    steps: Float64Array.from(order, (key) => key.step),
    index: pointKeys.map((ids) => Int32Array.from(ids, (id) => rowOf.get(id) as number)),
  };
}
