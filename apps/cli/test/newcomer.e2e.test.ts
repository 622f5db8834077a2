/**
 * What a newcomer tripped on: a reward cell that is not a number, a binary log, help that points to a
 * file users do not have, "1 tasks", budgets rounded to 4 digits.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, runCli, tempDir } from './helpers.js';

describe('what a newcomer tripped on', () => {
  it('compare on a CSV whose reward cells hold N/A, nothing or nan: those rows are skipped by line, the rest used', async () => {
    const dir = tempDir('na');
    writeFileSync(join(dir, 'pre.csv'), 'r,l\n1.5,3\nN/A,4\n2.5,5\n,6\nnan,7\n3,8\n');
    writeFileSync(join(dir, 'post.csv'), 'r,l\n4,3\n5,4\n6,5\n7,3\n');
    const result = await runCli([
      'compare',
      join(dir, 'pre.csv'),
      join(dir, 'post.csv'),
      '--reward-key',
      'r',
      '--json',
      '--resamples',
      '200',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const metrics = JSON.parse(result.stdout);
    expect(metrics.pre.n).toBe(3);
    expect(metrics.pre.mean_reward).toBeCloseTo((1.5 + 2.5 + 3) / 3, 12);
    expect(metrics.post.n).toBe(4);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/pre\.csv:3: expected a finite number in "r", got "N\/A"$/),
      expect.stringMatching(/pre\.csv:5: expected a finite number in "r", got ""$/),
      expect.stringMatching(/pre\.csv:6: expected a finite number in "r", got "nan"$/),
    ]);
  });

  it('report on a binary training_log.csv exits 1 with one line naming it, and writes nothing', async () => {
    const dir = join(tempDir('binary'), 'evidence');
    mkdirSync(dir);
    const binary = Buffer.alloc(2048);
    binary.write('\u007fELF', 0, 'latin1');
    for (let i = 16; i < binary.length; i++) binary[i] = (i * 37) % 256;
    writeFileSync(join(dir, 'training_log.csv'), binary);
    const result = await runCli(['report', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^evidence: .*training_log\.csv: binary data \(a NUL byte at byte 4\), not a UTF-8 text log; nothing written$/,
      ),
    ]);
    expect(existsSync(join(dir, 'report'))).toBe(false);
  });

  it('a problem of a whole file is named without a line 0 (run.json that is not JSON)', async () => {
    const dir = copyFixture();
    writeFileSync(join(dir, 'run.json'), '{bad');
    const result = await runCli(['report', dir, '--resamples', '200']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/run\.json: not valid JSON/);
    expect(result.stderr).not.toMatch(/:0: /);
  });

  it.each(['report', 'plot', 'compare', 'table', 'gif', 'watch', 'env', 'runs', 'import'])(
    '%s --help points to nothing users do not have (DESIGN.md is in the repository only)',
    async (command) => {
      const result = await runCli([command, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('DESIGN.md');
    },
  );

  it('runs: "1 task", and the budget exactly as the longest run reached it (35839, not 35840)', async () => {
    const root = tempDir('budget');
    for (const group of ['a', 'b'])
      for (const seed of [1, 2, 3]) {
        mkdirSync(join(root, group), { recursive: true });
        const rows = ['step,reward'];
        for (let i = 0; i <= 20; i++)
          rows.push(`${Math.round((35839 * i) / 20)},${i * (group === 'a' ? 2 : 1) + seed}`);
        writeFileSync(join(root, group, `seed${seed}.csv`), `${rows.join('\n')}\n`);
      }
    const out = join(tempDir('budget-out'), 'report');
    const result = await runCli(['runs', root, '--resamples', '200', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/6 runs in 2 groups and 1 task \(all\)/);
    expect(result.stdout).not.toMatch(/\b1 (tasks|groups|runs|rows)\b/);
    expect(result.stdout).toContain('budget step = 35839)');
    const markdown = readFileSync(join(out, 'RUNS.md'), 'utf8');
    expect(markdown).toContain('(budget 35839)');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('(budget step = 35839)');
  });
});
