/**
 * Every command reads through @evidence/sources' one discovery (issue #21): the layouts of the field's
 * tools (fixtures written as each tool writes them, in packages/sources/test/fixtures/layouts), export
 * to Parquet read back by an independent reader (DuckDB), tolerant reading with --strict, and one clear
 * line for a file that is no run file.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PNG_SIGNATURE, runCli, tempDir } from './helpers.js';

const LAYOUTS = fileURLToPath(new URL('../../../packages/sources/test/fixtures/layouts', import.meta.url));
const UNSEEN = fileURLToPath(new URL('../../../packages/sources/test/fixtures/unseen', import.meta.url));

/** A copy of some fixture layouts in a fresh folder (the commands may write beside them). */
function layouts(...names: string[]): string {
  const root = tempDir('layouts');
  for (const name of names) cpSync(join(LAYOUTS, name), join(root, name), { recursive: true });
  return root;
}

describe('evidence export', () => {
  it('writes every value in long form to Parquet; DuckDB reads back the same values', async () => {
    const root = layouts('cleanrl', 'sb3-vecenv', 'ray_results');
    const out = join(root, 'runs.parquet');
    const result = await runCli(['export', root, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^wrote {3}.*runs\.parquet \(\d+ values of \d+ metrics from 5 runs; configuration columns: [^)]*\blr\b[^)]*\)\n$/,
    );
    expect(result.stderr).toMatch(/sb3-vecenv\/crashed: skipped: no values to read/);
    expect(result.stderr).toMatch(
      /: 5 runs in 4 groups \(ppo, PPO_2024-01-01_12-00-00 lr=0\.001, PPO_2024-01-01_12-00-00 lr=0\.0001, a2c\) × 2 tasks \(CartPole-v1, PongNoFrameskip-v4\), by layout .*; task from layout 4, metadata \(monitor header env_id\) 1; group from layout 4, configuration minus seed \(lr\) 2, algorithm in path 1; .*override with --pattern, --group-by, --x, --y/,
    );
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    const read = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
    const file = out.replaceAll("'", "''");
    // CleanRL logs several episodic returns at one global_step: every one of them is a row
    expect(
      await read(
        `SELECT "group", task, run, step, value FROM '${file}' WHERE metric = 'charts/episodic_return' AND run = '1' ORDER BY step, value`,
      ),
    ).toEqual([
      { group: 'ppo', task: 'CartPole-v1', run: '1', step: 500, value: 10 },
      { group: 'ppo', task: 'CartPole-v1', run: '1', step: 500, value: 12 },
      { group: 'ppo', task: 'CartPole-v1', run: '1', step: 1000, value: 21 },
      { group: 'ppo', task: 'CartPole-v1', run: '1', step: 1000, value: 22 },
      { group: 'ppo', task: 'CartPole-v1', run: '1', step: 1000, value: 24 },
    ]);
    // the four VecEnv monitor files are one run: 20 episodes, timesteps as the step, wall time kept
    // (its group is the algorithm its folder names: a2c_pong)
    expect(
      await read(
        `SELECT count(*)::INTEGER AS n, count(wall_time)::INTEGER AS timed, min(source) AS source FROM '${file}' WHERE metric = 'r' AND "group" = 'a2c'`,
      ),
    ).toEqual([{ n: 20, timed: 20, source: 'sb3-vecenv/a2c_pong/*monitor.csv' }]);
    expect(
      await read(
        `SELECT task, max(value) AS best FROM '${file}' WHERE metric = 'episode_reward_mean' GROUP BY task`,
      ),
    ).toEqual([{ task: 'CartPole-v1', best: 41 }]);
    connection.closeSync();
  });

  it('writes the same long form as CSV; an existing file is refused without --force; a bad suffix is usage', async () => {
    const root = layouts('long-format');
    const out = join(root, 'long.csv');
    expect((await runCli(['export', join(root, 'long-format', 'results.csv'), '--out', out])).code).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('group,task,run,run_id,source,metric,step,wall_time,value');
    expect(lines).toContain('dqn,CartPole-v1,2,results.csv#dqn/CartPole-v1/2,results.csv,reward,3000,,32');
    expect(lines).toHaveLength(1 + 2 * 3 * 4);
    const again = await runCli(['export', join(root, 'long-format', 'results.csv'), '--out', out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/long\.csv: already exists; pass --force/);
    expect((await runCli(['export', root, '--out', join(root, 'x.xlsx')])).code).toBe(2);
  });
});

