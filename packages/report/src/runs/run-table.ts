/** One run as a table of numeric columns (what the statistics of `runs` read), from @evidence/sources. */
import { discoverRuns, type Run, runGrid, type SourceFormat } from '@evidence/sources';

export interface RunTable {
  /** the run's file or folder */
  path: string;
  format: SourceFormat;
  /** the x column (the format's default) first, then every metric; NaN where a row has no value */
  columns: Map<string, Float64Array>;
  /** per metric column, the wall time (seconds since the Unix epoch) of each row; NaN where not logged */
  wallTimes?: Map<string, Float64Array>;
  meta: Record<string, unknown>;
  issues: string[];
  /** the x and y the discovery chose for the run (its roles, whatever their spelling) */
  x?: string;
  y?: string | null;
}

/**
 * Reads one run (a file or a run folder, any layout @evidence/sources knows) as a table. Throws, naming
 * the path, when it is no run or holds no value.
 */
export async function readRunTable(path: string): Promise<RunTable> {
  const { runs, skipped } = await discoverRuns(path);
  const run = runs[0];
  if (!run || runs.length > 1)
    throw new Error(
      `${path}: ${run ? `holds ${runs.length} runs` : skipped[0] ? skipped[0].why : 'no run found'}; expected one run`,
    );
  return runTable(run);
}

/**
 * A run as the table the statistics read: its x column and every metric, row by row, with each value's
 * wall time in the same rows so the page can draw x as time (sources' runGrid, one pass).
 */
export function runTable(run: Run): RunTable {
  const { columns, wallTimes } = runGrid(run);
  // a table without an x column of its own: its rows, without the counter the reader added
  if (run.x === 'row') columns.delete('row');
  return {
    path: run.path,
    format: run.format,
    columns,
    ...(wallTimes ? { wallTimes } : {}),
    meta: run.meta,
    issues: run.issues,
    ...(run.x === 'row' ? {} : { x: run.x }),
    y: run.y,
  };
}
