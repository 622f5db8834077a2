/**
 * A test's child process run to its end, for children started through tsx. tsx's esbuild service has
 * been seen to deadlock at start-up on a loaded machine (the child and esbuild both asleep, nothing
 * printed, for as long as one waits): every child gets a time limit, and one that was killed by it
 * having printed nothing is tried once more, saying so. What the child did is returned as spawnSync
 * returns it, for the test to judge.
 */
import {
  type SpawnSyncOptionsWithStringEncoding,
  type SpawnSyncReturns,
  spawnSync,
} from 'node:child_process';

export const CHILD_TIMEOUT_MS = 60_000;

export function runChild(
  command: string,
  args: string[],
  options: Partial<SpawnSyncOptionsWithStringEncoding> = {},
): SpawnSyncReturns<string> {
  const timeout = options.timeout ?? CHILD_TIMEOUT_MS;
  const run = () =>
    spawnSync(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
      encoding: 'utf8',
      timeout,
      killSignal: 'SIGKILL',
    });
  const child = run();
  if (child.signal !== 'SIGKILL' || child.stdout !== '') return child;
  console.warn(`${args.at(-1)}: no output in ${timeout / 1000} s (tsx start-up hung?); trying once more`);
  return run();
}
