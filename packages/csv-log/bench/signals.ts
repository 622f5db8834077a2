/**
 * `pnpm bench` (part): how soon a signal ends a training loop that never yields while it appends to a
 * buffered log (the test checks that it ends by the signal and keeps its rows; how fast is measured
 * here, where a loaded machine shows as a slow baseline instead of failing a test). Baseline: a bare
 * `node` spinning without the log, killed the same way in the same run. Target: ≤ 1 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const child = fileURLToPath(new URL('../test/child/append.mjs', import.meta.url));
if (!existsSync(entry)) {
  console.log(`signals bench skipped: needs a built ${entry}`);
  process.exit(0);
}

/** Seconds from `signal` to the child's exit, sent once `ready` says it is busy. */
async function latency(process_: ChildProcess, ready: RegExp, signal: NodeJS.Signals): Promise<number> {
  let out = '';
  await new Promise<void>((resolve) =>
    process_.stdout?.on('data', (chunk: Buffer) => {
      out += chunk;
      if (ready.test(out)) resolve();
    }),
  );
  const sent = process.hrtime.bigint();
  process_.kill(signal);
  await new Promise((resolve) => process_.on('close', resolve));
  return Number(process.hrtime.bigint() - sent) / 1e9;
}

const dir = mkdtempSync(join(tmpdir(), 'csv-log-signals-'));
try {
  console.log('signal to exit of a loop that never yields      wall  target');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const bare = spawn(process.execPath, ['-e', 'console.log("ready"); for (;;) {}'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const base = await latency(bare, /ready/, signal);
    const logging = spawn(process.execPath, [child, entry, join(dir, `${signal}.csv`), 'buffered', 'spin'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const seconds = await latency(logging, /^row 60 /m, signal);
    console.log(`baseline: bare node, ${signal.padEnd(7)}                ${base.toFixed(3).padStart(6)} s`);
    console.log(
      `buffered log, 60 rows in, ${signal.padEnd(7)}               ${seconds.toFixed(3).padStart(6)} s  ≤ 1 s: ${seconds <= 1 ? 'within' : 'OVER'}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
