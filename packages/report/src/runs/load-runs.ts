/** A folder of runs read into memory: discovery, then each run read (a few at a time). */
import type { RunInput } from './compare-runs.js';
import { type Discovery, discoverRuns } from './discover.js';
import { type RunTable, readRunTable } from './run-table.js';

export interface LoadedRuns {
  runs: RunInput[];
  /** files and folders not used, with why (unmatched, unreadable, not a log) */
  skipped: Discovery['skipped'];
  /** other files under the root (not logs), not used */
  ignored: string[];
  /** lines the readers skipped (torn last lines, rows of the wrong width) */
  issues: string[];
}

/** How a run's file is read; @evidence/sources' readRunTable plugs in here. */
export type RunReader = (path: string) => Promise<RunTable>;

const READ_AT_ONCE = 8;

export async function loadRuns(
  root: string,
  options: { pattern?: string; exclude?: string; read?: RunReader } = {},
): Promise<LoadedRuns> {
  const read = options.read ?? readRunTable;
  const found = await discoverRuns(root, options);
  const tables: (RunTable | Error)[] = new Array(found.runs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < found.runs.length) {
      const i = next++;
      tables[i] = await read((found.runs[i] as (typeof found.runs)[number]).file).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
    }
  };
  await Promise.all(Array.from({ length: READ_AT_ONCE }, worker));
  const runs: RunInput[] = [];
  const skipped = [...found.skipped];
  const issues: string[] = [];
  found.runs.forEach((run, i) => {
    const table = tables[i] as RunTable | Error;
    if (table instanceof Error) {
      skipped.push({
        path: run.path,
        why: `could not be read: ${table.message.replace(`${run.file}: `, '')}`,
      });
      return;
    }
    issues.push(...table.issues);
    runs.push({ table, group: run.group, task: run.task, path: run.path });
  });
  return { runs, skipped, ignored: found.ignored, issues };
}
