import type { Worker } from 'node:worker_threads';
import { startWorker } from '@evidence/node-kit';
import { type BootstrapJob, type BootstrapResult, bootstrapDeltas } from './bootstrap.js';

/**
 * bootstrapDeltas on a worker thread, so the caller's thread stays free. Should the worker fail to
 * start or die, the same computation runs here instead: the result never depends on the thread.
 */
export function bootstrapOffThread(
  job: BootstrapJob,
): Promise<BootstrapResult & { ranOn: 'worker' | 'caller' }> {
  const here = () => ({ ...bootstrapDeltas(job), ranOn: 'caller' as const });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: () => BootstrapResult & { ranOn: 'worker' | 'caller' }) => {
      if (settled) return;
      settled = true;
      resolve(result());
    };
    let worker: Worker;
    try {
      worker = startWorker(import.meta.url, 'bootstrap-worker', { workerData: job });
    } catch {
      settle(here);
      return;
    }
    worker.once('message', (result: BootstrapResult) => settle(() => ({ ...result, ranOn: 'worker' })));
    worker.once('error', () => settle(here));
    worker.once('exit', () => settle(here));
  });
}
