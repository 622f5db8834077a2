import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { loadRunJson, runStatsInfo } from '../stats/run-info.js';
import type { DeclaredRange, RunInput } from './compare-runs.js';

/**
 * Each run with the ranges its run.json declares (`metrics.<name>.min/max`), for runs that are
 * evidence folders (run.json beside training_log.csv): the curve bands stay inside them and a group
 * whose runs all ended at the maximum is said so. Other runs, and run.json values of the wrong type,
 * are left as they are (the report's own warnings name those).
 */
export async function withDeclaredRanges(runs: readonly RunInput[]): Promise<RunInput[]> {
  return Promise.all(
    runs.map(async (run) => {
      const file = await runJsonOf(run.table.path);
      if (!file) return run;
      const { metrics } = runStatsInfo(await loadRunJson(file).catch(() => undefined));
      const ranges: Record<string, DeclaredRange> = {};
      for (const [name, info] of Object.entries(metrics))
        if (info.min !== undefined || info.max !== undefined)
          ranges[name] = {
            ...(info.min === undefined ? {} : { min: info.min }),
            ...(info.max === undefined ? {} : { max: info.max }),
          };
      return Object.keys(ranges).length > 0 ? { ...run, ranges } : run;
    }),
  );
}

/** run.json of an evidence folder given as the folder or as its training_log.csv; undefined otherwise. */
async function runJsonOf(path: string): Promise<string | undefined> {
  const folder = (await stat(path).catch(() => null))?.isDirectory()
    ? path
    : basename(path) === 'training_log.csv'
      ? dirname(path)
      : undefined;
  if (folder === undefined) return undefined;
  const file = join(folder, 'run.json');
  return (await stat(file).catch(() => null))?.isFile() ? file : undefined;
}
