/**
 * Every run's series in long form (group, task, run, source, metric, step, wall_time, value): the shape
 * DuckDB, Polars, pandas and Spark take, so a sweep that outgrows one machine moves to them.
 */
import { rename, rm } from 'node:fs/promises';
import { openTempBeside } from '@evidence/node-kit';
import { csvField, formatFloat32, formatNumber } from './cells.js';
import type { Run } from './model.js';

export const EXPORT_COLUMNS = [
  'group',
  'task',
  'run',
  'source',
  'metric',
  'step',
  'wall_time',
  'value',
] as const;

/** The file a series came from, relative to the discovery root. */
function sourceOf(run: Run, source: string): string {
  const id = run.id.replace(/#.*$/, '');
  if (source === '' || id.endsWith(source)) return id;
  return id === '.' ? source : `${id}/${source}`;
}

/** How many rows the long form of these runs has. */
export function exportRowCount(runs: readonly Run[]): number {
  return runs.reduce((n, run) => n + run.series.reduce((m, s) => m + s.values.length, 0), 0);
}

/**
 * Writes the runs as a long-form CSV (RFC 4180; numbers as the shortest text that reads back, float32
 * values as logged; an empty wall_time where the source has none) to a temp file beside `out`, renamed
 * into place when complete.
 */
export async function exportCsv(runs: readonly Run[], out: string): Promise<number> {
  const { path: temp, handle } = await openTempBeside(out);
  let rows = 0;
  try {
    let chunk = `${EXPORT_COLUMNS.join(',')}\n`;
    for (const run of runs) {
      const identity = `${csvField(run.group)},${csvField(run.task)},${csvField(run.run)}`;
      for (const series of run.series) {
        const prefix = `${identity},${csvField(sourceOf(run, series.source))},${csvField(series.metric)},`;
        const format = series.float32 ? formatFloat32 : formatNumber;
        for (let i = 0; i < series.values.length; i++) {
          const wall = series.wallTimes[i] as number;
          chunk += `${prefix}${formatNumber(series.steps[i] as number)},${Number.isNaN(wall) ? '' : formatNumber(wall)},${format(series.values[i] as number)}\n`;
          rows++;
          if (chunk.length > 1 << 20) {
            await handle.write(chunk);
            chunk = '';
          }
        }
      }
    }
    await handle.write(chunk);
    await handle.sync();
    await handle.close();
    await rename(temp, out);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temp, { force: true });
    throw error;
  }
  return rows;
}

/**
 * Writes the runs as Parquet through hyparquet-writer: text columns as UTF-8 strings, step, wall_time
 * and value as DOUBLE (wall_time null where the source has none). Temp file, then rename.
 */
export async function exportParquet(runs: readonly Run[], out: string): Promise<number> {
  const n = exportRowCount(runs);
  const text = { group: new Array<string>(n), task: new Array<string>(n), run: new Array<string>(n) };
  const source = new Array<string>(n);
  const metric = new Array<string>(n);
  const step = new Float64Array(n);
  const wall = new Array<number | null>(n);
  const value = new Float64Array(n);
  let row = 0;
  for (const r of runs) {
    for (const series of r.series) {
      const file = sourceOf(r, series.source);
      for (let i = 0; i < series.values.length; i++, row++) {
        text.group[row] = r.group;
        text.task[row] = r.task;
        text.run[row] = r.run;
        source[row] = file;
        metric[row] = series.metric;
        step[row] = series.steps[i] as number;
        const w = series.wallTimes[i] as number;
        wall[row] = Number.isNaN(w) ? null : w;
        value[row] = series.values[i] as number;
      }
    }
  }
  const { parquetWriteBuffer } = await import('hyparquet-writer');
  const buffer = parquetWriteBuffer({
    columnData: [
      { name: 'group', data: text.group, type: 'STRING' },
      { name: 'task', data: text.task, type: 'STRING' },
      { name: 'run', data: text.run, type: 'STRING' },
      { name: 'source', data: source, type: 'STRING' },
      { name: 'metric', data: metric, type: 'STRING' },
      { name: 'step', data: step, type: 'DOUBLE' },
      { name: 'wall_time', data: wall, type: 'DOUBLE' },
      { name: 'value', data: value, type: 'DOUBLE' },
    ],
  });
  const { path: temp, handle } = await openTempBeside(out);
  try {
    await handle.write(new Uint8Array(buffer));
    await handle.sync();
    await handle.close();
    await rename(temp, out);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temp, { force: true });
    throw error;
  }
  return n;
}
