import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compilePattern, discoverRuns } from '@evidence/sources';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunsSummary } from '../src/index.js';
import { alignRun } from '../src/runs/align.js';
import { analyzeRuns, compareRuns, type RunInput, RunsInputError } from '../src/runs/compare-runs.js';
import { loadRuns } from '../src/runs/load-runs.js';
import { readRunTable } from '../src/runs/run-table.js';
import { pythonMissing } from './helpers.js';
import { BUDGET, GROUPS, TASKS, writeRunFolder, X, Y } from './runs-fixtures.js';

const ORACLE = join(import.meta.dirname, 'runs_oracle.py');

/** Every number of `ours` equals the oracle's to 1e-9 (relative), keys and nulls exactly. */
function expectClose(ours: unknown, theirs: unknown, where: string): void {
  if (typeof theirs === 'number' && typeof ours === 'number') {
    expect(Math.abs(ours - theirs), `${where}: ${ours} vs ${theirs}`).toBeLessThanOrEqual(
      1e-9 * Math.max(1, Math.abs(theirs)),
    );
  } else if (Array.isArray(theirs)) {
    expect(Array.isArray(ours), where).toBe(true);
    expect((ours as unknown[]).length, where).toBe(theirs.length);
    theirs.forEach((v, i) => {
      expectClose((ours as unknown[])[i], v, `${where}[${i}]`);
    });
  } else if (theirs && typeof theirs === 'object') {
    expect(Object.keys(ours as object).sort(), where).toEqual(Object.keys(theirs).sort());
    for (const [k, v] of Object.entries(theirs))
      expectClose((ours as Record<string, unknown>)[k], v, `${where}.${k}`);
  } else expect(ours, where).toEqual(theirs);
}

describe('evidence runs statistics against csv + NumPy (independent oracle)', () => {
  it.skipIf(pythonMissing !== null)(
    `every number of the summary and the profile ${pythonMissing ?? ''}`,
    async () => {
      const root = writeRunFolder();
      const loaded = await loadRuns(root, { pattern: '{group}/{task}/{run}.csv' });
      expect(loaded.skipped.map((s) => s.path)).toEqual(['PPO/CartPole-v1/broken.csv']);
      expect(loaded.ignored).toEqual(['README.txt']);
      expect(loaded.issues.some((i) => /last line has no line end.*torn/.test(i))).toBe(true);
      const analysis = analyzeRuns(loaded.runs, { y: Y, normalize: 'minmax', seed: 3, resamples: 2000 });
      const oracle = JSON.parse(
        execFileSync('python3', [ORACLE], {
          input: JSON.stringify({ root, x: X, y: Y, final: 0.1, seed: 3, resamples: 2000 }),
          encoding: 'utf8',
          maxBuffer: 64 << 20,
        }),
      ) as { summary: RunsSummary; profile: Record<string, unknown>; curves: unknown };
      const ours = analysis.summary;
      // the fixture has what it claims: crashes, restarts, a short but complete run
      expect(ours.runs.filter((r) => !r.complete)).toHaveLength(GROUPS.length * TASKS.length);
      expect(analysis.aligned.filter((a) => a.restarts.length > 0)).toHaveLength(
        GROUPS.length * TASKS.length,
      );
      expect(ours.runs.some((r) => r.complete && r.last_x < BUDGET)).toBe(true);
      const byPath = (runs: RunsSummary['runs']) => [...runs].sort((a, b) => (a.path < b.path ? -1 : 1));
      expectClose(byPath(ours.runs), byPath(oracle.summary.runs), 'runs');
      // seeds needed and power are simulations, checked against fresh studies in @evidence/stats' tests
      const unsimulated = (summary: RunsSummary) =>
        JSON.parse(
          JSON.stringify(summary, (key, v) =>
            key === 'seeds_needed' || key === 'power'
              ? null
              : typeof v === 'number' && Number.isNaN(v)
                ? null
                : v,
          ),
        );
      expectClose(
        { ...unsimulated(ours), runs: null },
        { ...unsimulated(oracle.summary), runs: null },
        'summary',
      );
      expectClose(analysis.profile?.groups, oracle.profile, 'profile');
      // the charts' mean curves and bands (NaN where no run or a single run covers a grid point)
      const withNulls = JSON.parse(JSON.stringify(analysis.curves, (_, v) => (Number.isNaN(v) ? null : v)));
      expectClose(withNulls, oracle.curves, 'curves');
    },
  );
});

