import { parentPort, workerData } from 'node:worker_threads';
import { type CommandThreadData, INTERRUPT } from './interrupt.js';
import { run } from './run.js';

if (parentPort && (workerData as CommandThreadData | undefined)?.argv) {
  const data = workerData as CommandThreadData;
  const port = parentPort;
  // A worker's stdout and stderr are pipes to the main thread: tell the command what they end in, so a
  // terminal still gets progress bars and colours, and a pipe plain lines.
  for (const [stream, real] of [
    [process.stdout, data.stdout],
    [process.stderr, data.stderr],
  ] as const) {
    Object.assign(stream, { isTTY: real.isTTY || undefined, columns: real.columns, rows: real.rows });
  }

  // Warnings (a format spec Python would refuse, an unknown EVIDENCE_ variable) are one line in our
  // style, not Node's `(node:PID) … --trace-warnings` block: removing Node's own listener silences that.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    process.stderr.write(`evidence: warning: ${warning.message.split('\n')[0]}\n`);
  });

  const interrupt = new AbortController();
  port.on('message', (message) => {
    if (message === INTERRUPT) interrupt.abort();
  });
  port.unref();

  run(data.argv, { signal: interrupt.signal }).then(
    (code) => port.postMessage({ code }),
    (error: unknown) => {
      process.stderr.write(`evidence: internal error: ${String(error)}\n`);
      port.postMessage({ code: 1 });
    },
  );
}
