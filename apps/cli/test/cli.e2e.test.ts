import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRoot, fixtureDir, runCli, tempDir } from './helpers.js';

const isRoot = process.getuid?.() === 0;
const canMount = isRoot || process.env.CI === 'true';
if (!canMount)
  console.warn('SKIPPED the full-disk test: mounting a tmpfs needs root (it is required when CI=true).');

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

  it('-o into a missing folder names that folder, not a temporary file', async () => {
    const dir = tempDir('out-missing');
    const frames = join(dir, 'frames');
    mkdirSync(frames);
    writeFileSync(join(frames, 'frame_0.png'), readFileSync(join(fixtureDir, 'training_curve.png')));
    const result = await runCli(['gif', 'frames', '-o', 'no/such/dir/out.gif'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^evidence: no\/such\/dir: no such directory( \(the folder for -o\))?\n$/);
    writeFileSync(join(dir, 'a-file'), '');
    const underFile = await runCli(['gif', 'frames', '-o', 'a-file/out.gif'], { cwd: dir });
    expect(underFile.code).toBe(1);
    expect(underFile.stderr).toMatch(/^evidence: a-file: /); // the folder is named, not a temp file
    expect(underFile.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe.skipIf(!canMount)('a full disk (a real 256 KiB tmpfs)', () => {
  it('is one line naming the file: evidence: <file>: no space left on device (exit 1), nothing left behind', async () => {
    const dir = tempDir('full-disk');
    const disk = join(dir, 'disk');
    mkdirSync(disk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', disk]);
    try {
      // fill it up to the last few KiB: a chart's PNG no longer fits
      writeFileSync(join(disk, 'filler'), Buffer.alloc(250 * 1024));
      const csv = join(fixtureDir, 'training_log.csv');
      const result = await runCli(['plot', csv, '--y', 'loss', '-o', 'disk/chart.png'], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe('evidence: disk/chart.png: no space left on device\n');
      // No temporary file, no partial chart, and no ownership record: it lists only files written.
      expect(readdirSync(disk).sort()).toEqual(['filler']);
    } finally {
      execFileSync('umount', [disk]);
    }
  });
});
