/**
 * The Parquet export reads back exactly: for random runs (unicode names, empty series, NaN and ±0 and
 * infinite values, missing wall times, configuration keys a run lacks, text, numbers, booleans) and row
 * groups of any size, DuckDB (an independent reader) gives every row written, in order, value for value;
 * and its filters, which skip row groups by the file's min/max statistics, count what the rows hold.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { configColumns, EXPORT_COLUMNS, exportParquet, type Run } from '@evidence/sources';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

const text = fc.string({ unit: 'grapheme', maxLength: 6 });
const double = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e-300, 400),
  fc.integer({ min: -5, max: 5 }),
);
const series = fc.record({
  metric: text,
  source: fc.constantFrom('', 'progress.csv', 'logs/ünï.csv'),
  points: fc.array(fc.tuple(double, fc.oneof(double, fc.constant(Number.NaN)), double), { maxLength: 12 }),
});
const setting = fc.oneof(
  fc.constantFrom(0, -0, 0.5),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.boolean(),
  text,
  fc.constant(null),
);
const config = fc.option(fc.dictionary(fc.constantFrom('lr', 'seed', 'net', 'x.y', 'ß'), setting), {
  nil: undefined,
});
const runs = fc.array(
  fc.record({ group: text, task: text, run: text, series: fc.array(series, { maxLength: 3 }), config }),
  { maxLength: 5 },
);

type Generated = typeof runs extends fc.Arbitrary<infer T> ? T : never;

function toRuns(generated: Generated): Run[] {
  return generated.map((g, r) => ({
    path: `/sweep/${r}`,
    id: `runs/${r}`, // unique, so run_id is the id
    layout: 'folder',
    format: 'csv',
    group: g.group,
    task: g.task,
    run: g.run,
    series: g.series.map((s) => ({
      metric: s.metric,
      source: s.source,
      steps: Float64Array.from(s.points, (p) => p[0]),
      wallTimes: Float64Array.from(s.points, (p) => p[1]),
      values: Float64Array.from(s.points, (p) => p[2]),
    })),
    x: 'step',
    y: null,
    meta: g.config ? { config: g.config } : {},
    restarts: [],
    issues: [],
  }));
}

/** Cells compared with Object.is: NaN is NaN, -0 is not 0. */
const exact = (cell: unknown) =>
  typeof cell === 'number' ? (Object.is(cell, -0) ? '-0' : Number.isNaN(cell) ? 'NaN' : cell) : cell;

/** The rows the export should hold, as DuckDB gives them (a missing wall time is null). */
function expectedRows(written: Run[]) {
  const settings = configColumns(written);
  return written.flatMap((run, r) =>
    run.series.flatMap((s) =>
      Array.from(s.values, (value, i) => {
        const wall = s.wallTimes[i] as number;
        const source = s.source === '' ? run.id : `${run.id}/${s.source}`;
        return [
          run.group,
          run.task,
          run.run,
          run.id,
          source,
          s.metric,
          s.steps[i],
          Number.isNaN(wall) ? null : wall,
          value,
          ...settings.map((c) => c.values[r] ?? null),
        ];
      }),
    ),
  );
}

describe('Parquet export read back by DuckDB', () => {
  const dir = tempDir('export-property');
  let db: DuckDBConnection;
  beforeAll(async () => {
    const { DuckDBInstance } = await import('@duckdb/node-api');
    db = await (await DuckDBInstance.create(':memory:')).connect();
  });
  afterAll(() => {
    db.closeSync();
    rmSync(dir, { recursive: true, force: true });
  });
  const read = async (sql: string) => (await db.runAndReadAll(sql)).getRows();

  let file = 0;
  /** Exports the runs with this row-group size and checks what DuckDB reads from the file. */
  async function readsBack(written: Run[], rowGroup: number) {
    const out = join(dir, `${file++}.parquet`);
    const result = await exportParquet(written, out, { rowGroup });
    const expected = expectedRows(written);
    expect(result.rows).toBe(expected.length);
    const columns = [...EXPORT_COLUMNS, ...result.config];
    const list = columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(', ');
    const rows = await read(
      `SELECT ${list} FROM read_parquet('${out}', file_row_number = true) ORDER BY file_row_number`,
    );
    expect(rows.map((row) => row.map(exact))).toEqual(expected.map((row) => row.map(exact)));
    if (expected.length === 0) return;
    // filters that skip row groups by min/max: a value, a step, a metric, as often as the rows hold them
    const pick = expected[Math.floor(expected.length / 2)] as unknown[];
    for (const [column, at] of [
      ['value', 8],
      ['step', 6],
      ['metric', 5],
    ] as const) {
      const wanted = pick[at];
      if (typeof wanted === 'number' && Number.isNaN(wanted)) continue;
      const literal =
        typeof wanted === 'string' ? `'${wanted.replaceAll("'", "''")}'` : `'${wanted}'::DOUBLE`;
      const count = expected.filter((row) => row[at] === wanted).length;
      const found = await read(`SELECT count(*)::INTEGER FROM '${out}' WHERE "${column}" = ${literal}`);
      expect([column, found[0]?.[0]]).toEqual([column, count]);
    }
    rmSync(out);
  }

  it('every row, in order, whatever the runs and the row-group size', async () => {
    await fc.assert(
      fc.asyncProperty(runs, fc.integer({ min: 1, max: 9 }), (generated, rowGroup) =>
        readsBack(toRuns(generated), rowGroup),
      ),
      { numRuns: 60 },
    );
  });

  it('signed zeros and NaN stay as written, in values and in a configuration column', async () => {
    const point = (v: number): [number, number, number] => [v, v, v];
    const generated: Generated = [-0, 0, Number.NaN, -0, 0.5].map((lr, r) => ({
      group: 'g',
      task: 't',
      run: String(r),
      series: [{ metric: 'm', source: '', points: [point(-0), point(0), point(Number.NaN), point(-0)] }],
      config: { lr },
    }));
    await readsBack(toRuns(generated), 1000);
    await readsBack(toRuns(generated), 3);
    // a chunk of one NaN step and one 0: DuckDB counts the NaN as 0 if the file says min = max = 0
    const nanAndZero = { ...(generated[0] as Generated[number]), config: undefined };
    nanAndZero.series = [{ metric: 'm', source: '', points: [point(Number.NaN), point(0)] }];
    await readsBack(toRuns([nanAndZero]), 2);
  });
});
