/**
 * The run console in a real pseudo-terminal (tmux) and through a pipe (a real child process each).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runChild } from '../../../scripts/child.js';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, '..');
const tsx = resolve(pkg, '../../node_modules/.bin/tsx');
const demo = join(here, 'fixtures/demo-run.ts');
const dir = mkdtempSync(join(tmpdir(), 'step-table-console-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function which(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}
const hasTmux = which('tmux');
if (!hasTmux && process.env.CI !== 'true')
  console.warn('SKIPPED the terminal test: tmux is missing (required when CI=true).');

describe('run console, not a terminal', () => {
  it('prints only plain lines: no bar, no control characters', () => {
    const logDir = join(dir, 'pipe');
    const result = runChild(tsx, [demo, '30', logDir, '0'], {
      cwd: pkg,
      env: { ...process.env, FORCE_COLOR: undefined },
    });
    expect(result.status).toBe(0);
    const out = result.stdout;
    expect(out).not.toMatch(/[\u001b\r\u0007]/);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe('I run started');
    expect(lines[1]!.trim().split(/\s+/)).toEqual(['step', 'loss', 'rew_s↑']);
    expect(lines.filter((l) => /^\s+\d+\s+\d\.\d{4}\s+\+\d\.\d\d$/.test(l))).toHaveLength(30);
    expect(lines.filter((l) => l.startsWith('W checkpoint at step'))).toHaveLength(3);
    expect(lines.at(-1)).toBe('I all steps done');
    expect(out).not.toContain('debug goes to the file only');

    // the run log: <dir>/<YYYYMMDDTHHMMSS>_demo.log, HH:mm:ss | LEVEL | message, from DEBUG up
    const [file] = readdirSync(logDir);
    expect(file).toMatch(/^\d{8}T\d{6}_demo\.log$/);
    const logLines = readFileSync(join(logDir, file!), 'utf8').trimEnd().split('\n');
    expect(logLines).toHaveLength(6);
    for (const l of logLines) expect(l).toMatch(/^\d\d:\d\d:\d\d \| (DEBUG|INFO|WARNING|ERROR) \| /);
    expect(logLines[1]).toMatch(/\| DEBUG \| debug goes to the file only$/);
  });
});

describe.skipIf(!hasTmux && process.env.CI !== 'true')('run console in a real terminal (tmux)', () => {
  it('keeps the bar on the last line while rows and log lines scroll above it', async () => {
    const socket = `step-table-${process.pid}`;
    const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
    const logDir = join(dir, 'tty');
    const command = `cd '${pkg}' && '${tsx}' '${demo}' 40 '${logDir}' 3000; echo DEMO-EXIT=$?; sleep 60`;
    tmux('new-session', '-d', '-x', '100', '-y', '24', '-s', 'demo', command);
    try {
      let pane = '';
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        pane = tmux('capture-pane', '-p', '-t', 'demo');
        if (pane.includes('all steps done') && pane.includes('40/40')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const lines = pane.split('\n').filter((l) => l.trim() !== '');
      // the bar: last line, and the only bar on screen (no leftovers between the rows)
      expect(lines.at(-1)).toMatch(/█+ 40\/40 \| [\d.-]+ steps\/s \| ETA /);
      expect(lines.filter((l) => l.includes('/40 |'))).toHaveLength(1);
      expect(lines.at(-2)).toBe('I all steps done');
      // the rows above it, in order, with the log lines between them
      const steps = lines
        .map((l) => /^\s+(\d+)\s+\d\.\d{4}\s+\+\d\.\d\d\s*$/.exec(l)?.[1])
        .filter(Boolean)
        .map(Number);
      expect(steps.length).toBeGreaterThan(15);
      expect(steps).toEqual(steps.map((_, i) => 40 - steps.length + 1 + i));
      expect(lines).toContain('W checkpoint at step 40');

      // after close: the final bar stays, the program exits cleanly
      const end = Date.now() + 120_000;
      while (Date.now() < end && !pane.includes('DEMO-EXIT=')) {
        await new Promise((r) => setTimeout(r, 200));
        pane = tmux('capture-pane', '-p', '-t', 'demo');
      }
      expect(pane).toContain('DEMO-EXIT=0');
      const after = pane.split('\n').filter((l) => l.trim() !== '');
      expect(after.at(-2)).toMatch(/40\/40/);
    } finally {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    }
  });
});
