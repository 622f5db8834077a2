import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoverRuns, type Run, readSb3Monitor, runColumns } from '../src/index.js';
import { tempDir } from './helpers.js';

// Written by test/sb3_fixtures.py exactly as SB3's ResultsWriter and CSVOutputFormat write them.
const fixtures = fileURLToPath(new URL('./fixtures/sb3/', import.meta.url));
const column = (run: Run | undefined, name: string) => [...(run ? (runColumns(run).get(name) ?? []) : [])];

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
    // the run: x = timesteps, y = r, wall time = t_start + t
    const { runs } = await discoverRuns(join(fixtures, '0.monitor.csv'));
    const r = runs[0]?.series.find((s) => s.metric === 'r');
    expect([runs[0]?.format, runs[0]?.x, runs[0]?.y, runs[0]?.meta.envId]).toEqual([
      'monitor',
      'timesteps',
      'r',
      'CartPole-v1',
    ]);
    expect([...(r?.steps ?? [])]).toEqual([10, 27, 51, 82, 120, 165]);
    expect(r?.wallTimes[0]).toBeCloseTo(1763990000.123456 + 0.021, 6);
  });

  it('reports a torn last row (SB3 still writing) and never returns it', async () => {
    const dir = tempDir('sb3-torn');
    const path = join(dir, 'monitor.csv');
    writeFileSync(path, `${readFileSync(join(fixtures, '0.monitor.csv'), 'utf8')}52.0,5`);
    const table = await readSb3Monitor(path);
    expect(table.columns.get('r')).toHaveLength(6);
    expect(table.issues).toEqual([
      `${path}:9: last line has no line end (torn by a crash or still being written); not read: "52.0,5"`,
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
    const { runs } = await discoverRuns(dir);
    expect(runs).toHaveLength(1);
    const run = runs[0];
    expect([run?.path, run?.layout]).toEqual([dir, 'sb3-monitor']);
    const t = column(run, 't');
    expect(t).toHaveLength(12);
    expect(t).toEqual([...t].sort((a, b) => a - b));
    expect(t[0]).toBeCloseTo(0.021, 9); // env 0 started first: its t is unchanged
    expect(column(run, 'timesteps')[11]).toBe(165 + 171);
  });

  it('a file that is not a monitor file is bad input naming the file and the header', async () => {
    const dir = tempDir('sb3-bad');
    const path = join(dir, 'x.monitor.csv');
    writeFileSync(path, '#{"t_start": 1}\na,b\n1,2\n');
    await expect(readSb3Monitor(path)).rejects.toThrow(
      `${path}: not an SB3 monitor file: no column "r" (header: a,b)`,
    );
    const { runs, skipped } = await discoverRuns(dir);
    expect(runs).toEqual([]);
    expect(skipped).toEqual([
      { path: '.', why: 'x.monitor.csv: not an SB3 monitor file: no column "r" (header: a,b)' },
    ]);
  });
});

describe('SB3 progress.csv', () => {
  it('reads slash keys, empty cells while a key is absent, the header SB3 grew and rewrote; y = the evaluation return over the training one', async () => {
    const { runs } = await discoverRuns(join(fixtures, 'progress.csv'));
    const run = runs[0];
    expect([run?.format, run?.x, run?.y]).toEqual([
      'sb3-progress',
      'time/total_timesteps',
      'eval/mean_reward',
    ]);
    const grid = run ? runColumns(run) : new Map();
    expect(grid.get('time/total_timesteps')).toEqual(Float64Array.from([2048, 4096, 6144, 8192, 10240]));
    const reward = [...(grid.get('rollout/ep_rew_mean') ?? [])];
    expect(reward[0]).toBeNaN();
    expect(reward.slice(1)).toEqual([22.5, 23.5, 24.5, 25.5]);
    // a key absent from a row is no point of its series
    const evalReward = run?.series.find((s) => s.metric === 'eval/mean_reward');
    expect([...(evalReward?.steps ?? [])]).toEqual([6144]);
    expect([...(evalReward?.values ?? [])]).toEqual([42]);
    expect(grid.size).toBe(11);
    expect(run?.issues).toEqual([]);
  });

  it('a folder of SB3 files is one run: progress.csv and the joined monitors as its sources, results.json in meta', async () => {
    const { runs } = await discoverRuns(fixtures);
    expect(runs).toHaveLength(1);
    const run = runs[0];
    expect([run?.layout, run?.format, run?.y]).toEqual(['sb3-log', 'sb3-progress', 'eval/mean_reward']);
    expect([...new Set(run?.series.map((s) => s.source))]).toEqual(['progress.csv', '*monitor.csv']);
    expect((run?.meta.results as { mean_reward: number } | undefined)?.mean_reward).toBe(500);
  });
});
