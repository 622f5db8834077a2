/**
 * A training folder as real ones are (issue #21), through the built CLI: a 4-worker SB3 monitor run, a
 * header-only monitor file, a crashed 40-byte event file, a torn last line, several values at one step,
 * a TensorBoard restart, a group logging other columns, a loose event file at the top of runs/ and a
 * root progress.csv beside the run folders. Every command goes on (exit 0), says what it
 * skipped, and changes no value silently; --strict turns the skips into exit 1. The files are written by
 * test/messy_fixture.py as each tool writes them.
 */
import { cpSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_SIGNATURE, requireBuiltBin, runCli, tempDir } from './helpers.js';

const MESSY = fileURLToPath(new URL('./fixtures/messy', import.meta.url));
const CRASHED = 'runs/CartPole-v1__ppo_tb__3__1700000003';
const REPEATED = 'runs/CartPole-v1__ppo_tb__1__1700000001';
const RESUMED = 'runs/CartPole-v1__ppo_tb__2__1700000002';

/** The skips the discovery must say, relative to the folder. */
const DISCOVERY_SKIPS = [
  /ppo\/seed3: skipped: no values to read \(0\.monitor\.csv: no episode yet \(header only\)\)/,
  /runs\/CartPole-v1__ppo_tb__3__1700000003: skipped: no scalars logged/,
];

/** A copy: report writes into the folder it reads. */
function messyCopy(): string {
  const dir = join(tempDir('messy'), 'messy');
  cpSync(MESSY, dir, { recursive: true });
  return dir;
}

function parseCsv(text: string): Record<string, string>[] {
  const [header, ...rows] = text.trimEnd().split('\n');
  const names = (header as string).split(',');
  return rows.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell])));
}

beforeAll(() => requireBuiltBin());

