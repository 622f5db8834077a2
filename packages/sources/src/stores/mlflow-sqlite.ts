/**
 * MLflow's SQLite tracking store (`mlflow server --backend-store-uri sqlite:///mlflow.db`, the default
 * backend of MLflow 3): the tables of mlflow/store/tracking/dbmodels/models.py — `experiments`, `runs`,
 * `metrics` (key, value, timestamp ms, step, is_nan, run_uuid; NaN stored as 0 with is_nan = 1), `params`,
 * `tags`. Read through sql.js (SQLite compiled to WebAssembly: no native build), the whole file in memory.
 * sql.js is loaded on the first MLflow database found, never by the commands that meet none.
 */

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openInput, pushAll } from '@evidence/node-kit';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { configMeta } from '../config-meta.js';
import { defaultY } from '../formats.js';
import type { Series } from '../model.js';
import { type RunPart, tablePart } from '../readers.js';

const SQLITE_MAGIC = 'SQLite format 3\u0000';
const TABLES = ['experiments', 'runs', 'metrics', 'params', 'tags'];

let sqlite: Promise<SqlJsStatic> | undefined;

/**
 * The package ships only sql.js's Node build, `dist/sql-wasm.cjs` and its `sql-wasm.wasm` (0.7 MB), copied
 * there by the build, instead of depending on the whole sql.js package (31 MB of builds for every target).
 * Run from source (the tests), the sql.js dev dependency is the same build.
 */
async function loadSqlJs(): Promise<SqlJsStatic> {
  const shipped = fileURLToPath(new URL('./sql-wasm.cjs', import.meta.url));
  const module = existsSync(shipped)
    ? ((await import(pathToFileURL(shipped).href)) as { default: typeof import('sql.js').default })
    : await import('sql.js');
  const wasm = existsSync(shipped) ? fileURLToPath(new URL('./sql-wasm.wasm', import.meta.url)) : undefined;
  return module.default(wasm === undefined ? undefined : { locateFile: () => wasm });
}

async function openDatabase(path: string): Promise<Database> {
  sqlite ??= loadSqlJs();
  const SQL = await sqlite;
  return new SQL.Database(await readFile(path));
}

