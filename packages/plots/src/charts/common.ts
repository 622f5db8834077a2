import { basename as pathBasename } from 'node:path';
import { listSome } from '@evidence/node-kit';
import type { Series } from '../chart.js';
import type { Columns } from '../data.js';

export const basename = (path: string) => pathBasename(path);

/** 0, 1, 2, … for logs without a step column. */
export function indexColumn(n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(' or ');

/** Why a panel drawn from `columns` is empty: no rows yet, no such column, or no values in it. */
export function missingMessage(cols: Columns, columns: readonly string[]): string {
  const file = basename(cols.path);
  if (cols.rowCount === 0) return `no data: ${file} has no rows yet`;
  if (!columns.some((c) => cols.header.includes(c)))
    return `no data: ${file} has no column ${quoted(columns)}`;
  return `no data: ${file} has no values in ${quoted(columns)}`;
}

/**
 * A log with a header but none of the columns a chart draws is the wrong file or a renamed schema:
 * fail naming the file and the columns, never draw a chart that is empty for no stated reason. (A log
 * with no rows yet, or no header at all, still gets its "no data" chart.)
 */
export function requireAnyColumn(cols: Columns, columns: readonly string[], chart: string): void {
  if (cols.header.length === 0 || columns.some((c) => cols.header.includes(c))) return;
  throw new Error(
    `${cols.path}: no column ${quoted(columns)} to draw the ${chart} from (its columns: ${listSome(cols.header)})`,
  );
}

export function hasFinite(a: ArrayLike<number> | null | undefined): a is ArrayLike<number> {
  if (!a) return false;
  for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i] as number)) return true;
  return false;
}

/**
 * The panels that have something to draw: a panel whose every series is missing (no shaping reward on a
 * task without shaping) is left out. When none has data, all stay, each saying why it is empty.
 */
export function panelsWithData<P extends { series: readonly unknown[] }>(panels: readonly P[]): P[] {
  const withData = panels.filter((panel) => panel.series.length > 0);
  return withData.length > 0 ? withData : [...panels];
}

/** A log with rows but no value in any column a chart draws: there is nothing to draw, so no chart. */
export class NoDataError extends Error {
  override name = 'NoDataError';
}

/**
 * Throws NoDataError when the log has rows but none of `panels` has a finite value to draw (every
 * series missing): such a chart would be an empty frame. A log with no rows yet still gets its
 * "no data" chart, for live views that fill in.
 */
export function requireSomeData(
  cols: Columns,
  panels: readonly { series: readonly Series[] }[],
  columns: readonly string[],
): void {
  if (cols.rowCount === 0) return;
  if (panels.some((panel) => panel.series.some((series) => series.type !== 'line' || hasFinite(series.y))))
    return;
  throw new NoDataError(`${basename(cols.path)} has no values in ${quoted(columns)}`);
}
