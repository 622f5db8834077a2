// The format worker: turns row batches into CSV lines and appends them, off the training thread.
import { parentPort, workerData } from 'node:worker_threads';
import { AppendSink } from './append-sink.js';
import type { FormatWorkerData, FromFormatWorker, ToFormatWorker } from './format-protocol.js';
import { formatBatch } from './row-batch.js';

const { path, width, eol, progress, replies } = workerData as FormatWorkerData;
const finished = new Int32Array(progress);
const reply = (message: FromFormatWorker, transfer: ArrayBuffer[] = []) =>
  replies.postMessage(message, transfer);
// 'line': each batch is one write() on its own O_APPEND descriptor as soon as it is formatted; failures
// are kept and retried as on the calling thread, and reported there (onError lives on that thread).
const sink = new AppendSink(path, 'line', (error) => reply({ type: 'error', message: error.message }), false);

Atomics.store(finished, 1, 1); // running: the calling thread may send batches now

/** Tells a calling thread blocked in Atomics.wait (at exit) that one more message is done. */
function countDone(): void {
  Atomics.add(finished, 0, 1);
  Atomics.notify(finished, 0);
}

parentPort?.on('message', (message: ToFormatWorker) => {
  switch (message.type) {
    case 'batch': {
      const { numbers, tags, texts, rows } = message;
      formatBatch(
        { numbers: new Float64Array(numbers), tags: new Uint8Array(tags), texts, rows },
        width,
        eol,
        sink.pending,
      );
      sink.commit();
      countDone();
      reply({ type: 'free', numbers, tags }, [numbers, tags]);
      break;
    }
    case 'bytes':
      sink.pending.reserve(message.bytes.byteLength);
      sink.pending.bytes.set(new Uint8Array(message.bytes), sink.pending.length);
      sink.pending.length += message.bytes.byteLength;
      sink.commit();
      countDone();
      break;
    case 'drain':
      sink.flushSync(); // retries what the disk refused before
      countDone();
      reply({ type: 'drained', ack: message.ack });
      break;
    case 'close':
      sink.closeSync();
      countDone();
      reply({ type: 'closed' }); // the calling thread then terminates this worker
      break;
  }
});
