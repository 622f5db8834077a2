import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRunTables, readRunTable, readSb3Monitor, readSb3Progress } from '../src/index.js';
import { tempDir } from './helpers.js';

// Written by test/sb3_fixtures.py exactly as SB3's ResultsWriter and CSVOutputFormat write them.
const fixtures = fileURLToPath(new URL('./fixtures/sb3/', import.meta.url));

describe('SB3 monitor files', () => {
  it('keeps the #{t_start, env_id} line as meta, reads r,l,t and info keywords, derives timesteps', async () => {
    const table = await readSb3Monitor(join(fixtures, '0.monitor.csv'));
    expect(table.format).toBe('sb3-monitor');
    expect(table.meta).toEqual({ t_start: 1763990000.123456, env_id: 'CartPole-v1' });
    expect([...table.columns.keys()]).toEqual(['r', 'l', 't', 'is_success', 'episode', 'timesteps']);
    expect([...(table.columns.get('l') ?? [])]).toEqual([10, 17, 24, 31, 38, 45]);
    expect([...(table.columns.get('timesteps') ?? [])]).toEqual([10, 27, 51, 82, 120, 165]);
    expect([...(table.columns.get('episode') ?? [])]).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...(table.columns.get('is_success') ?? [])]).toEqual([0, 0, 0, 0, 1, 1]);
    expect(table.columns.get('r')?.[0]).toBe(9.99999);
    expect(table.issues).toEqual([]);
  });

  it('reports a torn last row (SB3 still writing) and never returns it', async () => {
    const dir = tempDir('sb3-torn');
    const path = join(dir, 'monitor.csv');
    writeFileSync(path, `${readFileSync(join(fixtures, '0.monitor.csv'), 'utf8')}52.0,5`);
    const table = await readSb3Monitor(path);
    expect(table.columns.get('r')).toHaveLength(6);
    expect(table.issues).toEqual([
      `${path}:9: last line has no line end (torn by a crash or still being written); not read`,
    ]);
  });

  it('a row with text in r, l or t is left out and named; the other episodes keep their reward', async () => {
    const dir = tempDir('sb3-text');
    const path = join(dir, 'monitor.csv');
    const [meta, header, ...rows] = readFileSync(join(fixtures, '0.monitor.csv'), 'utf8').split('\n');
    rows[1] = rows[1]?.replace(/^[^,]+/, 'abc') ?? '';
    writeFileSync(path, [meta, header, ...rows].join('\n'));
    const table = await readSb3Monitor(path);
    expect(table.columns.get('r')).toHaveLength(5);
    expect([...(table.columns.get('l') ?? [])]).toEqual([10, 24, 31, 38, 45]);
    expect(table.issues).toEqual([`${path}:4: "r" is "abc", not a number; episode left out`]);
  });

  it('joins the monitor files of one folder by end time, as load_results does', async () => {
    const dir = tempDir('sb3-join');
    for (const name of ['0.monitor.csv', '1.monitor.csv'])
      copyFileSync(join(fixtures, name), join(dir, name));
    const { found } = await findRunTables(dir);
    expect(found).toHaveLength(1);
    const table = found[0];
    expect(table?.path).toBe(dir);
    const t = [...(table?.columns.get('t') ?? [])];
    expect(t).toHaveLength(12);
    expect(t).toEqual([...t].sort((a, b) => a - b));
    expect(t[0]).toBeCloseTo(0.021, 9); // env 0 started first: its t is unchanged
    expect(table?.columns.get('timesteps')?.[11]).toBe(165 + 171);
  });

  it('a file that is not a monitor file is bad input naming the file and the header', async () => {
    const dir = tempDir('sb3-bad');
    const path = join(dir, 'x.monitor.csv');
    writeFileSync(path, '#{"t_start": 1}\na,b\n1,2\n');
    await expect(readSb3Monitor(path)).rejects.toThrow(
      `${path}: not an SB3 monitor file: no column "r" (header: a,b)`,
    );
  });
});

describe('SB3 progress.csv', () => {
  it('reads slash keys, empty cells while a key is absent, the header SB3 grew and rewrote', async () => {
    const table = await readSb3Progress(join(fixtures, 'progress.csv'));
    expect(table.columns.get('time/total_timesteps')).toEqual(
      Float64Array.from([2048, 4096, 6144, 8192, 10240]),
    );
    const reward = [...(table.columns.get('rollout/ep_rew_mean') ?? [])];
    expect(reward[0]).toBeNaN();
    expect(reward.slice(1)).toEqual([22.5, 23.5, 24.5, 25.5]);
    const evalReward = [...(table.columns.get('eval/mean_reward') ?? [])];
    expect(evalReward.map((value) => (Number.isNaN(value) ? null : value))).toEqual([
      null,
      null,
      42,
      null,
      null,
    ]);
    expect(table.columns.size).toBe(11);
    expect(table.issues).toEqual([]);
  });

  it('a folder of SB3 files: progress.csv with results.json in meta, the monitors joined', async () => {
    const { found } = await findRunTables(fixtures);
    expect(found.map((table) => table.format).sort()).toEqual(['sb3-monitor', 'sb3-progress']);
    for (const table of found) expect((table.meta.results as { mean_reward: number }).mean_reward).toBe(500);
    const chosen = await readRunTable(fixtures);
    expect(chosen.format).toBe('sb3-progress');
    expect(chosen.issues.at(-1)).toMatch(/also holds \. \(sb3-monitor\)/);
    expect((await readRunTable(fixtures, { format: 'sb3-monitor' })).format).toBe('sb3-monitor');
  });
});
