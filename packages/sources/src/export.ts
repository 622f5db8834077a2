/**
 * Every run's series in long form (group, task, run, run_id, source, metric, step, wall_time, value, then
 * one column per configuration key): the shape DuckDB, Polars, pandas and Spark take, so a sweep that
 * outgrows one machine moves to them. Both writers stream: memory holds one chunk (CSV) or one row group
 * (Parquet) of the output, never the whole file.
 */
import { rename, rm } from 'node:fs/promises';
import { openTempBeside } from '@evidence/node-kit';
import { csvField, formatFloat32, formatNumber } from './cells.js';
import { type ConfigColumn, configColumnsOf, EXPORT_COLUMNS, runKeys, sourceOf } from './export-columns.js';
import { withWallClock } from './export-wall.js';
import type { Run, Series } from './model.js';
import {
  type Cell,
  type ChunkData,
  type ParquetColumn,
  parquetStream,
  type RepeatedData,
} from './parquet-stream.js';

/**
 * Rows per Parquet row group: 32,768 gives readers row groups to skip by step or value; 122,880 (DuckDB's)
 * was no faster to write and added 20 MB of peak memory to an export of 8M values (measured).
 */
const ROW_GROUP = 32_768;
/** Characters of CSV text gathered before a write (64 K: a 1 M chunk outlives young-generation GCs, +140 MB peak on 8M rows). */
const CSV_CHUNK = 1 << 16;

export interface ExportResult {
  /** Rows written (one per logged value). */
  rows: number;
  /** Distinct metric names written. */
  metrics: number;
  /** Names of the configuration columns after the long-form ones. */
  config: string[];
  /** Configuration keys not made columns (past CONFIG_COLUMNS_MAX): say so. */
  configLeftOut: number;
}

/**
 * Runs to export without holding every run's series: `runs` give the identities and configuration (the
 * columns are known before the first row), `withSeries()` the same runs with their series, one at a
 * time, in that order (sources' withSeries of a discovery made with `metrics: []`).
 */
export interface ExportRuns {
  runs: readonly Run[];
  withSeries(): AsyncIterable<Run>;
}

function exportRuns(input: readonly Run[] | ExportRuns): ExportRuns {
  if (!Array.isArray(input)) return input as ExportRuns;
  const runs = input as readonly Run[];
  return {
    runs,
    async *withSeries() {
      yield* runs;
    },
  };
}

/** Each run with its series (wall times from its clock column where the format has none), checked to be the run of `runs` at its index. */
async function* inOrder(input: ExportRuns): AsyncGenerator<[number, Run]> {
  let r = 0;
  for await (const run of input.withSeries()) {
    if (run.id !== input.runs[r]?.id)
      throw new Error(`export: run ${r + 1} read as ${run.id}, expected ${input.runs[r]?.id}`);
    yield [r++, withWallClock(run)];
  }
  if (r !== input.runs.length) throw new Error(`export: ${r} of ${input.runs.length} runs read`);
}

/** How many rows the long form of these runs has. */
export function exportRowCount(runs: readonly Run[]): number {
  return runs.reduce((n, run) => n + run.series.reduce((m, s) => m + s.values.length, 0), 0);
}

/** Writes through a temp file beside `out`, renamed into place once complete; removed on failure. */
async function writeBeside(
  out: string,
  write: (handle: import('node:fs/promises').FileHandle) => Promise<void>,
) {
  const { path: temp, handle } = await openTempBeside(out);
  try {
    await write(handle);
    await handle.sync();
    await handle.close();
    await rename(temp, out);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temp, { force: true });
    throw error;
  }
}

function configCell(value: ConfigColumn['values'][number]): string {
  if (value === null) return '';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return String(value);
  return csvField(value);
}

/**
 * Writes the runs as a long-form CSV (RFC 4180; numbers as the shortest text that reads back, float32
 * values as logged; an empty wall_time where the source has none, an empty configuration cell where the
 * run has no such key). Temp file beside `out`, then rename.
 */
export async function exportCsv(input: readonly Run[] | ExportRuns, out: string): Promise<ExportResult> {
  let result: ExportResult | undefined;
  await writeBeside(out, async (handle) => {
    result = await exportCsvTo(input, async (text) => {
      await handle.write(text);
    });
  });
  return result as ExportResult;
}

/**
 * The same CSV, handed to `write` in chunks of about 64 K characters as it is made (standard output, a
 * socket): `write` is awaited, so a slow reader slows the export instead of filling memory.
 */
