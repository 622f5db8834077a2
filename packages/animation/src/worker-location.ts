import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts encode-worker next to the running module: dist/encode-worker.js (ESM build),
 * dist/encode-worker.cjs (CJS build, where tsup's shims provide import.meta.url) or, when running
 * from source (vitest, tsx), src/encode-worker.ts through tsx's loader. `--import tsx` in the worker's
 * execArgv does not reach worker threads on Node 20, so the source case boots tsx's API inside the worker.
 */
export function startEncodeWorker(options: Pick<WorkerOptions, 'workerData' | 'transferList'> = {}): Worker {
  // Left to Node, a worker inherits the process's flags and skips those a worker cannot take
  // (--trace-gc, say); flags given explicitly make `new Worker` throw on those. So pass a list only
  // to drop --input-type (node -e, STDIN), which fails in a worker.
  const inherited = process.execArgv;
  const execArgv = inherited.some((flag) => flag.startsWith('--input-type'))
    ? inherited.filter((flag) => !flag.startsWith('--input-type') && !flag.startsWith('--trace-gc'))
    : undefined;
  const here = fileURLToPath(import.meta.url);
  const extension = extname(here);
  const workerFile = join(dirname(here), `encode-worker${extension}`);
  if (extension !== '.ts' && extension !== '.mts') return new Worker(workerFile, { ...options, execArgv });
  const require = createRequire(here);
  const tsxApi = pathToFileURL(
    join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
  const workerUrl = pathToFileURL(workerFile).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(workerUrl)}, ${JSON.stringify(workerUrl)}));`;
  return new Worker(boot, { ...options, eval: true, execArgv });
}
