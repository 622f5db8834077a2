// Temp files are named `.<target>.<pid>.<12 hex>.tmp`: a process killed (SIGKILL, a power cut) before
// its rename leaves one behind, and no signal handler can remove it. The next run that writes into the
// same folder removes those whose process is gone; one a live process is still writing is left alone.
import { randomBytes } from 'node:crypto';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { liveTempFiles } from './temp-registry.js';

const TEMP = /^\.(.+)\.(\d+)\.[0-9a-f]{12}\.tmp$/;
/** The names of older versions, without the pid: `.<target>.<12 hex>.tmp`. */
const OLD_TEMP = /^\.(.+)\.[0-9a-f]{12}\.tmp$/;

/** A temp name for `target` (a file name, or `evidence-staging` for a work folder) in this process. */
export function tempName(target: string): string {
  return `.${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** What a name is, when it is one of our temp names: the file it was for, and the process writing it. */
export function parseTempName(name: string): { target: string; pid: number | null } | null {
  const match = TEMP.exec(name);
  if (match) return { target: match[1] as string, pid: Number(match[2]) };
  const old = OLD_TEMP.exec(name);
  return old ? { target: old[1] as string, pid: null } : null;
}

/** Whether process `pid` runs (EPERM: it runs, as another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface StaleTempOptions {
  /**
   * A temp name of an older version (no pid in it) is removed only when this says its target is ours
   * and it is older than this process: nobody can tell whether a live process still writes it.
   */
  ownsTarget?: (target: string) => boolean;
}

/**
 * Removes, directly in `dir`, the temp files (and work folders) of processes that are gone: the pid in
 * the name is not running, and the file is not one this process is writing. Resolves to what it removed.
 */
export async function removeStaleTemps(dir: string, options: StaleTempOptions = {}): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const live = new Set(liveTempFiles());
  const started = performance.timeOrigin;
  const removed: string[] = [];
  for (const name of names) {
    const temp = parseTempName(name);
    const path = join(dir, name);
    if (temp === null || live.has(path)) continue;
    if (temp.pid === process.pid) continue; // ours: a write of this process
    if (temp.pid !== null && processAlive(temp.pid)) continue;
    if (temp.pid === null) {
      if (!options.ownsTarget?.(temp.target)) continue;
      const info = await lstat(path).catch(() => null);
      if (info === null || info.mtimeMs >= started) continue;
    }
    await rm(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}
