import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRoot, runCli } from './helpers.js';

const COMMANDS = ['report', 'plot', 'compare', 'table', 'gif', 'watch', 'env'];

describe('evidence (usage, help, version, exit codes)', () => {
  it('--help lists every command and exits 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const command of COMMANDS) expect(result.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(cliRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it.each(COMMANDS)('%s --help describes the command and exits 0', async (command) => {
    const result = await runCli([command, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: evidence ${command}`);
    expect(result.stderr).toBe('');
  });

  it('an unknown command is bad usage: exit 2 with usage', async () => {
    const result = await runCli(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'frobnicate'");
    expect(result.stderr).toContain('Usage: evidence');
  });

  it('an unknown flag is bad usage: exit 2 with the command usage', async () => {
    const result = await runCli(['report', '--no-such-flag']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--no-such-flag'");
    expect(result.stderr).toContain('Usage: evidence report');
  });

  it('no command at all is bad usage (exit 2) and shows the usage', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: evidence');
  });

  it('a bad option value is bad usage naming what was expected', async () => {
    const result = await runCli(['compare', 'a.jsonl', 'b.jsonl', '--resamples', 'lots']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected an integer');
  });

  it('bad input is exit 1 with one line and no stack trace; --debug adds the stack', async () => {
    const plain = await runCli(['report', 'no/such/folder']);
    expect(plain.code).toBe(1);
    expect(plain.stderr.trim().split('\n')).toEqual(['evidence: no/such/folder: no such directory']);
    const debug = await runCli(['report', 'no/such/folder', '--debug']);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toContain('evidence: no/such/folder: no such directory');
    expect(debug.stderr).toMatch(/\n\s+at /);
  });
});
