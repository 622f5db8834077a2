/**
 * `pnpm bench` (part): how soon SIGINT and SIGTERM end the trainer mid-training (its loop never yields).
 * The test checks that the signal ends it with its rows kept; how fast is measured here, next to a bare
 * `node` spinning without the trainer, killed the same way in the same run. Target: ≤ 1 s.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
if (!existsSync(bin)) {
  console.log(`signals bench skipped: needs a built ${bin}`);
  process.exit(0);
}

const rows = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 2 : 0);

/** Seconds from the signal to the exit of a child started with `args`, once `busy()` holds. */
async function latency(args: string[], busy: () => boolean, signal: NodeJS.Signals): Promise<number> {
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  const closed = new Promise((resolve) => child.on('close', resolve));
  while (!busy()) await new Promise((resolve) => setTimeout(resolve, 20));
  const sent = process.hrtime.bigint();
  child.kill(signal);
  await closed;
  return Number(process.hrtime.bigint() - sent) / 1e9;
}

const dir = mkdtempSync(join(tmpdir(), 'trainer-signals-'));
try {
  console.log('signal to exit, mid-training                 wall  target');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const started = Date.now();
    const base = await latency(['-e', 'for (;;) {}'], () => Date.now() - started > 300, signal);
    const out = join(dir, signal);
    const log = join(out, 'training_log.csv');
    const args = [bin, '--updates', '2000', '--no-animations', '--quiet', '--out', out];
    const seconds = await latency(args, () => rows(log) >= 3, signal);
    console.log(`baseline: bare node, ${signal.padEnd(7)}              ${base.toFixed(3).padStart(6)} s`);
    console.log(
      `trainer, 3 rows logged, ${signal.padEnd(7)}            ${seconds.toFixed(3).padStart(6)} s  ≤ 1 s: ${seconds <= 1 ? 'within' : 'OVER'}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