describe('alignment', () => {
  it('keeps every row of a repeated x and lets later rows win after a restart', () => {
    const x = Float64Array.from([1, 2, 2, 3, 3, 4, 5, 3, 4, 4, Number.NaN, 6]);
    const y = Float64Array.from([10, 20, 21, 30, 31, 40, 50, 300, 400, 401, 999, 600]);
    const run = alignRun(x, y);
    // every value logged at one step counts (several episodes end at one step): issue #21
    expect([...run.x]).toEqual([1, 2, 2, 3, 4, 4, 6]);
    expect([...run.y]).toEqual([10, 20, 21, 300, 400, 401, 600]);
    expect(run.restarts).toEqual([{ row: 7, x: 3, previous: 5 }]);
    expect(run.missing).toBe(1);
  });

  it('the kept x never go down, and a kept row is never followed by a row with a lower x (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 60 }), (steps) => {
        const x = Float64Array.from(steps);
        const y = Float64Array.from(steps, (_, i) => i);
        const run = alignRun(x, y);
        for (let i = 1; i < run.x.length; i++)
          expect(run.x[i]).toBeGreaterThanOrEqual(run.x[i - 1] as number);
        // the last row always survives; a kept row is followed by no lower x; rows at one x all stay
        expect(run.y[run.y.length - 1]).toBe(steps.length - 1);
        for (let k = 0; k < run.x.length; k++) {
          const row = run.y[k] as number;
          for (let later = row + 1; later < steps.length; later++)
            expect(steps[later] as number).toBeGreaterThanOrEqual(run.x[k] as number);
        }
        const kept = new Set(run.y);
        for (let k = 0; k + 1 < steps.length; k++)
          if (
            kept.has(k + 1) &&
            steps[k] === steps[k + 1] &&
            Math.min(...steps.slice(k + 1)) >= (steps[k] as number)
          )
            expect(kept.has(k)).toBe(true);
      }),
    );
  });
});

describe('patterns and discovery', () => {
  it('splits as little as possible from the left', () => {
    const { regex } = compilePattern('{task}__{group}__{run}');
    expect(regex.exec('CartPole-v1__ppo_lstm__1__1700000000')?.slice(1)).toEqual([
      'CartPole-v1',
      'ppo_lstm',
      '1__1700000000',
    ]);
    expect(() => compilePattern('{algo}/{run}.csv')).toThrow(/unknown placeholder \{algo\}/);
  });

  it('recovers every part when the earlier parts do not hold the separator (property)', () => {
    const part = fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/).filter((s) => !s.includes('__'));
    const { regex } = compilePattern('{group}/{task}__{run}.csv');
    fc.assert(
      fc.property(part, part, fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/), (group, task, run) => {
        fc.pre(!task.endsWith('_'));
        expect(regex.exec(`${group}/${task}__${run}.csv`)?.slice(1)).toEqual([group, task, run]);
      }),
    );
  });

  it('without a pattern, every folder holding runs is a group; evidence folders are runs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'runs-discover-'));
    mkdirSync(join(root, 'ppo', 'seed1', 'curves', 'train'), { recursive: true });
    writeFileSync(join(root, 'ppo', 'seed1', 'training_log.csv'), 'step,reward\n1,2\n');
    writeFileSync(join(root, 'ppo', 'seed1', 'reward_components.csv'), 'step,n\n1,2\n');
    mkdirSync(join(root, 'ppo', 'seed2', 'curves', 'train'), { recursive: true });
    writeFileSync(
      join(root, 'ppo', 'seed2', 'curves', 'train', 'train_reward_history.json'),
      '{"reward_history":[1,NaN,3]}',
    );
    mkdirSync(join(root, 'a2c'));
    writeFileSync(join(root, 'a2c', 'run 1.csv'), 'step,reward\n1,2\n');
    writeFileSync(join(root, 'a2c', 'notes.md'), '#');
    const found = await discoverRuns(root);
    expect(found.runs.map((r) => [r.id, r.group, r.task])).toEqual([
      ['a2c/run 1.csv', 'a2c', 'all'],
      ['ppo/seed1', 'ppo', 'all'],
      ['ppo/seed2', 'ppo', 'all'],
    ]);
    expect(found.skipped).toEqual([]);
    expect(found.ignored).toEqual(['a2c/notes.md']);
    const loaded = await loadRuns(root);
    // the recorder's NaN is no point of the series (as an empty cell is not): the episodes with a value
    expect([...(loaded.runs[2]?.table.columns.get('reward') ?? [])]).toEqual([1, 3]);
    expect([...(loaded.runs[2]?.table.columns.get('episode') ?? [])]).toEqual([0, 2]);
  });
});

