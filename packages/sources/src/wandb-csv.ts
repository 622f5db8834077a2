import type { RunTable } from './run-table.js';

/** One run of a W&B panel export: its metric column and, when exported, the min/max band around it. */
export interface WandbSeries {
  /** The export's x column (`Step`, `global_step`, `_step`, `Wall time`…): the one column not `<run> - <metric>`. */
  x: string;
  run: string;
  metric: string;
  column: string;
  min?: string;
  max?: string;
}

// `<run> - <metric>`: the metric after the last ` - ` (a run or group name may hold one)
const SERIES = / - ((?:(?! - ).)+)$/;
const BAND = /__(MIN|MAX)$/;

/**
 * The series of a W&B panel export header (its x column, whatever W&B named it: `Step`, `global_step`,
 * `_step`; then `<run> - <metric>` with optional `<run> - <metric>__MIN` / `__MAX`), or null when the
 * header is not one: exactly one column that is not `<run> - <metric>`, and at least one that is.
 */
export function wandbSeries(header: readonly string[]): WandbSeries[] | null {
  if (header.length < 2) return null;
  const others = header.filter((name) => !SERIES.exec(name.replace(BAND, '')));
  if (others.length !== 1) return null;
  const x = others[0] as string;
  const series = new Map<string, WandbSeries>();
  for (const name of header) {
    if (name === x) continue;
    const band = BAND.exec(name);
    const base = band ? name.slice(0, -band[0].length) : name;
    const match = SERIES.exec(base) as RegExpExecArray;
    const run = base.slice(0, match.index);
    const entry = series.get(base) ?? { x, run, metric: match[1] as string, column: base };
    if (band?.[1] === 'MIN') entry.min = name;
    else if (band?.[1] === 'MAX') entry.max = name;
    series.set(base, entry);
  }
  return [...series.values()];
}

/**
 * One table per run of a W&B export, with columns `step`, `<metric>` and, when exported,
 * `<metric>__MIN` / `<metric>__MAX`; rows where the run has no value are dropped.
 */
export function splitWandbRuns(table: RunTable): RunTable[] {
  const series = (table.meta.wandb ?? []) as WandbSeries[];
  const step = table.columns.get(series[0]?.x ?? 'Step');
  if (!step) return [];
  const byRun = new Map<string, WandbSeries[]>();
  for (const entry of series) byRun.set(entry.run, [...(byRun.get(entry.run) ?? []), entry]);
  const tables: RunTable[] = [];
  for (const [run, entries] of byRun) {
    const picks: [string, Float64Array][] = [[series[0]?.x ?? 'Step', step]];
    for (const entry of entries) {
      for (const [name, source] of [
        [entry.metric, entry.column],
        [`${entry.metric}__MIN`, entry.min],
        [`${entry.metric}__MAX`, entry.max],
      ] as const) {
        const column = source === undefined ? undefined : table.columns.get(source);
        if (column) picks.push([name, column]);
      }
    }
    const valueColumns = picks.slice(1).map(([, column]) => column);
    const keep: number[] = [];
    for (let row = 0; row < step.length; row++) {
      if (valueColumns.some((column) => !Number.isNaN(column[row] as number))) keep.push(row);
    }
    const columns = new Map<string, Float64Array>();
    for (const [name, column] of picks)
      columns.set(
        name,
        Float64Array.from(keep, (row) => column[row] as number),
      );
    tables.push({ path: table.path, format: 'wandb-csv', columns, meta: { run }, issues: [] });
  }
  return tables;
}
