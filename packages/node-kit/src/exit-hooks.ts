// One process-wide registry flushes every open log when the process ends, instead of one set of
// listeners per writer (which would trip Node's MaxListenersExceeded warning and cost a lookup each).
//
// No signal listeners, on purpose: a SIGINT/SIGTERM/SIGHUP/SIGQUIT listener takes the default action
// (death) away and runs on the event loop, which a CPU-bound training loop never gives back, so Ctrl-C,
// `docker stop` and Slurm preemption would be ignored. A signal kills the process as it would without
// us; what a log buffered is bounded by its own flush window instead (see csv-log's AppendSink).

/** Something holding unwritten rows that must reach the file before the process dies. */
export interface Flushable {
  flushSync(): void;
}

const open = new Set<Flushable>();

function flushAll(): void {
  for (const item of open) {
    try {
      item.flushSync();
    } catch {
      // flushSync reports its own failures; one broken log must not stop the others being flushed.
    }
  }
}

let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', flushAll);
  process.on('uncaughtExceptionMonitor', flushAll);
}

function uninstall(): void {
  if (!installed) return;
  installed = false;
  process.off('exit', flushAll);
  process.off('uncaughtExceptionMonitor', flushAll);
}

/**
 * Flush `item` synchronously on every way out Node lets us see without changing how the process
 * ends: normal exit (including `process.exit` from a caller's own signal handler) and an uncaught
 * exception. A signal's default action is left alone.
 */
export function flushOnExit(item: Flushable): void {
  open.add(item);
  install();
}

/** Stop flushing `item` at exit (it was closed). The last one removes the process listeners. */
export function forgetOnExit(item: Flushable): void {
  open.delete(item);
  if (open.size === 0) uninstall();
}