/** A CSV file written to a temp folder, read back as a run. */
async function csvTable(name: string, text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'runs-csv-'));
  writeFileSync(join(dir, name), text);
  return readRunTable(join(dir, name));
}

describe('CSV run tables (read by @evidence/sources)', () => {
  it('reads any header (spaces, slashes, quotes), nan/inf/booleans, and keeps text columns out', async () => {
    const table = await csvTable(
      'x.csv',
      '\ufeff"time/total_timesteps","ep rew, mean",flag,name\r\n1,nan,True,a\r\n2,inf,false,"b,c"\r\n',
    );
    expect([...table.columns.keys()]).toEqual(['time/total_timesteps', 'ep rew, mean', 'flag']);
    expect([...(table.columns.get('ep rew, mean') ?? [])]).toEqual([Number.NaN, Number.POSITIVE_INFINITY]);
    expect(table.issues.join('\n')).toMatch(/x\.csv: text columns \(not charted\): "name" \(line 2: "a"\)/);
  });

  it('round-trips any numeric table with any column names (property)', async () => {
    const name = fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((s) => !/[\r\n#]/.test(s) && s.trim() === s && s !== '');
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(name, { minLength: 1, maxLength: 5 }),
        fc.array(
          fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 5, maxLength: 5 }),
          { minLength: 1, maxLength: 20 },
        ),
        async (names, rows) => {
          const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
          const text = `${names.map(quote).join(',')}\n${rows.map((r) => names.map((_, c) => String(r[c])).join(',')).join('\n')}\n`;
          const table = await csvTable('p.csv', text);
          expect([...table.columns.keys()]).toEqual(names);
          names.forEach((n, c) => {
            expect([...(table.columns.get(n) ?? [])]).toEqual(
              rows.map((r) => (Object.is(r[c], -0) ? 0 : r[c])),
            );
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('an empty file or one with no numeric column is not a run, and says why', async () => {
    await expect(csvTable('empty.csv', '')).rejects.toThrow(/empty\.csv: no numeric column/);
    await expect(csvTable('names.csv', 'name\na\n')).rejects.toThrow(
      /names\.csv: no numeric column \(.*text columns \(not charted\): "name"/,
    );
  });
});

describe('bad input', () => {
  const run = async (path: string, text: string, group = 'g'): Promise<RunInput> => ({
    table: await csvTable(path, text),
    group,
    task: 't',
    path,
  });

  it('names the file and what was expected', async () => {
    const a = await run('a.csv', 'step,reward\n1,2\n2,3\n');
    const b1 = await run('b.csv', 'step,loss\n1,2\n');
    // a run logging other columns is left out and said (issue #21); none having a y column is an error
    expect(compareRuns([a, b1]).skipped).toEqual([
      { path: 'b.csv', why: 'no column "reward" (--y); it has "step", "loss"' },
    ]);
    expect(compareRuns([a, b1]).runs.map((r) => r.path)).toEqual(['a.csv']);
    // the y the discovery chose is the run's y, but never a loss (higher ranks as better here)
    expect(b1.table.y).toBe('loss');
    expect(() => compareRuns([b1])).toThrow(
      /b\.csv: its y "loss" is lower-is-better \(a loss\) and runs ranks higher as better; name a return or score with --y COL; it has "step", "loss"/,
    );
    const scores = await run('scores.csv', 'step,mean\n1,2\n2,3\n');
    expect(compareRuns([{ ...scores, table: { ...scores.table, y: 'mean' } }]).y).toBe('mean');
    expect(() => compareRuns([{ ...b1, table: { ...b1.table, y: null } }])).toThrow(
      /b\.csv: no y column; expected one of "reward".*it has "step", "loss"/,
    );

    const b2 = await run('b.csv', 'step,reward\n1,2\n');
    expect(() => compareRuns([a, b2], { y: 'ret' })).toThrow(
      /a\.csv: no column "ret" \(--y\); it has "step", "reward"/,
    );
    const b3 = await run('b.csv', 'step,reward\none,2\n');
    expect(() => compareRuns([a, b3])).toThrow(/b\.csv:2: column "step" \(--x\) is not numeric: "one"/);
    expect(() => compareRuns([])).toThrow(RunsInputError);
  });

  it('keeps a group with one run: its score alone, no interval, no P(A > B), said in words (issue #21)', async () => {
    const a = await run('a.csv', 'step,reward\n1,2\n2,3\n');
    const b = await run('b.csv', 'step,reward\n1,2\n2,5\n');
    const c = await run('c.csv', 'step,reward\n1,2\n2,7\n', 'h');
    const summary = compareRuns([a, b, c]);
    const lone = summary.tasks.t?.groups.h;
    expect(lone).toMatchObject({ runs: 1, complete: 1, iqm: 7, mean: 7, median: 7, iqm_ci: null });
    expect(lone?.note).toBe('one run: no interval; add seeds');
    const pairs = summary.improvement.t ?? [];
    expect(pairs).toHaveLength(2);
    for (const pair of pairs) {
      expect(pair).toMatchObject({ p: null, ci: null, seeds_needed: null, power: null });
      expect(pair.note).toBe('group "h" has one run: no P(A > B); add seeds');
    }
    expect(pairs.map((p) => `${p.a}>${p.b}`).sort()).toEqual(['g>h', 'h>g']);
    // the group of two: too few for an interval that holds 95 %, so its range, said why, and no note
    expect(summary.tasks.t?.groups.g?.iqm_ci).toBeNull();
    expect(summary.tasks.t?.groups.g?.range).toEqual([3, 5]); // the final scores of a and b
    expect(summary.tasks.t?.groups.g?.interval_note).toMatch(/^2 runs per task: too few for a 95% interval/);
    expect(summary.tasks.t?.groups.g?.note).toBeUndefined();
  });
});

describe('reproducibility', () => {
  it('the same seed gives the same intervals; another seed other intervals, same estimates', async () => {
    const root = writeRunFolder({ seeds: 8 });
    const { runs } = await loadRuns(root, { pattern: '{group}/{task}/{run}.csv' });
    const a = compareRuns(runs, { y: Y, seed: 1 });
    expect(compareRuns(runs, { y: Y, seed: 1 })).toEqual(a);
    const b = compareRuns(runs, { y: Y, seed: 2 });
    expect(b.tasks['CartPole-v1']?.groups.PPO?.iqm).toBe(a.tasks['CartPole-v1']?.groups.PPO?.iqm);
    expect(b.tasks['CartPole-v1']?.groups.PPO?.iqm_ci).not.toEqual(
      a.tasks['CartPole-v1']?.groups.PPO?.iqm_ci,
    );
    expect(a.aggregate).toBeNull();
  });
});
