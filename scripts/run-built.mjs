#!/usr/bin/env node
/**
 * `pnpm evidence …` and `pnpm start`: builds a package and what it depends on, then runs its bin with the
 * remaining arguments. The build says one line per package it compiles (a fresh clone compiles them all,
 * about a minute), on stderr so the command's own output stays clean; turbo's banner and summary are
 * shown only when it fails.
 *
 *   node scripts/run-built.mjs <package> <bin.js> [args…]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [pkg, bin, ...args] = process.argv.slice(2);

/** Runs turbo's build, printing `building <package>` as each cache miss starts; resolves to its exit code. */
function build() {
  const started = performance.now();
  const turbo = spawn('turbo', ['run', 'build', `--filter=${pkg}...`, '--output-logs=hash-only'], {
    env: { ...process.env, FORCE_COLOR: process.stderr.isTTY ? '1' : '0' },
  });
  const output = [];
  let built = 0;
  const collect = (stream) =>
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      const miss = /^(\S+):build: cache miss/.exec(line);
      if (miss) {
        built++;
        process.stderr.write(`building ${miss[1]}\n`);
      }
    });
  collect(turbo.stdout);
  collect(turbo.stderr);
  return new Promise((resolve) => {
    turbo.on('error', (error) => {
      process.stderr.write(`could not run turbo: ${error.message}\n`);
      resolve(1);
    });
    turbo.on('close', (code) => {
      if (code !== 0) process.stderr.write(`${output.join('\n')}\n`);
      else if (built > 0)
        process.stderr.write(
          `built ${built} package${built === 1 ? '' : 's'} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
        );
      resolve(code ?? 1);
    });
  });
}

const status = await build();
if (status !== 0) process.exit(status);

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
