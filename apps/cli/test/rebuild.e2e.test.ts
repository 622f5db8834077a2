import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, finished, runCli, startCli, tempDir } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What is left of a report folder, without the temp files a kill leaves behind. */
const files = (dir: string) =>
  readdirSync(dir)
    .filter((name) => !name.endsWith('.tmp'))
    .sort();

describe('a report killed at any point is completed by the next run', () => {
  it('SIGKILL at 12 points of `report`, then `report` again: every file written, none refused', async () => {
    const reference = copyFixture();
    const clean = await runCli(['report', reference]);
    expect(clean.code, clean.stderr).toBe(0);
    const expected = files(join(reference, 'report'));
    expect(expected).toContain('index.html');
    let killedMidway = 0;
    for (let point = 0; point < 12; point++) {
      const dir = copyFixture();
      const child = startCli(['report', dir]);
      await sleep(60 + point * 90);
      child.kill('SIGKILL');
      const first = await finished(child);
      if (first.signal === 'SIGKILL') killedMidway++;
      const again = await runCli(['report', dir]);
      expect(again.code, `killed at point ${point}: ${again.stderr}`).toBe(0);
      expect(`${again.stdout}${again.stderr}`, `killed at point ${point}`).not.toMatch(/did not write/);
      expect(files(join(dir, 'report')), `killed at point ${point}`).toEqual(expected);
    }
    expect(killedMidway).toBeGreaterThanOrEqual(6);
  });

  it('`runs --out` killed while writing never refuses its own folder', async () => {
    const root = tempDir('runs-kill');
    for (const group of ['a', 'b'])
      for (const seed of [0, 1]) {
        mkdirSync(join(root, 'runs', group), { recursive: true });
        const lines = ['step,reward', ...Array.from({ length: 30 }, (_, i) => `${i},${i * (seed + 1)}`)];
        writeFileSync(join(root, 'runs', group, `seed${seed}.csv`), `${lines.join('\n')}\n`);
      }
    const args = ['runs', join(root, 'runs'), '--pattern', '{group}/{run}.csv', '--resamples', '200'];
    for (let point = 0; point < 6; point++) {
      const out = join(root, `out-${point}`);
      const child = startCli([...args, '--out', out]);
      await sleep(150 + point * 120);
      child.kill('SIGKILL');
      await finished(child);
      const again = await runCli([...args, '--out', out]);
      expect(again.code, `killed at point ${point}: ${again.stderr}`).toBe(0);
      expect(files(out)).toEqual(expect.arrayContaining(['RUNS.md', 'index.html', 'runs.json']));
    }
  });
});

// A full disk: a 256 KiB tmpfs (needs root and mount; skipped with a reason otherwise, except on CI).
const mountPoint = tempDir('full-disk');
const mounted =
  process.getuid?.() === 0 &&
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mountPoint]).status === 0;
if (!mounted) console.warn('skipping the full-disk tests: mounting a 256 KiB tmpfs needs root');
afterAll(() => {
  if (mounted) execFileSync('umount', [mountPoint]);
});

describe.skipIf(!mounted && process.env.CI !== 'true')('a full disk (a 256 KiB tmpfs)', () => {
  /** Fills what is left of the tmpfs with one file, so the next write fails with ENOSPC. */
  const fill = (dir: string) => {
    const filler = join(dir, 'filler');
    spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k'], { stdio: 'ignore' });
    return filler;
  };

  it('report, plot and gif name the file they could not write; the report completes once there is room', async () => {
    const dir = join(mountPoint, 'evidence');
    mkdirSync(dir);
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward,loss\n1,1,0.5\n2,2,0.4\n3,3,0.3\n');
    mkdirSync(join(mountPoint, 'frames'));
    const { PNG } = (await import('pngjs')).default;
    const frame = new PNG({ width: 8, height: 8 });
    writeFileSync(join(mountPoint, 'frames', 'f1.png'), PNG.sync.write(frame));
    const filler = fill(mountPoint);

    const report = await runCli(['report', dir]);
    expect(report.code).toBe(1);
    expect(report.stderr.trim()).toMatch(/^evidence: .*evidence\/report\/\S+: no space left on device/);
    const plot = await runCli([
      'plot',
      join(dir, 'training_log.csv'),
      '--y',
      'reward',
      '-o',
      join(dir, 'r.png'),
    ]);
    expect(plot.code).toBe(1);
    expect(plot.stderr.trim()).toMatch(/^evidence: .*r\.png: no space left on device/);
    const gif = await runCli(['gif', join(mountPoint, 'frames'), '-o', join(mountPoint, 'out.gif')]);
    expect(gif.code).toBe(1);
    expect(gif.stderr.trim()).toMatch(/^evidence: .*out\.gif.*: no space left on device/);

    execFileSync('rm', [filler]);
    const again = await runCli(['report', dir]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toMatch(/did not write/);
    expect(files(join(dir, 'report'))).toEqual(expect.arrayContaining(['index.html', 'REPORT.md']));
  });
});
