import { rmSync } from 'node:fs';
import { BroadcastChannel, isMainThread } from 'node:worker_threads';

// The temp files being written right now (before their rename), so a process stopped by Ctrl-C leaves
// no `.name.hex.tmp` behind. One set per thread, shared by every bundled copy of this kit through a
// global symbol; a worker also tells the main thread (which handles the signal) over a channel.
const KEY = Symbol.for('@evidence/node-kit/live-temp-files');
const CHANNEL = 'evidence:live-temp-files';

type Registry = { files: Set<string>; channel: BroadcastChannel | null };

function registry(): Registry {
  const global = globalThis as unknown as Record<symbol, Registry | undefined>;
  let found = global[KEY];
  if (!found) {
    found = { files: new Set(), channel: null };
    global[KEY] = found;
  }
  return found;
}

function tell(message: { add?: string; remove?: string }): void {
  if (isMainThread) return;
  const own = registry();
  if (!own.channel) {
    own.channel = new BroadcastChannel(CHANNEL);
    own.channel.unref();
  }
  own.channel.postMessage(message);
}

/** `path` is a temp file (or work folder) being written; {@link releaseTemp} once it was renamed or removed. */
export function registerTemp(path: string): void {
  registry().files.add(path);
  tell({ add: path });
}

export function releaseTemp(path: string): void {
  registry().files.delete(path);
  tell({ remove: path });
}

/** The temp files of this thread (and, after {@link collectWorkerTempFiles}, of its workers) not yet renamed. */
export function liveTempFiles(): string[] {
  return [...registry().files];
}

/** Removes every live temp file, synchronously (for a signal handler about to exit). */
export function removeLiveTempFiles(): void {
  for (const path of registry().files) rmSync(path, { recursive: true, force: true });
  registry().files.clear();
}

/** On the main thread: also track the temp files that worker threads create. */
export function collectWorkerTempFiles(): void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  channel.onmessage = (event: unknown) => {
    const { add, remove } = (event as { data: { add?: string; remove?: string } }).data;
    if (add !== undefined) registry().files.add(add);
    if (remove !== undefined) registry().files.delete(remove);
  };
}
