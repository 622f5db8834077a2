import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, finished, runCli, startCli, tempDir, waitForOutput } from './helpers.js';

describe('evidence table', () => {
  it('renders the reference training log with a format per column', async () => {
    const dir = copyFixture();
    const result = await runCli(['table', join(dir, 'training_log.csv')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const header = result.stdout.split('\n').find((line) => line.includes('loss'));
    expect(header).toMatch(/step.*epoch.*loss.*reward.*learning_rate/);
    expect(result.stdout).toContain('0.9002'); // loss of step 1, 4 decimals
    expect(result.stdout).toContain('1.10e-06'); // learning rate in scientific notation
    expect(result.stdout.split('\n').filter((line) => /\b300\b/.test(line)).length).toBeGreaterThan(0);
  });

  it('reports a torn last line and a wrong field count with line numbers, and shows the rest', async () => {
    const dir = tempDir('table');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,loss\n1,0.5001\n2,0.5002,extra\n3,0.5003\n4,0.50');
    const result = await runCli(['table', csv]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('0.5001');
    expect(result.stdout).toContain('0.5003');
    expect(result.stdout).not.toContain('0.5002');
    expect(result.stderr).toMatch(/log\.csv:3: expected 2 fields \(as in the header\), found 3/);
    expect(result.stderr).toMatch(/log\.csv:5: torn last line/);
  });

  it('reads a Python-written log (\\r\\n) that a resumed run appended to with \\n', async () => {
    const csv = join(copyFixture(), 'training_log.csv');
    appendFileSync(
      csv,
      '301,3.01,0.1,1.5,0.2,0.01,0.5,1e-6,600.5\n302,3.02,0.1,1.5,0.2,0.01,0.5,1e-6,602.5\n',
    );
    const result = await runCli(['table', csv]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^\s*301\s.*600\.5000$/m);
    expect(result.stdout).toMatch(/^\s*302\s.*602\.5000$/m);
  });

  it('keeps quoted text with commas and newlines as one cell', async () => {
    const dir = tempDir('quoted');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,note,loss\n1,"a, b",0.25\n2,"two\nlines",0.125\n3,plain,0.0625\n');
    const result = await runCli(['table', csv]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('a, b');
    expect(result.stdout).toContain('0.0625');
  });

  it('a missing file is bad input; an empty file says so', async () => {
    const missing = await runCli(['table', 'nope.csv']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('evidence: nope.csv: no such file');
    const dir = tempDir('emptycsv');
    writeFileSync(join(dir, 'empty.csv'), '');
    const empty = await runCli(['table', join(dir, 'empty.csv')]);
    expect(empty.code).toBe(0);
    expect(empty.stderr).toContain('empty file');
  });

  it('--follow waits for a log that does not exist yet', async () => {
    const dir = tempDir('follow-wait');
    const csv = join(dir, 'later.csv');
    const child = startCli(['table', csv, '--follow', '--interval', '100', '--sample', '1']);
    await waitForOutput(child, (out) => out.stderr.includes('waiting for'));
    writeFileSync(csv, 'step,loss\n1,0.4321\n');
    await waitForOutput(child, (out) => out.stdout.includes('0.4321'));
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });

  it('--follow prints rows as they are appended, waits for torn lines to complete, and stops cleanly on SIGINT', async () => {
    const dir = tempDir('follow');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,loss,reward\n1,0.9,0.5001\n');
    const child = startCli(['table', csv, '--follow', '--interval', '100', '--sample', '1']);
    await waitForOutput(child, (out) => out.stdout.includes('0.5001'));
    appendFileSync(csv, '2,0.8,0.5002\n3,0.7,0.50');
    await waitForOutput(child, (out) => out.stdout.includes('0.5002'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(child.output.stdout).not.toContain('0.5003'); // half a line is held back
    appendFileSync(csv, '03\n4,0.6,0.5004\n');
    await waitForOutput(child, (out) => out.stdout.includes('0.5003') && out.stdout.includes('0.5004'));
    child.kill('SIGINT');
    const result = await finished(child);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('--follow reports a wrong-width row appended later, and reads a replaced log again from its header', async () => {
    const dir = tempDir('follow-replace');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,loss\r\n1,0.1111\r\n');
    const child = startCli(['table', csv, '--follow', '--interval', '100', '--sample', '1']);
    await waitForOutput(child, (out) => out.stdout.includes('0.1111'));
    appendFileSync(csv, '2,0.2222,extra\n3,"0.3333"\n');
    await waitForOutput(child, (out) => out.stdout.includes('0.3333'));
    expect(child.output.stderr).toMatch(/log\.csv:3: expected 2 fields \(as in the header\), found 3/);
    expect(child.output.stdout).not.toContain('0.2222');
    // A new run replaces the log (rename over it), with other columns and more bytes than before.
    writeFileSync(join(dir, 'next.csv'), 'step,reward,kl\n1,0.7777,0.01\n2,0.8888,0.02\n3,0.9999,0.03\n');
    renameSync(join(dir, 'next.csv'), csv);
    await waitForOutput(child, (out) => out.stdout.includes('0.9999'));
    expect(child.output.stderr).toContain('log.csv: file was replaced or truncated; reading it again');
    expect(child.output.stdout.split('\n').filter((line) => /step.*reward.*kl/.test(line))).toHaveLength(1);
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });
});
