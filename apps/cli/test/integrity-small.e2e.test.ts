// The smaller promises of issue 30, each through the built command.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.js';

describe('exit codes and messages', () => {
  it('table on an empty file is bad input (exit 1), one line', async () => {
    const dir = tempDir('empty');
    writeFileSync(join(dir, 'empty.csv'), '');
    const result = await runCli(['table', join(dir, 'empty.csv')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^evidence: .*empty\.csv: empty file, no header line\n$/);
  });

  it('env --prefix with a character no variable name holds is bad usage (exit 2)', async () => {
    const result = await runCli(['env', '--prefix', 'a b/']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected letters, digits and underscores only, got "a b/"');
  });

  it('runs --out naming a file says so before any statistics, not a raw EEXIST', async () => {
    const dir = tempDir('runs-out');
    mkdirSync(join(dir, 'root', 'a'), { recursive: true });
    writeFileSync(join(dir, 'root', 'a', 'progress.csv'), 'step,reward\n1,1\n2,2\n');
    writeFileSync(join(dir, 'taken'), 'mine');
    const result = await runCli(['runs', 'root', '--out', 'taken'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/evidence: taken: is a file; --out names the folder the report goes to\n$/);
    expect(result.stderr).not.toContain('EEXIST');
  });
});

describe('bad lines are said where they are', () => {
  it('an unclosed quote in a foreign CSV is reported at the line it opens on (2, not 100002)', async () => {
    const dir = tempDir('quote');
    mkdirSync(join(dir, 'run'));
    const rows = Array.from({ length: 100_000 }, (_, i) => `${i + 2},x`).join('\n');
    writeFileSync(join(dir, 'run', 'progress.csv'), `step,note\n1,"never closed\n${rows}\n`);
    const result = await runCli(['table', 'run'], { cwd: dir });
    // a quote open to the end of the file: the last record torn, as `table` of the file says it
    expect(result.stderr).toContain(
      'progress.csv:2: torn last record (a quoted cell opened here never closes); not read',
    );
    expect(result.stderr).not.toContain('Quoted field unterminated');
    expect(result.stderr).not.toContain('100002');
  });

  it('export lists the torn and skipped lines it did not export', async () => {
    const dir = tempDir('export-issues');
    mkdirSync(join(dir, 'root', 'a'), { recursive: true });
    writeFileSync(join(dir, 'root', 'a', 'progress.csv'), 'step,reward\n1,1\n2,2,9\n3,3\n4,4');
    const result = await runCli(['export', 'root', '--out', 'all.csv'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/progress\.csv:3: .*row skipped/);
    expect(result.stderr).toMatch(/progress\.csv:5: .*torn/);
  });
});

describe('runs deep below the root', () => {
  it('a run 12 folders below the root is found: the whole tree is walked, no depth cutoff', async () => {
    const dir = tempDir('deep-runs');
    const deep = join(dir, 'root', ...'abcdefghijkl'.split(''));
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, 'progress.csv'), 'step,reward\n1,1\n2,2\n');
    mkdirSync(join(dir, 'root', 'near'), { recursive: true });
    writeFileSync(join(dir, 'root', 'near', 'progress.csv'), 'step,reward\n1,1\n2,2\n');
    const result = await runCli(['runs', 'root'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/2 runs in 2 groups/);
    expect(result.stdout).toMatch(/a\/b\/c\/d\/e\/f\/g\/h\/i\/j\/k /);
  });
});

describe('bounded: no spread of a large array, no recursion into deep JSON', () => {
  it('table on a JSON Lines run of 150,000 rows prints every row', async () => {
    const dir = tempDir('big-jsonl');
    mkdirSync(join(dir, 'run'));
    const lines = Array.from({ length: 150_000 }, (_, i) => `{"step":${i},"reward":${i / 2}}`);
    writeFileSync(join(dir, 'run', 'progress.jsonl'), `${lines.join('\n')}\n`);
    const result = await runCli(['table', 'run'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('Maximum call stack');
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\s*149999\s+74999\.5000$/);
  });

  it('a run.json nested 200,000 levels deep is named, with its line and column, and the report still made', async () => {
    const dir = tempDir('deep');
    writeFileSync(join(dir, 'run.json'), `{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    writeFileSync(join(dir, 'training_log.csv'), 'step,reward,loss\n1,0.5,1\n2,0.7,0.8\n');
    const result = await runCli(['report', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(
      /run\.json: not valid JSON: JSON nested deeper than 1000 levels \(line 1, column 1005\)/,
    );
    expect(result.stderr).not.toContain('Maximum call stack');
  });
});
