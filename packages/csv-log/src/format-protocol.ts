import type { MessagePort } from 'node:worker_threads';

// Messages between a writer (calling thread) and its format worker.

export interface FormatWorkerData {
  path: string;
  width: number;
  eol: string;
  /** Int32Array: [0] how many messages (batch, bytes, drain, close) the worker has finished; [1] 1 once it runs. */
  progress: SharedArrayBuffer;
  /** Where the worker sends buffers back, errors and acknowledgements (read synchronously when needed). */
  replies: MessagePort;
}

export type ToFormatWorker =
  | { type: 'batch'; numbers: ArrayBuffer; tags: ArrayBuffer; texts: string[]; rows: number }
  | { type: 'bytes'; bytes: ArrayBuffer }
  | { type: 'drain'; ack: number }
  | { type: 'close' };

export type FromFormatWorker =
  | { type: 'free'; numbers: ArrayBuffer; tags: ArrayBuffer }
  | { type: 'error'; message: string }
  | { type: 'drained'; ack: number }
  | { type: 'closed' };