/** Whether the file starts with SQLite's 16-byte header. */
export async function isSqliteFile(path: string): Promise<boolean> {
  const handle = await openInput(path).catch(() => null);
  if (!handle) return false;
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return bytesRead === 16 && head.toString('latin1') === SQLITE_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * Whether the schema at the head of a SQLite file creates MLflow's first tables: MLflow's migrations create
 * them first, so their SQL is in the first pages; any other SQLite file (a 5 GB cache) is never loaded whole.
 */
async function headNamesMlflowTables(path: string): Promise<boolean> {
  const handle = await openInput(path);
  try {
    const head = Buffer.alloc(1024 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const text = head.toString('latin1', 0, bytesRead);
    return ['experiments', 'metrics'].every((t) =>
      new RegExp(`CREATE TABLE\\s+["\`[]?${t}\\b`, 'i').test(text),
    );
  } finally {
    await handle.close();
  }
}

/** A SQLite file holding MLflow's tracking tables. */
export async function isMlflowDatabase(path: string): Promise<boolean> {
  if (!(await isSqliteFile(path)) || !(await headNamesMlflowTables(path))) return false;
  const db = await openDatabase(path).catch(() => null);
  if (!db) return false;
  try {
    return TABLES.every((t) => tableColumns(db, t).length > 0);
  } catch {
    return false;
  } finally {
    db.close();
  }
}

/** One MLflow run of the store: its part, its experiment and name, and whether MLflow marks it deleted. */
export interface MlflowStoreRun {
  runId: string;
  experiment: string;
  name: string;
  task: string | undefined;
  deleted: boolean;
  part: RunPart;
}

/**
 * Every run of the store: its metric history (one series per key, in logged order, x = step, wall time =
 * timestamp / 1000; a NaN MLflow stored as is_nan is no point, as in the file store), its params as the
 * configuration, its tags in meta, the run name from `runs.name` or the `mlflow.runName` tag.
 */
export async function readMlflowDatabase(path: string): Promise<MlflowStoreRun[]> {
  const db = await openDatabase(path).catch((error: Error) => {
    throw new Error(`${path}: not a readable SQLite file (${error.message})`);
  });
  try {
    const missing = TABLES.filter((t) => tableColumns(db, t).length === 0);
    if (missing.length > 0)
      throw new Error(`${path}: a SQLite file without MLflow's tables (${missing.join(', ')} missing)`);
    const runColumns = tableColumns(db, 'runs');
    const metricColumns = tableColumns(db, 'metrics');
    const nameColumn = runColumns.includes('name') ? 'r.name' : 'NULL';
    const runs = rows(
      db,
      `SELECT r.run_uuid, ${nameColumn}, r.lifecycle_stage, r.status, r.start_time, r.end_time, e.name, e.experiment_id
       FROM runs r LEFT JOIN experiments e ON e.experiment_id = r.experiment_id ORDER BY r.start_time, r.run_uuid`,
    );
    const source = basename(path);
    const history = metricRows(db, metricColumns);
    return runs.map(([runId, name, stage, status, start, end, experiment, experimentId]) => {
      const id = String(runId);
      const params = keyValues(db, 'params', id);
      const tags = keyValues(db, 'tags', id);
      const part = metricPart(path, source, id, history.get(id) ?? new Map());
      const config: Record<string, unknown> = { ...params };
      part.meta = {
        ...(Object.keys(config).length > 0 ? { config, configFiles: [`${source} params`] } : {}),
        mlflow: { runId: id, experimentId, status, startTime: start, endTime: end, tags },
      };
      return {
        runId: id,
        experiment: experiment === null ? `experiment ${experimentId}` : String(experiment),
        name: String(name || tags['mlflow.runName'] || id),
        task: configMeta(config, []).envId,
        deleted: stage === 'deleted',
        part,
      };
    });
  } finally {
    db.close();
  }
}

/** Every metric row, by run and key, in rowid order: the order MLflow inserted them (the logged order). */
function metricRows(db: Database, columns: string[]): Map<string, Map<string, SqlValue[][]>> {
  const step = columns.includes('step') ? 'step' : '0';
  const isNan = columns.includes('is_nan') ? 'is_nan' : '0';
  const out = new Map<string, Map<string, SqlValue[][]>>();
  for (const row of rows(
    db,
    `SELECT run_uuid, key, value, timestamp, ${step}, ${isNan} FROM metrics ORDER BY rowid`,
  )) {
    const run = String(row[0]);
    const key = String(row[1]);
    const byKey = out.get(run) ?? new Map<string, SqlValue[][]>();
    out.set(run, byKey);
    const list = byKey.get(key) ?? [];
    byKey.set(key, list);
    list.push(row.slice(1));
  }
  return out;
}

function metricPart(path: string, source: string, runId: string, byKey: Map<string, SqlValue[][]>): RunPart {
  const series: Series[] = [];
  const restarts: RunPart['restarts'] = [];
  const issues: string[] = [];
  for (const [key, list] of byKey) {
    // a metric may itself be named "step" or "timestamp": the x and wall columns then take another name
    const x = key === 'step' ? 'step (x)' : 'step';
    const wall = key === 'timestamp' ? 'timestamp (wall)' : 'timestamp';
    const columns = new Map([
      [x, Float64Array.from(list, (r) => Number(r[3]))],
      [key, Float64Array.from(list, (r) => (Number(r[4]) === 1 ? Number.NaN : Number(r[1])))],
      [wall, Float64Array.from(list, (r) => Number(r[2]) / 1000)], // ms: divided, exact where × 1e-3 is not
    ]);
    const part = tablePart('mlflow-sqlite', columns, source, `${path} (run ${runId}, metric ${key})`, {
      x,
      wall,
    });
    // each metric is its own table: its row numbers do not pair with another metric's
    for (const s of part.series) if (s.metric !== wall) series.push({ ...s, rows: undefined });
    pushAll(restarts, part.restarts);
    pushAll(issues, part.issues);
  }
  return {
    format: 'mlflow-sqlite',
    series,
    x: 'step',
    y: defaultY(series.map((s) => s.metric)),
    meta: {},
    restarts,
    issues,
  };
}

function tableColumns(db: Database, table: string): string[] {
  return rows(db, `PRAGMA table_info(${table})`).map((r) => String(r[1]));
}

function keyValues(db: Database, table: 'params' | 'tags', runId: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of rows(db, `SELECT key, value FROM ${table} WHERE run_uuid = ? ORDER BY key`, [
    runId,
  ]))
    out[String(key)] = value === null ? '' : String(value);
  return out;
}

function rows(db: Database, sql: string, params: SqlValue[] = []): SqlValue[][] {
  const statement = db.prepare(sql);
  try {
    statement.bind(params);
    const out: SqlValue[][] = [];
    while (statement.step()) out.push(statement.get());
    return out;
  } finally {
    statement.free();
  }
}