describe('evidence runs over the layouts, without a pattern', () => {
  it('one folder per run (progress.csv) and a long-format seed table each give groups of seeds', async () => {
    const root = tempDir('per-run');
    for (const group of ['ppo', 'a2c'])
      cpSync(join(LAYOUTS, 'folder-per-run'), join(root, group), { recursive: true });
    const result = await runCli(['runs', root, '--json', '--resamples', '200']);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      x: string;
      y: string;
      runs: { group: string }[];
      skipped: unknown[];
    };
    expect([summary.x, summary.y]).toEqual(['time/total_timesteps', 'rollout/ep_rew_mean']);
    expect(summary.runs.map((r) => r.group).sort()).toEqual(['a2c', 'a2c', 'a2c', 'ppo', 'ppo', 'ppo']);
    expect(summary.skipped).toEqual([]);
    expect(result.stderr).toMatch(/6 runs in 2 groups \(a2c, ppo\) × 1 task \(all\), by layout \(6 sb3-log/);

    const long = await runCli([
      'runs',
      join(LAYOUTS, 'long-format', 'results.csv'),
      '--json',
      '--resamples',
      '200',
    ]);
    expect(long.code, long.stderr).toBe(0);
    const table = JSON.parse(long.stdout) as { runs: { group: string; task: string }[] };
    expect(table.runs).toHaveLength(6);
    expect(new Set(table.runs.map((r) => `${r.group}/${r.task}`))).toEqual(
      new Set(['ppo/CartPole-v1', 'dqn/CartPole-v1']),
    );
  });

  it('an unreadable run is skipped with its reason and the rest goes on; --strict makes it exit 1', async () => {
    const root = layouts('rl-zoo');
    const broken = join(root, 'rl-zoo', 'logs', 'ppo', 'CartPole-v1_3');
    cpSync(join(root, 'rl-zoo', 'logs', 'ppo', 'CartPole-v1_1'), broken, { recursive: true });
    writeFileSync(
      join(broken, '0.monitor.csv'),
      '#{"t_start": 1700000000.0, "env_id": "CartPole-v1"}\nr,l,t\n',
    );
    const args = ['runs', root, '--json', '--resamples', '200', '--y', 'r'];
    const tolerant = await runCli(args);
    expect(tolerant.code, tolerant.stderr).toBe(0);
    expect(tolerant.stderr).toMatch(
      /CartPole-v1_3: skipped: no values to read \(0\.monitor\.csv: no episode yet/,
    );
    const summary = JSON.parse(tolerant.stdout) as { runs: unknown[]; skipped: { path: string }[] };
    expect(summary.runs).toHaveLength(2);
    expect(summary.skipped.map((s) => s.path)).toEqual(['rl-zoo/logs/ppo/CartPole-v1_3']);
    const strict = await runCli([...args, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/--strict: 1 run\(s\) skipped/);
  });
});

describe('plot and table take any run file or folder', () => {
  it('plot draws a monitor file, progress.csv and a folder of TensorBoard runs', async () => {
    const root = layouts('baselines', 'cleanrl');
    for (const target of [
      join(root, 'baselines', 'ppo2_seed0', '0.0.monitor.csv'),
      join(root, 'baselines', 'trpo_seed0', 'progress.csv'),
    ]) {
      const result = await runCli(['plot', target]);
      expect(result.code, result.stderr).toBe(0);
      const png = target.replace(/\.csv$/, '.png');
      expect(readFileSync(png).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    }
    const out = join(root, 'cleanrl.png');
    const folder = await runCli(['plot', join(root, 'cleanrl'), '-o', out]);
    expect(folder.code, folder.stderr).toBe(0);
    expect(folder.stderr).toMatch(
      /2 runs in 1 group \(ppo\) × 1 task \(CartPole-v1\), by layout \(2 cleanrl/,
    );
    expect(readFileSync(out).subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it('table of a monitor file is one row per episode, not "bad lines"; of a TensorBoard run one row per value', async () => {
    const monitor = await runCli(['table', join(LAYOUTS, 'baselines', 'ppo2_seed0', '0.0.monitor.csv')]);
    expect(monitor.code, monitor.stderr).toBe(0);
    const rows = monitor.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/timesteps.*\br\b.*\bl\b.*\bt\b/);
    expect(rows.filter((line) => /^\s*\d/.test(line))).toHaveLength(6);
    const tb = await runCli(['table', join(LAYOUTS, 'cleanrl', 'runs', 'CartPole-v1__ppo__1__1700000001')]);
    expect(tb.code, tb.stderr).toBe(0);
    expect(
      tb.stdout
        .trimEnd()
        .split('\n')
        .filter((line) => /^\s*\d/.test(line)),
    ).toHaveLength(5);
  });

  it('a file that is no run file: one line (what it looks like, what is expected), exit 1, never raw bytes', async () => {
    const dir = tempDir('binary');
    const file = join(dir, 'model.zip');
    writeFileSync(file, Buffer.from([0x50, 0x4b, 3, 4, 0, 0x1b, 0x5b, 0x32, 0x4a, 0xff, 0xfe]));
    for (const [command, said] of [
      ['plot', /^evidence: .*model\.zip: not a run file \(binary data\); expected an evidence folder, .*\n$/],
      ['table', /^evidence: .*model\.zip: not a CSV file \(binary data\)\n$/],
    ] as const) {
      const result = await runCli([command, file]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(said);
      expect(result.stderr).not.toMatch(/[\u0000-\u0008\u001b]/);
    }
  });

  it.skipIf(!existsSync('/bin/ls'))(
    'a binary file named .csv: one line from every command, its path once',
    async () => {
      const dir = tempDir('binary-csv');
      const file = join(dir, 'bin.csv');
      writeFileSync(file, readFileSync('/bin/ls').subarray(0, 300));
      const out = join(dir, 'out.csv');
      for (const [args, said] of [
        [
          ['plot', file],
          /^evidence: .*bin\.csv: not a run file \(binary data\); expected an evidence folder, .*\n$/,
        ],
        [
          ['runs', file],
          /^evidence: .*bin\.csv: not a run file \(binary data\); expected an evidence folder, .*\n$/,
        ],
        [
          ['export', file, '--out', out],
          /^evidence: .*bin\.csv: not a run file \(binary data\); expected .*\n$/,
        ],
        [['table', file], /^evidence: .*bin\.csv: not a CSV file \(binary data\)\n$/],
        [['report', file], /^evidence: .*bin\.csv: is a file, expected a directory\n$/],
      ] as const) {
        const result = await runCli([...args]);
        expect(result.code, `${args[0]}: ${result.stderr}`).toBe(1);
        expect(result.stderr).toMatch(said);
        expect(result.stderr).not.toMatch(/bin\.csv\/bin\.csv/);
        expect(result.stderr).not.toMatch(/[\u0000-\u0008\u001b\ufffd]/);
      }
      expect(existsSync(out)).toBe(false);
    },
  );

  it('a run file holding nothing yet: one line with its reason; in a folder, its path once', async () => {
    const dir = tempDir('header-only');
    const file = join(dir, '0.monitor.csv');
    writeFileSync(file, '#{"t_start": 1700000000.0, "env_id": "CartPole-v1"}\nr,l,t\n');
    const alone = await runCli(['plot', file]);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(
      /^evidence: .*0\.monitor\.csv: no values to read \(no episode yet \(header only\)\)\n$/,
    );
    mkdirSync(join(dir, 'other'));
    writeFileSync(join(dir, 'other', 'bin.csv'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]));
    const folder = await runCli(['runs', dir]);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toMatch(
      /header-only\S*\/bin\.csv: skipped: binary data, not a text log \(nothing read\)/,
    );
    expect(folder.stderr).not.toMatch(/[\u0000-\u0008\u001b]/);
  });
});

describe('report on a folder whose event files copy its tables (DrQ-v2)', () => {
  it('counts the copies as notes, not bad lines, and names their event folder', async () => {
    const root = join(tempDir('drqv2'), 'exp_local');
    cpSync(join(UNSEEN, 'drqv2', 'exp_local'), root, { recursive: true });
    const out = join(root, '..', 'report');
    const result = await runCli(['report', root, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\d+ written, 0 skipped, 0 bad lines, 2 notes/);
    expect(result.stderr).toMatch(/tb: 3 tag\(s\) of the event files also logged in train\.csv, eval\.csv/);
  });
});
