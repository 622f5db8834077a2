// One process-wide registry flushes every open log when the process ends, instead of one set of
// listeners per writer (which would trip Node's MaxListenersExceeded warning and cost a lookup each).

/** Something holding unwritten rows that must reach the file before the process dies. */
export interface Flushable {
  flushSync(): void;
}

const open = new Set<Flushable>();
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
type Signal = (typeof SIGNALS)[number];

function flushAll(): void {
  for (const item of open) {
    try {
      item.flushSync();
    } catch {
      // flushSync reports its own failures; one broken log must not stop the others being flushed.
    }
  }
}

function onSignal(signal: Signal): void {
  flushAll();
  // Listening to a signal disables Node's default exit. If nobody else handles it, take our listener
  // away and raise the signal again, so the process dies of it as it would have without us.
  if (process.listenerCount(signal) === 1) {
    uninstall();
    process.kill(process.pid, signal);
  }
}

let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', flushAll);
  process.on('uncaughtExceptionMonitor', flushAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  if (!installed) return;
  installed = false;
  process.off('exit', flushAll);
  process.off('uncaughtExceptionMonitor', flushAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

/** Flush `item` synchronously on normal exit, uncaught exception, SIGINT and SIGTERM. */
export function flushOnExit(item: Flushable): void {
  open.add(item);
  install();
}

/** Stop flushing `item` at exit (it was closed). The last one removes the process listeners. */
export function forgetOnExit(item: Flushable): void {
  open.delete(item);
  if (open.size === 0) uninstall();
}
