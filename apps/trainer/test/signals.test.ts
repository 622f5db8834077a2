import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** Rows of training_log.csv that are whole lines (a signal may land while the last one is written). */
function loggedSteps(file: string): number {
  if (!existsSync(file)) return 0;
  const text = readFileSync(file, 'utf8');
  return Math.max(0, text.slice(0, text.lastIndexOf('\n') + 1).split('\n').length - 2);
}

// The trainer's loop is CPU-bound and never yields while it trains; `docker stop`, Slurm and
// Kubernetes send SIGTERM, a user Ctrl-C. Either must end it as promptly as it would end any program.
describe('the trainer stops on a signal', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} ends a long training run and leaves the rows logged so far (how fast: pnpm bench)`, async () => {
      if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`pnpm build\` in apps/trainer first`);
      const out = tempDir(`signal-${signal}`);
      const clean = Object.fromEntries(
        Object.entries(process.env).filter(([k]) => !k.startsWith('EVIDENCE_')),
      );
      const child = spawn(
        process.execPath,
        [bin, '--updates', '2000', '--no-animations', '--quiet', '--out', out],
        { stdio: 'ignore', env: { ...clean, NO_COLOR: '1' } },
      );
      const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('close', (code, signal) => resolve({ code, signal })),
      );
      const log = join(out, 'training_log.csv');
      const deadline = Date.now() + 120_000;
      while (loggedSteps(log) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(loggedSteps(log)).toBeGreaterThanOrEqual(3);
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      const end = await ended;
      clearTimeout(timer);
      expect(end).toEqual({ code: null, signal });
      expect(loggedSteps(log)).toBeGreaterThanOrEqual(3);
    });
  }
});
