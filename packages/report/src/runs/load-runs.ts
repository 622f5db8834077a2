/** A folder of runs read into memory through @evidence/sources' one discovery. */
import {
  type DiscoverOptions,
  type Discovery,
  discoverRuns,
  type Run,
  type SkippedRun,
} from '@evidence/sources';
import type { RunInput } from './compare-runs.js';
import { runTable } from './run-table.js';

export interface LoadedRuns {
  runs: RunInput[];
  /** the runs as @evidence/sources read them (series per metric, meta, restarts), in the order of `runs` */
  read: Run[];
  /** runs and files not used, with why (unmatched, unreadable, nothing logged yet) */
  skipped: SkippedRun[];
  /** other files under the root (not logs), not used */
  ignored: string[];
  /** lines the readers skipped or said (torn last lines, rows of the wrong width, restarts) */
  issues: string[];
  /** one line: what was taken as groups, tasks and runs */
  summary: string;
}

/** The runs under `root` (or those a discovery already found), labelled and read as tables. */
export async function loadRuns(root: string | Discovery, options: DiscoverOptions = {}): Promise<LoadedRuns> {
  const found = typeof root === 'string' ? await discoverRuns(root, options) : root;
  return {
    runs: found.runs.map((run) => ({
      table: runTable(run),
      group: run.group,
      task: run.task,
      path: run.id,
      restarts: run.restarts,
    })),
    read: found.runs,
    skipped: found.skipped,
    ignored: found.ignored,
    issues: found.runs.flatMap((run) => run.issues),
    summary: found.summary,
  };
}
