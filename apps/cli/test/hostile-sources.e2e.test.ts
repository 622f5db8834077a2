/**
 * Small hostile inputs beside real runs, through every command that discovers runs (issue 40): one bad
 * file is skipped and named, the command goes on (exit 0), and its peak memory stays bounded (GNU time).
 * Speed is bench's (packages/sources/bench/hostile.ts), never asserted here.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { openCsvLog } from '@evidence/csv-log';
import { describe, expect, it } from 'vitest';
import { aliasBomb, runFolder, zipOf } from '../../../packages/sources/test/hostile-fixtures.js';
import { binPath, requireBuiltBin, runCli, tempDir } from './helpers.js';

const TIME = '/usr/bin/time';
const timeMissing = !existsSync(TIME) && process.env.CI !== 'true';
if (timeMissing) console.warn(`skipping the peak-memory checks: ${TIME} (GNU time) is not installed`);

const GIB = 2 ** 30;
const HOUR_AGO = new Date(Date.now() - 3_600_000);

/** The command under GNU time (and `prefix`, e.g. setpriv): exit code, output, peak memory in bytes. */
function measured(args: string[], cwd: string, prefix: string[] = []) {
  requireBuiltBin();
  const child = spawnSync(
    prefix[0] ?? TIME,
    [...prefix.slice(1), ...(prefix.length > 0 ? [TIME] : []), '-v', process.execPath, binPath, ...args],
    {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
      // a hang is a failure to see, not a speed bound: far past any honest run on a loaded machine
      timeout: 300_000,
      killSignal: 'SIGKILL',
    },
  );
  const peak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr)?.[1]) * 1024;
  const own =
    child.stderr.split(/^(?:Command exited with non-zero status \d+\n)?\tCommand being timed/m)[0] ?? '';
  return { code: child.status, stdout: child.stdout, stderr: own, peak };
}

describe.skipIf(timeMissing)('a YAML alias bomb beside a run', () => {
  for (const form of ['list', 'map'] as const)
    it(`runs and export (${form} form): the configuration is skipped and named, memory bounded`, () => {
      const root = tempDir('alias-bomb');
      runFolder(root, 'run1', { 'config.yml': aliasBomb(form) });
      runFolder(root, 'run2', { 'hparams.yaml': 'lr: 0.001\n' });
      for (const args of [
        ['runs', '.'],
        ['export', '.', '-o', join(root, 'out.csv')],
      ]) {
        const result = measured(args, root);
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).toMatch(
          /run1\/config\.yml: not readable YAML \(its aliases expand to more than/,
        );
        expect(result.peak).toBeGreaterThan(0);
        expect(result.peak).toBeLessThan(GIB);
      }
      const exported = readFileSync(join(root, 'out.csv'), 'utf8');
      expect(exported.split('\n')[0]).toBe('group,task,run,run_id,source,metric,step,wall_time,value,lr');
    });
});

describe.skipIf(timeMissing)(
  'an .npz whose entries inflate past the sizes its zip directory declares',
  () => {
    it('runs: that file is stopped and named, the run is read without it, memory bounded', () => {
      const root = tempDir('npz-lie');
      // 64 MiB of zeros behind each declared kilobyte: stopped within a slice, never inflated to its end
      const zeros = deflateRawSync(Buffer.alloc(64 * 2 ** 20), { level: 9 });
      runFolder(root, 'lying', {
        'evaluations.npz': zipOf([
          ['timesteps.npy', zeros, 1000],
          ['results.npy', zeros, 1000],
        ]),
      });
      runFolder(root, 'other');
      const result = measured(['runs', '.', '--json'], root);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(
        /lying\/evaluations\.npz: timesteps\.npy inflates to more than the 1,000 bytes its zip directory declares \(a zip bomb\?\); stopped there; not read; the run is read without it/,
      );
      expect(result.stderr).toMatch(/2 runs\b/);
      expect(result.peak).toBeLessThan(GIB);
    });
  },
);

