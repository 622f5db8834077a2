// The bootstrap, on a worker thread: buildReport runs it while the main thread reads the logs and
// draws the charts. Started by bootstrap-thread.ts; same function, same seed, same numbers.
import { parentPort, workerData } from 'node:worker_threads';
import { type BootstrapJob, bootstrapDeltas } from './bootstrap.js';

parentPort?.postMessage(bootstrapDeltas(workerData as BootstrapJob));