describe('a messy real folder: nothing aborts, every skip is said, no value changes silently', () => {
  it('the fixture is what it claims: a 40-byte crashed event file, a torn last line', () => {
    const crashed = join(MESSY, CRASHED, 'events.out.tfevents.1700000003.host.1.0');
    expect(statSync(crashed).size).toBe(40);
    const torn = readFileSync(join(MESSY, 'ppo/seed2/0.monitor.csv'), 'utf8');
    expect(torn.endsWith('999.5,10')).toBe(true);
  });

  it('runs: the comparable runs compared, the others skipped with why (stderr and --json)', async () => {
    const out = join(tempDir('messy-runs'), 'report');
    const result = await runCli(['runs', MESSY, '--json', '--resamples', '200', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    for (const said of DISCOVERY_SKIPS) expect(result.stderr).toMatch(said);
    expect(result.stderr).toMatch(
      /dqn\/seed1: skipped: no column "timesteps" \(--x\); it has "time\/total_timesteps"/,
    );
    expect(result.stderr).toMatch(/ppo\/seed2\/0\.monitor\.csv:43: last line has no line end/);
    // one START (torch's purge_step on resume) is the run's first: TensorBoard purges nothing, nor does this
    expect(result.stderr).toMatch(
      /SessionLog START at step 200 is the run's first \(below step 400 logged before\)/,
    );
    const summary = JSON.parse(result.stdout);
    // the 4 workers of ppo/seed1 are one run, not 4; the header-only ppo/seed3 is skipped
    expect(summary.runs.map((r: { path: string }) => r.path)).toEqual([
      'a2c/seed1',
      'a2c/seed2',
      'ppo/seed1',
      'ppo/seed2',
    ]);
    expect(summary.runs.find((r: { path: string }) => r.path === 'ppo/seed1').rows).toBe(40);
    // 40 episodes of ppo/seed2: the torn 41st row is not read
    expect(summary.runs.find((r: { path: string }) => r.path === 'ppo/seed2').rows).toBe(40);
    const skipped = summary.skipped.map((s: { path: string }) => s.path).sort();
    // the root progress.csv and the loose event file at the top of runs/ are runs too (found, then left
    // out of this comparison for logging another x), never hidden by the run folders beside them
    expect(skipped).toEqual(['.', 'dqn/seed1', 'runs', REPEATED, RESUMED, CRASHED, 'ppo/seed3'].sort());
    expect(result.stderr).toMatch(/messy: 9 runs in \d+ groups/);
    // the captured console is no run's: named with why, on stderr and in --json
    expect(result.stderr).toMatch(
      /messy: not read: ppo\/seed1\/train\.log \(text starting "Using cpu device": not a table of records\)$/m,
    );
    expect(summary.unread).toEqual([
      { path: 'ppo/seed1/train.log', why: 'text starting "Using cpu device": not a table of records' },
    ]);
    // runs.json and the page say the same skips
    const written = JSON.parse(readFileSync(join(out, 'runs.json'), 'utf8'));
    expect(written.skipped.map((s: { path: string }) => s.path).sort()).toEqual(skipped);
    expect(readFileSync(join(out, 'RUNS.md'), 'utf8')).toMatch(/dqn\/seed1 skipped: no column "timesteps"/);

    const strict = await runCli(['runs', MESSY, '--strict', '--resamples', '200']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/--strict: 2 run\(s\) skipped/);
    expect(strict.stdout).toBe('');

    // only a group logging other columns is left out: --strict still says it
    const other = tempDir('messy-other');
    for (const run of ['a2c/seed1', 'a2c/seed2', 'dqn/seed1'])
      cpSync(join(MESSY, run), join(other, run), { recursive: true });
    const tolerant = await runCli(['runs', other, '--resamples', '200']);
    expect(tolerant.code, tolerant.stderr).toBe(0);
    expect(tolerant.stderr).toMatch(/dqn\/seed1: skipped: no column "timesteps" \(--x\)/);
    const strictOther = await runCli(['runs', other, '--strict', '--resamples', '200']);
    expect(strictOther.code).toBe(1);
    expect(strictOther.stderr).toMatch(/--strict: 1 run\(s\) skipped/);
  });

  it('export: every value kept (three at one step), the resumed run as TensorBoard shows it, no torn row', async () => {
    const dir = tempDir('messy-export');
    const file = join(dir, 'all.csv');
    const result = await runCli(['export', MESSY, '--out', file]);
    expect(result.code, result.stderr).toBe(0);
    for (const said of DISCOVERY_SKIPS) expect(result.stderr).toMatch(said);
    const rows = parseCsv(readFileSync(file, 'utf8'));
    const returns = (run: string) =>
      rows.filter((r) => r.source?.startsWith(run) && r.metric === 'charts/episodic_return');
    // CleanRL logged three episodic returns at global_step 200: all three kept, in order
    expect(returns(REPEATED).map((r) => [r.step, r.value])).toEqual([
      ['100', '110'],
      ['200', '210'],
      ['200', '211'],
      ['200', '212'],
      ['300', '310'],
    ]);
    // resumed at step 200 with the run's first SessionLog START: TensorBoard keeps both attempts, in order
    expect(returns(RESUMED).map((r) => [r.step, r.value])).toEqual([
      ['100', '21'],
      ['200', '22'],
      ['300', '23'],
      ['400', '24'],
      ['200', '32'],
      ['300', '33'],
    ]);
    // the loose event file at the top of runs/ and the root progress.csv: read, every value
    expect(
      rows.filter((r) => r.source === 'runs/events.out.tfevents.1700000009.host.9.0').map((r) => r.value),
    ).toEqual(['51', '52']);
    expect(
      rows
        .filter((r) => r.source === 'progress.csv' && r.metric === 'rollout/ep_rew_mean')
        .map((r) => r.value),
    ).toEqual(['10.5', '11.5', '12.5']);
    const torn = rows.filter((r) => r.source === 'ppo/seed2/0.monitor.csv' && r.metric === 'r');
    expect(torn).toHaveLength(40);
    expect(torn.some((r) => r.value === '999.5')).toBe(false);
    expect(rows.filter((r) => r.group === 'ppo' && r.run === 'seed1' && r.metric === 'r')).toHaveLength(40);
    expect(rows.some((r) => r.run === 'seed3' || r.source?.startsWith(CRASHED))).toBe(false);

    const strict = await runCli(['export', MESSY, '--out', join(dir, 'strict.csv'), '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/--strict: 2 run\(s\) skipped/);
  });

  it('table: a run folder step by step, every value at a repeated step shown', async () => {
    const result = await runCli(['table', join(MESSY, REPEATED)]);
    expect(result.code, result.stderr).toBe(0);
    const at200 = result.stdout.split('\n').filter((line) => /^\s*200\s/.test(line));
    expect(at200.map((line) => line.trim().split(/\s+/)[1])).toEqual(['210', '211', '212']);
    const torn = await runCli(['table', join(MESSY, 'ppo/seed2')]);
    expect(torn.code, torn.stderr).toBe(0);
    expect(torn.stdout.split('\n').filter((line) => /^\s*\d/.test(line))).toHaveLength(40);
    expect(torn.stdout).not.toMatch(/999\.5/);
    expect(torn.stderr).toMatch(/0\.monitor\.csv:43: last line has no line end/);
  });

  it('plot and report: drawn from what is readable, the skips said', async () => {
    const out = join(tempDir('messy-plot'), 'curves.png');
    const plot = await runCli(['plot', MESSY, '--out', out]);
    expect(plot.code, plot.stderr).toBe(0);
    for (const said of DISCOVERY_SKIPS) expect(plot.stderr).toMatch(said);
    expect(plot.stdout).toMatch(/wrote/);
    expect(readFileSync(out).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const strict = await runCli(['plot', MESSY, '--out', join(tempDir('messy-plot'), 'x.png'), '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/--strict: 2 run\(s\) skipped/);

    const dir = messyCopy();
    const report = await runCli(['report', dir, '--resamples', '200']);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/skipped ppo\/seed3: no values to read/);
    expect(report.stdout).toMatch(/skipped runs\/CartPole-v1__ppo_tb__3__1700000003: no scalars logged/);
    expect(report.stderr).toMatch(/SessionLog START at step 200 is the run's first/);
    expect(readFileSync(join(dir, 'report', 'REPORT.md'), 'utf8')).toMatch(/ppo\/seed3/);
  });
});