// as root a file of mode 000 is still readable: the commands run as `nobody` then (a real EACCES)
const asNobody =
  process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
const noOtherUser = asNobody.length > 0 && spawnSync('setpriv', ['--version']).status !== 0;
if (noOtherUser && process.env.CI !== 'true')
  console.warn('skipping the unreadable-file commands: running as root without setpriv to drop to nobody');

describe.skipIf(noOtherUser || timeMissing)('a file the user may not read', () => {
  it('runs, report, export and plot skip that run with its reason and exit 0', () => {
    const root = tempDir('unreadable');
    chmodSync(root, 0o777);
    runFolder(root, 'a');
    const locked = runFolder(root, 'b');
    chmodSync(join(root, 'a'), 0o755);
    chmodSync(join(root, 'a', 'progress.csv'), 0o644);
    chmodSync(locked, 0o755);
    chmodSync(join(locked, 'progress.csv'), 0o000);
    for (const args of [
      ['runs', '.'],
      ['report', '.', '-o', join(root, 'report')],
      ['export', '.', '-o', join(root, 'out.csv')],
      ['plot', '.', '-o', join(root, 'plot.svg')],
    ]) {
      const result = measured(args, root, asNobody);
      expect(result.code, `${args[0]}: ${result.stderr}`).toBe(0);
      // the report lists what it skipped in its summary (stdout), the others on stderr
      expect(result.stdout + result.stderr, args[0]).toMatch(
        /b\/progress\.csv.*not readable \(permission denied, EACCES\)/,
      );
    }
    expect(readFileSync(join(root, 'out.csv'), 'utf8')).toMatch(/^a,|\na,|,a,/);
  });
});

describe.skipIf(timeMissing)('a link to / inside the folder', () => {
  it('runs reads the folder, not the machine: the link is named as not walked', () => {
    const root = tempDir('link-root');
    runFolder(root, 'run');
    symlinkSync('/', join(root, 'machine'));
    const result = measured(['runs', '.', '--json'], root);
    expect(result.code, result.stderr).toBe(0);
    const { unread } = JSON.parse(result.stdout) as { unread: { path: string; why: string }[] };
    expect(unread).toEqual([{ path: 'machine', why: 'a link to /, a folder holding this one, not walked' }]);
    expect(result.stderr).toMatch(/1 run\b/);
    expect(result.peak).toBeLessThan(GIB);
  });
});

describe("a csv-log log under another name, cut in its last line: table's rule everywhere", () => {
  it('export, runs and table all leave the cut row out (1000,1009 is never read for 1000,1009.5)', async () => {
    const root = tempDir('torn');
    const whole = join(root, 'whole', 'scores.csv');
    mkdirSync(join(root, 'whole'));
    const log = openCsvLog(whole, { columns: ['step', 'reward'] });
    for (let i = 1; i <= 1000; i++) log.append({ step: i, reward: i + 9.5 });
    await log.close();
    const text = readFileSync(whole, 'utf8');
    const dir = join(root, 'cut');
    mkdirSync(dir);
    const path = join(dir, 'scores.csv');
    // cut after `1000,1009`: every field there, the last one short
    writeFileSync(path, text.slice(0, text.lastIndexOf('.5\n')));
    utimesSync(path, HOUR_AGO, HOUR_AGO);
    const out = join(root, 'out.csv');
    const exported = await runCli(['export', dir, '-o', out]);
    expect(exported.code, exported.stderr).toBe(0);
    // said in the same words by every command (issue 40)
    const said =
      'scores.csv:1001: last line has no line end and its last cell is no quoted text closed, so a cut cannot be told from a value (torn); not read: "1000,1009"';
    expect(exported.stderr).toContain(said);
    const rows = readFileSync(out, 'utf8').trim().split('\n');
    expect(rows).toHaveLength(1 + 999);
    expect(rows.at(-1)).toMatch(/,999,,1008\.5$/);
    const table = await runCli(['table', path]);
    expect(table.stderr).toContain(said);
    expect(table.stdout).not.toMatch(/\b1009\b/);
  });
});
