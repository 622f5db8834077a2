#!/usr/bin/env node
import { run, runsUntilInterrupted } from './run.js';

const argv = process.argv.slice(2);
const interrupt = new AbortController();

// Ctrl-C: `watch` and `table --follow` stop cleanly (exit 0); anything else stops now, as a shell expects.
process.on('SIGINT', () => {
  if (runsUntilInterrupted(argv) && !interrupt.signal.aborted) interrupt.abort();
  else process.exit(130);
});

// Warnings (a format spec Python would refuse, an unknown EVIDENCE_ variable) are one line in our
// style, not Node's `(node:PID) … --trace-warnings` block: removing Node's own listener silences that.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  process.stderr.write(`evidence: warning: ${warning.message.split('\n')[0]}\n`);
});

// `evidence table big.csv | head`: the reader went away, which is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

run(argv, { signal: interrupt.signal }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`evidence: internal error: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
