#!/usr/bin/env node
/**
 * `pnpm evidence …` and `pnpm start`: builds a package and what it depends on, then runs its bin with the
 * remaining arguments. The build is quiet: turbo's banner and summary are shown only when it fails.
 *
 *   node scripts/run-built.mjs <package> <bin.js> [args…]
 */
import { spawn, spawnSync } from 'node:child_process';

const [pkg, bin, ...args] = process.argv.slice(2);
const build = spawnSync('turbo', ['run', 'build', `--filter=${pkg}...`, '--output-logs=errors-only'], {
  encoding: 'utf8',
  env: { ...process.env, FORCE_COLOR: process.stderr.isTTY ? '1' : '0' },
});
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
  if (build.error) process.stderr.write(`could not run turbo: ${build.error.message}\n`);
  process.exit(build.status ?? 1);
}

const child = spawn(process.execPath, [bin, ...args], { stdio: 'inherit' });
// Ctrl-C reaches the child itself (same process group): let it decide how to stop, and exit as it did.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
