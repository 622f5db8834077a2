import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

// The built command, as `pnpm start` runs it (turbo builds before testing).
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

function run(args: string[], env: Record<string, string> = {}) {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`pnpm build\` in apps/trainer first`);
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('EVIDENCE_')));
  return spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...clean, NO_COLOR: '1', ...env },
    timeout: 240_000,
  });
}

describe('the trainer command', () => {
  it('--help prints the usage and exits 0', () => {
    const r = run(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: /);
    expect(r.stdout).toMatch(/--animation-every N/);
  });

  it('bad usage exits 2 naming the flag; a bad variable exits 1 naming it; no stack trace', () => {
    const flag = run(['--updates', 'many']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toMatch(/^trainer: --updates: expected a whole number ≥ 1, got "many"/);
    const variable = run([], { EVIDENCE_ANIMATION_LAST: '-1' });
    expect(variable.status).toBe(1);
    expect(variable.stderr).toMatch(/EVIDENCE_ANIMATION_LAST="-1": expected/);
    expect(variable.stderr).not.toMatch(/\n\s+at /);
  });

  it('a small run on a pipe prints plain lines: legend, table rows, the headline and where the report is', () => {
    const out = tempDir('bin');
    const r = run(
      [
        '--updates',
        '2',
        '--batch',
        '3',
        '--eval-episodes',
        '4',
        '--checkpoint-every',
        '1',
        '--no-animations',
      ],
      { EVIDENCE_DIR: out },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b\[/);
    expect(r.stdout).toMatch(/^\s*update\s+episodes\s+reward/m);
    expect(r.stdout).toMatch(/^\s+2\s+6\s/m);
    expect(r.stdout).toMatch(/mean reward before → after: \d+\.\d → \d+\.\d \(Δ [+-]\d+\.\d, 95% CI \[/);
    expect(r.stdout).toMatch(/report: .*report\/index\.html/);
    expect(readdirSync(out)).toEqual(expect.arrayContaining(['report', 'run.json']));
    expect(readdirSync(join(out, 'report'))).toContain('index.html');
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).command).toMatch(
      /^node .*bin\.js --updates 2 --batch 3/,
    );
  });
});

describe('the trainer command on an unusable folder', () => {
  it('fails with one line naming the problem, and the stack only with --debug', () => {
    const file = `${tempDir('bin-file')}/not-a-folder`;
    writeFileSync(file, 'x');
    const plain = run(['--out', `${file}/evidence`, '--updates', '1', '--quiet']);
    expect(plain.status).toBe(1);
    expect(plain.stderr.trim().split('\n')).toHaveLength(1);
    expect(plain.stderr).toMatch(/^trainer: .*not-a-folder/);
    const debug = run(['--out', `${file}/evidence`, '--updates', '1', '--quiet', '--debug']);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });
});
