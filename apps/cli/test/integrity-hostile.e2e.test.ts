import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_SIGNATURE, runCli, tempDir, zeroPng } from './helpers.js';
import { GiB, measured, timeMissing } from './measure.js';

// Issue 40, "bounded on small hostile inputs": files of a few megabytes that took gigabytes, minutes, a
// Node stack trace or exit 0 with nothing done. Each runs the built command as a real child process.

if (timeMissing) console.warn('skipping the peak-memory checks: /usr/bin/time (GNU time) is not installed');

/** A 2.6 MB CSV of 100,000 columns (step, c0 … c99998) and 12 rows of one digit each. */
function wideCsv(): string {
  const columns = 100_000;
  const header = ['step', ...Array.from({ length: columns - 1 }, (_, i) => `c${i}`)].join(',');
  const rows = Array.from({ length: 12 }, (_, step) =>
    [step, ...Array.from({ length: columns - 1 }, (_, i) => (step * 7 + i) % 10)].join(','),
  );
  return `${header}\n${rows.join('\n')}\n`;
}

describe.skipIf(timeMissing)('a 2.6 MB CSV of 100,000 columns stays under 1 GiB (plot was 23.9 GB)', () => {
  const dir = tempDir('wide');
  mkdirSync(join(dir, 'evidence'));
  writeFileSync(join(dir, 'wide.csv'), wideCsv());
  writeFileSync(join(dir, 'evidence', 'training_log.csv'), wideCsv());

  it('plot DIR: the training curve fails naming 20 of its columns and how many more, in one short line', async () => {
    const result = await measured(['plot', 'evidence'], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      'training_log.csv: no column "reward" or "loss" to draw the training curve from (its columns: step, c0, c1,',
    );
    expect(result.stderr).toContain('c18, … and 99,980 more)');
    expect(result.stderr.length).toBeLessThan(2_000);
    expect(result.peak).toBeLessThan(GiB);
  });

  it('plot FILE: its curve is drawn', async () => {
    const result = await measured(['plot', 'wide.csv'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 'wide.png')).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(result.peak).toBeLessThan(GiB);
  });

  it('table: every column, its last one too', async () => {
    const result = await measured(['table', 'evidence/training_log.csv'], dir);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(13);
    expect(lines[0]?.trimEnd().endsWith('c99998')).toBe(true);
    expect(result.peak).toBeLessThan(GiB);
  });

  it('runs: the run is read', async () => {
    const result = await measured(['runs', 'wide.csv'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('1 run in 1 group');
    expect(result.peak).toBeLessThan(GiB);
  });

  it('export: every value of every column', async () => {
    const result = await measured(['export', 'evidence', '-o', 'out.csv'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('wrote   out.csv (1199988 values of 99999 metrics from 1 run)');
    const out = readFileSync(join(dir, 'out.csv'), 'utf8');
    // c99998 at step 11: (11·7 + 99998) % 10; checked as a boolean, so a failure prints no 30 MB diff
    expect(out.includes(',training_log.csv,c99998,11,,5\n')).toBe(true);
    expect(out.split('\n')).toHaveLength(1_199_988 + 2);
    expect(result.peak).toBeLessThan(GiB);
  });
});

describe.skipIf(timeMissing)('gif: twelve 4096×4096 zlib-bomb frames (took 15 s)', () => {
  it('are refused from their headers before any is decoded, naming the frame and the limit', async () => {
    const dir = tempDir('bomb');
    mkdirSync(join(dir, 'frames'));
    const bomb = zeroPng(4096, 4096);
    for (let i = 0; i < 12; i++)
      writeFileSync(join(dir, 'frames', `f${String(i).padStart(2, '0')}.png`), bomb);
    const result = await measured(['gif', 'frames', '-o', 'out.gif'], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.trim()).toBe(
      'evidence: frames/f03.png: frame 4 of 12 (4096×4096) takes the frames past 64,000,000 pixels in all, the most one GIF may hold (1,000 frames of 256×256); use fewer or smaller frames',
    );
    expect(readdirSync(dir)).toEqual(['frames']);
    expect(result.peak).toBeLessThan(GiB / 4);
  });
});

const DEV_FULL = '/dev/full';
const devFullMissing = !existsSync(DEV_FULL);
if (devFullMissing) console.warn(`skipping the full-stdout checks: ${DEV_FULL} is missing`);

/** Two groups of two small runs, for `runs`. */
function runsFolder(): string {
  const root = tempDir('runs');
  for (const group of ['a', 'b']) {
    mkdirSync(join(root, group));
    for (const seed of [0, 1]) {
      const lines = ['step,reward', ...Array.from({ length: 20 }, (_, i) => `${i},${i * (seed + 1)}`)];
      writeFileSync(join(root, group, `seed${seed}.csv`), `${lines.join('\n')}\n`);
    }
  }
  return root;
}

describe.skipIf(devFullMissing || timeMissing)('standard output on a full device', () => {
  it('runs DIR > /dev/full: one line naming standard output and the reason, exit 1, no stack trace', async () => {
    const root = runsFolder();
    const result = await measured(['runs', root, '--resamples', '200'], root, { stdoutFile: DEV_FULL });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
      'evidence: standard output: no space left on device',
    );
  });
});

// A real full disk: a 256 KB tmpfs, mounted when the tests may (root with the right to mount, as in CI's
// container); otherwise each test is skipped, saying why.
describe.skipIf(timeMissing)('a full disk (a 256 KB tmpfs)', () => {
  const dir = tempDir('full-disk');
  const full = join(dir, 'full');
  let mounted = false;
  beforeAll(() => {
    writeFileSync(join(dir, 'wide.csv'), wideCsv());
    mkdirSync(full);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', full], { stdio: 'ignore' });
      mounted = true;
    } catch {
      console.warn('skipping the full-disk checks: mounting a small tmpfs needs root (and CAP_SYS_ADMIN)');
    }
  });
  afterAll(() => {
    if (mounted) execFileSync('umount', [full]);
  });

  it('table big.csv > full/out: never exit 0 with the output cut short', async (context) => {
    if (!mounted) context.skip();
    const out = join(full, 'out.txt');
    const result = await measured(['table', 'wide.csv'], dir, { stdoutFile: out });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
      'evidence: standard output: no space left on device',
    );
    rmSync(out);
  });

  it('export -o full/out.parquet: names the file and says no space is left', async (context) => {
    if (!mounted) context.skip();
    const result = await measured(['export', 'wide.csv', '-o', 'full/out.parquet'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
      'evidence: full/out.parquet: no space left on device',
    );
    expect(readdirSync(full)).toEqual([]);
  });
});

describe('user input echoed back, options ignored, nothing done: each said, with the right exit code', () => {
  const ESC = '\u001b';

  it('an unknown command or option shows its escapes, never sends them', async () => {
    const command = await runCli([`plto${ESC}]0;pwned\u0007`]);
    expect(command.code).toBe(2);
    expect(command.stderr).not.toContain(ESC);
    expect(command.stderr).toContain("evidence: unknown command 'plto\\x1b]0;pwned\\x07'");
    const option = await runCli(['table', `--bar${ESC}[2J`, 'x.csv']);
    expect(option.code).toBe(2);
    expect(option.stderr).not.toContain(ESC);
    expect(option.stderr).toContain("evidence: unknown option '--bar\\x1b[2J'");
  });

  it('table: an unnamed or repeated column is said in the terms of the file, not the table library', async () => {
    const dir = tempDir('table-header');
    writeFileSync(join(dir, 'dup.csv'), 'step,loss,loss\n1,2,3\n');
    writeFileSync(join(dir, 'unnamed.csv'), 'step,,loss\n1,2,3\n');
    const dup = await runCli(['table', 'dup.csv'], { cwd: dir });
    expect(dup.code).toBe(1);
    expect(dup.stderr.trim()).toBe(
      'evidence: dup.csv:1: column 3 of the header line is named "loss", like column 2; every column needs a name of its own to be shown',
    );
    const unnamed = await runCli(['table', 'unnamed.csv'], { cwd: dir });
    expect(unnamed.code).toBe(1);
    expect(unnamed.stderr.trim()).toBe(
      'evidence: unnamed.csv:1: column 2 of the header line has no name; every column needs one to be shown',
    );
  });

  it('--run-column that splits nothing exits 1 naming the column and the columns read', async () => {
    const root = runsFolder();
    for (const args of [
      ['runs', root],
      ['plot', root, '-o', join(root, 'out.png')],
      ['export', root, '-o', join(root, 'out.csv')],
    ]) {
      const result = await runCli([...args, '--run-column', 'nope']);
      expect(result.code, args[0]).toBe(1);
      expect(result.stderr, args[0]).toContain(
        ': --run-column "nope": no table read here has that column, so nothing was split into runs; the columns read: "step", "reward"',
      );
    }
    expect(readdirSync(root).sort()).toEqual(['a', 'b']);
    // the column a long table has still splits it
    const dir = tempDir('long');
    writeFileSync(join(dir, 'long.csv'), 'run,step,reward\na,1,1\na,2,2\nb,1,3\nb,2,5\n');
    const long = await runCli(['runs', 'long.csv', '--run-column', 'run', '--resamples', '200'], {
      cwd: dir,
    });
    expect(long.code, long.stderr).toBe(0);
    expect(long.stderr).toContain('2 runs');
  });

  it('an EVIDENCE_ value with spaces around it is refused naming the variable', async () => {
    const result = await runCli(['env'], { env: { EVIDENCE_ANIMATION_EVERY: ' 5 ' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'evidence: EVIDENCE_ANIMATION_EVERY=" 5 ": expected an integer >= 0 (digits only), with no spaces around it',
    );
  });

  it('plot DIR whose every chart is skipped exits 1 saying nothing was drawn', async () => {
    const dir = tempDir('nothing-drawn');
    mkdirSync(join(dir, 'evidence'));
    writeFileSync(join(dir, 'evidence', 'training_log.csv'), 'step,reward,loss\n1,,\n2,,\n');
    const result = await runCli(['plot', 'evidence'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'skipped training_curve.png: training_log.csv has no values in "reward" or "loss"',
    );
    expect(result.stderr.trim()).toBe(
      'evidence: evidence: no chart drawn: every chart was skipped (the reasons are above)',
    );
    expect(readdirSync(join(dir, 'evidence', 'report')).filter((f) => f.endsWith('.png'))).toEqual([]);
  });
});
