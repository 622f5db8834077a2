#!/usr/bin/env node
import { collectWorkerTempFiles, removeLiveTempFiles, startWorker } from '@evidence/node-kit';
import { type CommandThreadData, INTERRUPT, runsUntilInterrupted } from './interrupt.js';
import { failedOutput, outputSink } from './output-sink.js';

// The command runs on a worker thread; this thread only waits for it and for signals. A signal is
// handled on the event loop, which a command busy computing (a bootstrap of 100,000 resamples, a
// sort of a million rows) would not give back for seconds: here the loop is always free, so Ctrl-C
// ends any command at once, wherever it is (exit 130), and the temp files it was writing are removed
// (the files it writes are renamed into place whole, so nothing half-written is ever in place).
const argv = process.argv.slice(2);
collectWorkerTempFiles();

const terminal = (stream: NodeJS.WriteStream) => ({
  isTTY: stream.isTTY === true,
  columns: stream.columns,
  rows: stream.rows,
});
const workerData: CommandThreadData = {
  argv,
  stdout: terminal(process.stdout),
  stderr: terminal(process.stderr),
};
// trackUnmanagedFds off: this thread is the command's main thread; a file it opens may be closed by a
// worker it starts (the GIF encoder's), as on a real main thread.
const worker = startWorker(import.meta.url, 'command-thread', {
  workerData,
  trackUnmanagedFds: false,
  stdout: true, // piped below, to a sink that reports a full disk
});
worker.stdout.pipe(outputSink());

// Warnings are one line in our style, not Node's `(node:PID) … --trace-warnings` block.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  process.stderr.write(`evidence: warning: ${warning.message.split('\n')[0]}\n`);
});

let interrupted = false;
// Ctrl-C: `watch` and `table --follow` stop cleanly (exit 0); anything else stops now, as a shell expects.
process.on('SIGINT', () => {
  if (runsUntilInterrupted(argv) && !interrupted) {
    interrupted = true;
    worker.postMessage(INTERRUPT);
    return;
  }
  removeLiveTempFiles();
  process.exit(130);
});
// `docker stop`, `kill`, a closed terminal or ssh session (SIGHUP): the same clean stop, with the
// shell's code for the signal (128 + its number).
for (const [signal, code] of [
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  process.on(signal, () => {
    removeLiveTempFiles();
    process.exit(code);
  });
}

// `evidence table big.csv | head`: the reader went away, which is not an error; a full disk is one line.
for (const stream of [process.stdout, process.stderr]) stream.on('error', failedOutput);

worker.on('message', (message: { code?: number }) => {
  if (typeof message.code === 'number') process.exitCode = message.code;
});
worker.on('error', (error: unknown) => {
  process.stderr.write(`evidence: internal error: ${String(error)}\n`);
  process.exitCode = 1;
});
worker.on('exit', (code) => {
  if (process.exitCode === undefined && code !== 0) process.exitCode = 1;
});
