/**
 * `evidence export` carries each run's key and configuration, written row group by row group: DuckDB
 * (an independent reader) reads the Parquet and the CSV back, and a GROUP BY over a configuration column
 * gives the numbers computed here from the values written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.js';

const LRS = [0.001, 0.0003, 0.01];
const SEEDS = 2;
const ROWS = 6_000; // 3 lr × 2 seeds × 6,000 rows × 2 metrics = 72,000 values: three row groups

/** Ray Tune trials (params.json + progress.csv) with a nested and a clashing key; the mean of each lr. */
function sweep(): { root: string; meanByLr: Map<number, number>; rows: number } {
  const root = tempDir('export-config');
  const sums = new Map<number, { sum: number; n: number }>();
  let state = 7;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  for (const lr of LRS)
    for (let seed = 0; seed < SEEDS; seed++) {
      const dir = join(root, 'sweep', `trial_lr=${lr},seed=${seed}`);
      mkdirSync(dir, { recursive: true });
      const params = {
        lr,
        seed,
        env: 'CartPole-v1',
        model: { fcnet: [64, 64], vf_share: seed === 0 },
        value: 'x',
      };
      // the second seed has one more key: the first gets an empty cell there
      writeFileSync(join(dir, 'params.json'), JSON.stringify(seed === 1 ? { ...params, clip: 0.2 } : params));
      const lines = ['timesteps_total,episode_reward_mean,policy_loss'];
      for (let i = 1; i <= ROWS; i++) {
        const reward = Math.round(random() * 1e6) / 1e3;
        const total = sums.get(lr) ?? { sum: 0, n: 0 };
        sums.set(lr, { sum: total.sum + reward, n: total.n + 1 });
        lines.push(`${i * 100},${reward},${(random() / 10).toFixed(5)}`);
      }
      writeFileSync(join(dir, 'progress.csv'), `${lines.join('\n')}\n`);
    }
  const meanByLr = new Map([...sums].map(([lr, { sum, n }]) => [lr, sum / n]));
  return { root, meanByLr, rows: LRS.length * SEEDS * ROWS * 2 };
}

async function duckdb() {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  return {
    read: async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson(),
    close: () => connection.closeSync(),
  };
}

describe('evidence export: run key and configuration columns', () => {
  const data = sweep();

  it.each(['parquet', 'csv'])('GROUP BY lr over the %s export gives the mean of each lr', async (kind) => {
    const out = join(data.root, `runs.${kind}`);
    const result = await runCli(['export', join(data.root, 'sweep'), '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `(${data.rows} values of 2 metrics from 6 runs; configuration columns: clip, env, lr, model.fcnet, model.vf_share, seed, config.value)`,
    );
    const db = await duckdb();
    const file = `'${out.replaceAll("'", "''")}'`;
    const table = kind === 'csv' ? `read_csv(${file})` : file;
    const rows = await db.read(
      `SELECT lr, avg(value) AS mean, count(*)::INTEGER AS n, count(DISTINCT run_id)::INTEGER AS runs FROM ${table} WHERE metric = 'episode_reward_mean' GROUP BY lr ORDER BY lr`,
    );
    expect(rows.map((r) => r.lr)).toEqual([...LRS].sort((a, b) => a - b));
    for (const row of rows) {
      expect(row.n).toBe(SEEDS * ROWS);
      expect(row.runs).toBe(SEEDS);
      expect(row.mean as number).toBeCloseTo(data.meanByLr.get(row.lr as number) as number, 9);
    }
    // a nested key flattened, an array as JSON, a boolean, a clash renamed, a missing key empty (null)
    const settings = await db.read(
      `SELECT DISTINCT run_id, seed, "model.fcnet" AS fcnet, "model.vf_share" AS shared, "config.value" AS value, clip FROM ${table} ORDER BY run_id`,
    );
    expect(settings).toHaveLength(LRS.length * SEEDS);
    for (const row of settings) {
      expect(row.fcnet).toBe('[64,64]');
      expect(row.shared).toBe(Number(row.seed) === 0); // DuckDB gives a CSV's BIGINT as text
      expect(row.value).toBe('x');
      expect(row.clip).toBe(Number(row.seed) === 1 ? 0.2 : null);
      expect(row.run_id).toMatch(/^trial_lr=[\d.]+,seed=[01]$/);
    }
    const counts = await db.read(`SELECT count(*)::INTEGER AS n FROM ${table}`);
    expect(counts).toEqual([{ n: data.rows }]);
    if (kind === 'parquet') {
      const groups = await db.read(
        `SELECT count(DISTINCT row_group_id)::INTEGER AS groups FROM parquet_metadata(${file})`,
      );
      expect(groups[0]?.groups).toBeGreaterThan(1);
    }
    db.close();
  });
});
