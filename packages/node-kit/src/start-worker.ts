import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Flags that only make sense for the main script: a worker refuses --input-type, and -e/-p carry it. */
const MAIN_ONLY = /^(--input-type|--eval|-e|--print|-p)(=|$)/;

/**
 * The caller's exec flags that a worker can take. Per-process and V8 flags (--stack-trace-limit,
 * --trace-gc, --max-old-space-size, --title …) make `new Worker` throw when listed explicitly, and Node
 * offers no way to ask which is which, so the caller's flags are tried once and, if refused, none are
 * passed: a worker without --enable-source-maps is better than a training run that dies.
 */
let accepted: string[] | undefined;

function workerExecArgv(): string[] {
  if (accepted) return accepted;
  const flags: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (!MAIN_ONLY.test(flag)) flags.push(flag);
    else if (
      !flag.includes('=') &&
      (flag === '-e' || flag === '--eval' || flag === '-p' || flag === '--print')
    )
      i++; // its script
  }
  return flags;
}

function construct(file: string | URL, options: WorkerOptions): Worker {
  try {
    const worker = new Worker(file, { ...options, execArgv: workerExecArgv() });
    accepted ??= workerExecArgv();
    return worker;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
    accepted = [];
    return new Worker(file, { ...options, execArgv: accepted });
  }
}

/**
 * Starts the worker entry `name` that sits next to the calling module (pass `import.meta.url`): the
 * built `name.js` (ESM) or `name.cjs` (CJS, where tsup's shims provide import.meta.url), or, when the
 * caller runs from source (vitest, tsx), `name.ts` through tsx's API, because `--import tsx` does not
 * reach worker threads on Node 20.
 */
export function startWorker(
  callerUrl: string,
  name: string,
  options: Pick<
    WorkerOptions,
    'workerData' | 'transferList' | 'resourceLimits' | 'trackUnmanagedFds' | 'stdout'
  > = {},
): Worker {
  const here = fileURLToPath(callerUrl);
  const extension = extname(here);
  const workerFile = join(dirname(here), `${name}${extension}`);
  if (extension !== '.ts' && extension !== '.mts') return construct(workerFile, options);
  const tsxApi = pathToFileURL(
    join(dirname(createRequire(here).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
  const url = pathToFileURL(workerFile).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(url)}, ${JSON.stringify(url)}));`;
  return construct(boot, { ...options, eval: true });
}