export async function exportCsvTo(
  input: readonly Run[] | ExportRuns,
  write: (text: string) => Promise<void>,
): Promise<ExportResult> {
  const source = exportRuns(input);
  const { columns: config, leftOut } = configColumnsOf(source.runs);
  const keys = runKeys(source.runs);
  const metrics = new Set<string>();
  let rows = 0;
  let chunk = `${[...EXPORT_COLUMNS, ...config.map((c) => c.name)].map(csvField).join(',')}\n`;
  for await (const [r, run] of inOrder(source)) {
    const identity = [run.group, run.task, run.run, keys[r] as string].map(csvField).join(',');
    const settings = config.map((c) => `,${configCell(c.values[r] ?? null)}`).join('');
    for (const series of run.series) {
      metrics.add(series.metric);
      const prefix = `${identity},${csvField(sourceOf(run, series.source))},${csvField(series.metric)},`;
      const format = series.float32 ? formatFloat32 : formatNumber;
      for (let i = 0; i < series.values.length; i++) {
        const wall = series.wallTimes[i] as number;
        chunk += `${prefix}${formatNumber(series.steps[i] as number)},${Number.isNaN(wall) ? '' : formatNumber(wall)},${format(series.values[i] as number)}${settings}\n`;
        rows++;
        if (chunk.length > CSV_CHUNK) {
          await write(chunk);
          chunk = '';
        }
      }
    }
  }
  await write(chunk);
  return { rows, metrics: metrics.size, config: config.map((c) => c.name), configLeftOut: leftOut };
}

/** One row group under construction: each segment a slice of one series, its other cells constant. */
class RowGroup {
  rows = 0;
  /** group, task, run, run_id, source, metric, then the configuration columns: one value per segment. */
  readonly repeated: RepeatedData[];
  readonly step: Float64Array[] = [];
  readonly wall: Float64Array[] = [];
  readonly value: Float64Array[] = [];

  constructor(width: number) {
    this.repeated = Array.from({ length: width }, () => ({ values: [], lengths: [] }));
  }

  add(cells: readonly Cell[], series: Series, from: number, to: number) {
    for (let c = 0; c < cells.length; c++) {
      const column = this.repeated[c] as RepeatedData;
      column.values.push(cells[c] as Cell);
      column.lengths.push(to - from);
    }
    this.step.push(series.steps.subarray(from, to));
    this.wall.push(series.wallTimes.subarray(from, to));
    this.value.push(series.values.subarray(from, to));
    this.rows += to - from;
  }

  /** The columns in the export's order. */
  columns(): ChunkData[] {
    return [
      ...this.repeated.slice(0, TEXT_COLUMNS),
      { doubles: this.step },
      { doubles: this.wall },
      { doubles: this.value },
      ...this.repeated.slice(TEXT_COLUMNS),
    ];
  }
}

/** group, task, run, run_id, source, metric: the text columns before step, wall_time and value. */
const TEXT_COLUMNS = 6;

function parquetSchema(config: readonly ConfigColumn[]): ParquetColumn[] {
  return [
    ...EXPORT_COLUMNS.map(
      (name): ParquetColumn => ({
        name,
        type: name === 'step' || name === 'wall_time' || name === 'value' ? 'DOUBLE' : 'STRING',
        nullable: name === 'wall_time',
      }),
    ),
    ...config.map(({ name, type }) => ({ name, type, nullable: true })),
  ];
}

/**
 * Writes the runs as Parquet, row group by row group: text columns as UTF-8 strings (dictionary-encoded),
 * step, wall_time and value as DOUBLE (wall_time null where the source has none), each configuration
 * column as DOUBLE, BOOLEAN or STRING (null where a run lacks the key). Temp file, then rename.
 */
export async function exportParquet(
  input: readonly Run[] | ExportRuns,
  out: string,
  { rowGroup = ROW_GROUP }: { rowGroup?: number } = {},
): Promise<ExportResult> {
  if (!Number.isInteger(rowGroup) || rowGroup < 1)
    throw new RangeError('rowGroup: expected a positive integer');
  const source = exportRuns(input);
  const { columns: config, leftOut } = configColumnsOf(source.runs);
  const keys = runKeys(source.runs);
  const metrics = new Set<string>();
  let rows = 0;
  await writeBeside(out, async (handle) => {
    const parquet = await parquetStream(handle, parquetSchema(config));
    let group = new RowGroup(TEXT_COLUMNS + config.length);
    for await (const [r, run] of inOrder(source)) {
      const identity: Cell[] = [run.group, run.task, run.run, keys[r] as string];
      const settings = config.map((c) => c.values[r] ?? null);
      for (const series of run.series) {
        metrics.add(series.metric);
        const cells = [...identity, sourceOf(run, series.source), series.metric, ...settings];
        for (let i = 0; i < series.values.length; ) {
          const to = Math.min(series.values.length, i + rowGroup - group.rows);
          group.add(cells, series, i, to);
          rows += to - i;
          i = to;
          if (group.rows === rowGroup) {
            await parquet.writeGroup(group.columns());
            group = new RowGroup(TEXT_COLUMNS + config.length);
          }
        }
      }
    }
    if (group.rows > 0) await parquet.writeGroup(group.columns());
    await parquet.finish();
  });
  return { rows, metrics: metrics.size, config: config.map((c) => c.name), configLeftOut: leftOut };
}
