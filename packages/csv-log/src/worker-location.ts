import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts format-worker next to the running module: format-worker.js (ESM build), format-worker.cjs
 * (CJS build, where tsup's shims provide import.meta.url) or, from source (vitest, tsx), format-worker.ts
 * through tsx's API: `--import tsx` in execArgv does not reach worker threads on Node 20.
 * (As @evidence/animation's worker-location.ts does.)
 */
export function startFormatWorker(options: Pick<WorkerOptions, 'workerData' | 'transferList'>): Worker {
  // a worker inherits the process's flags, but --input-type (node -e, STDIN) fails in a worker
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  const here = fileURLToPath(import.meta.url);
  const extension = extname(here);
  const workerFile = join(dirname(here), `format-worker${extension}`);
  if (extension !== '.ts' && extension !== '.mts') return new Worker(workerFile, { ...options, execArgv });
  const require = createRequire(here);
  const tsxApi = pathToFileURL(
    join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
  const workerUrl = pathToFileURL(workerFile).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(workerUrl)}, ${JSON.stringify(workerUrl)}));`;
  return new Worker(boot, { ...options, eval: true, execArgv });
}

/** Whether startFormatWorker can start the worker here ('auto' stays on the calling thread if not). */
export function formatWorkerAvailable(): boolean {
  const here = fileURLToPath(import.meta.url);
  const extension = extname(here);
  if (!existsSync(join(dirname(here), `format-worker${extension}`))) return false;
  if (extension !== '.ts' && extension !== '.mts') return true;
  try {
    createRequire(here).resolve('tsx/package.json');
    return true;
  } catch {
    return false;
  }
}
