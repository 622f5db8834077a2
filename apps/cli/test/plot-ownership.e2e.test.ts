// `evidence plot` and `evidence watch` never write over a file another program wrote: by default they
// draw into the report folder, and they replace only files evidence wrote (the record the report keeps).
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  copyFixture,
  finished,
  hashTree,
  PNG_SIGNATURE,
  requireBuiltBin,
  runCli,
  startCli,
  tempDir,
  waitForOutput,
} from './helpers.js';

beforeAll(requireBuiltBin);

const CHARTS = [
  'training_curve.png',
  'reward_components.png',
  'checkpoint_progression.png',
  'before_after_summary.png',
  'reward_distribution.png',
];
const isPng = (path: string) => readFileSync(path).subarray(0, 8).equals(PNG_SIGNATURE);
/** The trainer's files: everything outside report/. */
const trainerFiles = (dir: string) =>
  new Map([...hashTree(dir)].filter(([file]) => !file.startsWith('report/')));
const recorded = (dir: string): string[] =>
  JSON.parse(readFileSync(join(dir, '.evidence-report.json'), 'utf8')).files;

describe('evidence plot on a Python trainer folder', () => {
  it("draws into DIR/report/ and leaves the trainer's files byte-identical; a second plot replaces its own", async () => {
    const dir = copyFixture();
    const before = hashTree(dir);
    const first = await runCli(['plot', dir]);
    expect(first.code, first.stderr).toBe(0);
    expect(trainerFiles(dir)).toEqual(before);
    for (const chart of CHARTS) expect(isPng(join(dir, 'report', chart)), chart).toBe(true);
    expect(recorded(join(dir, 'report'))).toEqual([...CHARTS].sort());
    const inode = statSync(join(dir, 'report', 'training_curve.png')).ino;

    const second = await runCli(['plot', dir]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).not.toMatch(/skipped/);
    expect(second.stdout.match(/^wrote /gm)).toHaveLength(CHARTS.length);
    // replaced (a new file renamed over it), not left alone
    expect(statSync(join(dir, 'report', 'training_curve.png')).ino).not.toBe(inode);
    expect(trainerFiles(dir)).toEqual(before);
  });

  it("-o the evidence folder itself: every trainer's chart is skipped, saying why, left as it is, and exit 1 (nothing drawn)", async () => {
    const dir = copyFixture();
    const before = hashTree(dir);
    const result = await runCli(['plot', dir, '-o', dir]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('no chart drawn');
    for (const chart of CHARTS) {
      expect(result.stdout).toContain(`skipped ${chart}: a file evidence did not write is already there`);
    }
    for (const [file, hash] of before) expect(hashTree(dir).get(file), file).toBe(hash);
  });

  it('the report replaces the charts plot drew, and plot those the report drew: one record', async () => {
    const dir = copyFixture();
    expect((await runCli(['plot', dir])).code).toBe(0);
    const report = await runCli(['report', dir]);
    expect(report.code, report.stderr).toBe(0);
    for (const chart of CHARTS) {
      expect(report.stdout).toMatch(new RegExp(`^wrote .*report/${chart.replace('.', '\\.')}$`, 'm'));
      expect(report.stdout).not.toContain(`skipped report/${chart}`);
    }
    const again = await runCli(['plot', dir]);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toMatch(/skipped/);
    expect(recorded(join(dir, 'report'))).toEqual(expect.arrayContaining([...CHARTS, 'index.html']));
  });
});

describe('evidence plot FILE -o an existing file', () => {
  it('refuses a file evidence did not write (exit 1, one line) unless --force; then replaces its own', async () => {
    const dir = tempDir('plot-own');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,loss\n1,1.5\n2,0.9\n3,0.4\n');
    const out = join(dir, 'mine.png');
    writeFileSync(out, 'a file another program wrote');
    const refused = await runCli(['plot', csv, '--y', 'loss', '-o', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(
      /^evidence: .*mine\.png: a file evidence did not write is already there.*--force/,
    );
    expect(readFileSync(out, 'utf8')).toBe('a file another program wrote');

    const forced = await runCli(['plot', csv, '--y', 'loss', '-o', out, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(isPng(out)).toBe(true);
    // evidence wrote it now: the next plot replaces it without --force
    const again = await runCli(['plot', csv, '--y', 'loss', '-o', out]);
    expect(again.code, again.stderr).toBe(0);
  });

  it("the standard chart of one log goes to report/, and -o onto the trainer's chart is refused", async () => {
    const dir = copyFixture();
    const before = hashTree(dir);
    const log = join(dir, 'training_log.csv');
    const result = await runCli(['plot', log]);
    expect(result.code, result.stderr).toBe(0);
    expect(isPng(join(dir, 'report', 'training_curve.png'))).toBe(true);
    const refused = await runCli(['plot', log, '-o', join(dir, 'training_curve.png')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/training_curve\.png: a file evidence did not write is already there/);
    expect(trainerFiles(dir)).toEqual(before);
  });
});

describe('evidence watch on a Python trainer folder', () => {
  it("draws once into DIR/report/, stops on Ctrl-C, and leaves the trainer's files byte-identical", async () => {
    const dir = copyFixture();
    const before = hashTree(dir);
    const child = startCli(['watch', dir, '--debounce', '50']);
    await waitForOutput(child, (out) => out.stderr.includes('watching'));
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
    expect(child.output.stdout.match(/^wrote .*report\/\w+\.png$/gm)).toHaveLength(CHARTS.length);
    expect(trainerFiles(dir)).toEqual(before);
    for (const chart of CHARTS) expect(isPng(join(dir, 'report', chart)), chart).toBe(true);
  });

  it('-o chooses the folder; a file there that evidence did not write is skipped and kept', async () => {
    const dir = copyFixture();
    const out = tempDir('watch-out');
    writeFileSync(join(out, 'training_curve.png'), 'not ours');
    const child = startCli(['watch', dir, '-o', out, '--debounce', '50']);
    await waitForOutput(child, (out) => out.stderr.includes('watching'));
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
    expect(child.output.stdout).toMatch(/skipped training_curve\.png: a file evidence did not write/);
    expect(readFileSync(join(out, 'training_curve.png'), 'utf8')).toBe('not ours');
    expect(isPng(join(out, 'reward_components.png'))).toBe(true);
  });
});
