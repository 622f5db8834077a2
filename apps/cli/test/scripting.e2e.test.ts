/**
 * Scripting: `export -o -` streams the CSV to standard output (what it says goes to stderr), `--json`
 * gives a machine-readable result on stdout with warnings on stderr, and no progress bar reaches a pipe.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../src/run.js';
import { copyFixture, finished, runCli, startCli, tempDir, waitForOutput } from './helpers.js';

/** Two groups of two runs each, 300 rows: several 64 K chunks of long form. */
function runsFolder(): string {
  const root = tempDir('scripting');
  for (const group of ['a', 'b'])
    for (const seed of [1, 2]) {
      mkdirSync(join(root, group), { recursive: true });
      const rows = Array.from(
        { length: 300 },
        (_, k) => `${k},${k * seed},${(k / 10).toFixed(1)},${1 / (k + 1)}`,
      );
      writeFileSync(join(root, group, `s${seed}.csv`), `step,reward,wall_time_s,loss\n${rows.join('\n')}\n`);
    }
  return root;
}

const BAR = /[\u2588\u2591]/; // cli-progress's bar characters

describe('export', () => {
  it('-o - writes the same CSV to stdout as to a file, and what it wrote to stderr', async () => {
    const root = runsFolder();
    const file = join(tempDir('scripting-out'), 'all.csv'); // outside ROOT: not read back as a run
    const toFile = await runCli(['export', root, '-o', file]);
    expect(toFile.code, toFile.stderr).toBe(0);
    const piped = await runCli(['export', root, '-o', '-']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(readFileSync(file, 'utf8'));
    expect(piped.stdout.length).toBeGreaterThan(1 << 16);
    expect(piped.stderr).toContain('wrote   standard output (3600 values of 3 metrics from 4 runs)');
    expect(piped.stderr).not.toMatch(BAR);
  });

  it('--json prints what was written; -o - with --json is bad usage', async () => {
    const root = runsFolder();
    const result = await runCli(['export', root, '-o', join(root, 'all.parquet'), '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      out: join(root, 'all.parquet'),
      format: 'parquet',
      rows: 3600,
      metrics: 3,
      runs: 4,
      config: [],
    });
    expect(result.stderr).toMatch(/4 runs in 2 groups/);
    const both = await runCli(['export', root, '-o', '-', '--json']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--json with -o -');
  });
});

describe('--json', () => {
  it('is an option of every command', () => {
    const program = createProgram({
      stdout: { write: () => true },
      stderr: { write: () => true },
      env: {},
      cwd: '.',
      signal: new AbortController().signal,
    });
    const leaves = (command: Command): Command[] =>
      command.commands.length === 0 ? [command] : command.commands.flatMap(leaves);
    const commands = leaves(program);
    expect(commands.length).toBeGreaterThanOrEqual(11);
    const without = commands.filter((c) => !c.options.some((o) => o.long === '--json')).map((c) => c.name());
    expect(without).toEqual([]);
  });

  it('plot: what was written and skipped, stdout JSON alone', async () => {
    const dir = copyFixture();
    const result = await runCli(['plot', dir, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as { written: string[]; skipped: { file: string; why: string }[] };
    expect(json.written).toContain(join(dir, 'report', 'training_curve.png'));
    expect(json.written.length).toBeGreaterThan(1);
    expect(result.stderr).not.toMatch(BAR);
  });

  it('gif: the file, frames, fps and size', async () => {
    const dir = tempDir('gif-json');
    mkdirSync(join(dir, 'frames'));
    for (const k of [1, 2, 3]) {
      const frame = new pngjs.PNG({ width: 6, height: 4 });
      frame.data.fill(40 * k);
      writeFileSync(join(dir, 'frames', `f${k}.png`), pngjs.PNG.sync.write(frame));
    }
    const result = await runCli(['gif', 'frames', '-o', 'out.gif', '--fps', '5', '--json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ out: 'out.gif', frames: 3, fps: 5, width: 6, height: 4 });
  });

  it('table: one object per row (JSON Lines), non-finite numbers as Python prints them', async () => {
    const dir = tempDir('table-json');
    writeFileSync(join(dir, 'log.csv'), 'step,loss,note\n1,0.5,ok\n2,nan,"a,b"\n3,inf,x\n');
    const result = await runCli(['table', 'log.csv', '--json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { step: 1, loss: 0.5, note: 'ok' },
      { step: 2, loss: 'nan', note: 'a,b' },
      { step: 3, loss: 'inf', note: 'x' },
    ]);
  });

  it('watch: one JSON line per drawing', async () => {
    const dir = copyFixture();
    const child = startCli(['watch', dir, '--json', '--debounce', '50']);
    await waitForOutput(child, (out) => out.stdout.includes('\n'));
    child.kill('SIGINT');
    const result = await finished(child);
    expect(result.code, result.stderr).toBe(0);
    const first = JSON.parse(result.stdout.split('\n')[0] as string) as { written: string[] };
    expect(first.written).toContain(join(dir, 'report', 'training_curve.png'));
  });

  it('completion: the commands and options the scripts are made from; no shell, no --json: bad usage', async () => {
    const result = await runCli(['completion', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as { commands: { name: string; flags: { long?: string }[] }[] };
    const exported = json.commands.find((c) => c.name === 'export');
    expect(exported?.flags.map((f) => f.long)).toEqual(
      expect.arrayContaining(['--out', '--json', '--force']),
    );
    const bare = await runCli(['completion']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('expected a shell: bash, zsh or fish');
  });
});
