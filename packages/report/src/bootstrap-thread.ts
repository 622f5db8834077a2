import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type BootstrapJob, type BootstrapResult, bootstrapDeltas } from './bootstrap.js';

/**
 * Starts bootstrap-worker next to this module: dist/bootstrap-worker.{js,cjs} when built, or
 * src/bootstrap-worker.ts through tsx's API when running from source (vitest, tsx), as
 * @evidence/animation does: `--import tsx` does not reach worker threads on Node 20.
 */
function startWorker(job: BootstrapJob): Worker {
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  const here = fileURLToPath(import.meta.url);
  const extension = extname(here);
  const workerFile = join(dirname(here), `bootstrap-worker${extension}`);
  if (extension !== '.ts' && extension !== '.mts')
    return new Worker(workerFile, { execArgv, workerData: job });
  const tsxApi = pathToFileURL(
    join(dirname(createRequire(here).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
  const url = pathToFileURL(workerFile).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(url)}, ${JSON.stringify(url)}));`;
  return new Worker(boot, { eval: true, execArgv, workerData: job });
}

/**
 * bootstrapDeltas on a worker thread, so the caller's thread stays free. Should the worker fail to
 * start or die, the same computation runs here instead: the result never depends on the thread.
 */
export function bootstrapOffThread(
  job: BootstrapJob,
): Promise<BootstrapResult & { ranOn: 'worker' | 'caller' }> {
  const here = () => ({
    ...bootstrapDeltas(job.pre, job.post, job.names, job.options),
    ranOn: 'caller' as const,
  });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: () => BootstrapResult & { ranOn: 'worker' | 'caller' }) => {
      if (settled) return;
      settled = true;
      resolve(result());
    };
    let worker: Worker;
    try {
      worker = startWorker(job);
    } catch {
      settle(here);
      return;
    }
    worker.once('message', (result: BootstrapResult) => settle(() => ({ ...result, ranOn: 'worker' })));
    worker.once('error', () => settle(here));
    worker.once('exit', () => settle(here));
  });
}
