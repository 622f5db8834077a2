import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { binPath, requireBuiltBin } from './helpers.js';

export const GNU_TIME = '/usr/bin/time';
export const timeMissing = !existsSync(GNU_TIME) && process.env.CI !== 'true';
export const GiB = 1024 ** 3;

export interface Measured {
  code: number | null;
  stdout: string;
  stderr: string;
  /** peak resident memory of the command, bytes (GNU time's maximum RSS) */
  peak: number;
}

/**
 * Runs `evidence …args` under GNU time as a real child process: its exit code, output and peak memory.
 * `stdoutFile` sends its standard output to that file (a full disk, /dev/full) instead of a pipe;
 * `patienceMs` is how long before the child is called a runaway and killed (default 2 minutes).
 */
export function measured(
  args: readonly string[],
  cwd: string,
  options: { env?: Record<string, string>; stdoutFile?: string; patienceMs?: number } = {},
): Promise<Measured> {
  requireBuiltBin();
  return new Promise((resolve, reject) => {
    const out = options.stdoutFile === undefined ? 'pipe' : openSync(options.stdoutFile, 'w');
    const child = spawn(GNU_TIME, ['-f', 'peak-kb %M', process.execPath, binPath, ...args], {
      cwd,
      env: { ...ownEnv(), NO_COLOR: '1', ...options.env },
      stdio: ['ignore', out, 'pipe'],
    });
    if (typeof out === 'number') closeSync(out); // the child has its own copy; ours would keep the mount busy
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    // a runaway, never a speed check
    const timer = setTimeout(() => child.kill('SIGKILL'), options.patienceMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const peak = Number(/peak-kb (\d+)\s*$/.exec(stderr)?.[1]) * 1024;
      const own = stderr.replace(/(Command exited with non-zero status \d+\n)?peak-kb \d+\s*$/, '');
      resolve({ code, stdout, stderr: own, peak });
    });
  });
}

/** The test runner's environment without its EVIDENCE_ variables or colour setting. */
function ownEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('EVIDENCE_')) delete env[key];
  delete env.FORCE_COLOR;
  return env;
}
