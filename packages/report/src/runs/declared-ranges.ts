import type { Run } from '@evidence/sources';
import { runStatsInfo } from '../run-json.js';
import type { DeclaredRange, RunInput } from './compare-runs.js';

/**
 * The ranges a run's run.json declares (`metrics.<name>.min/max`), as @evidence/sources read it (the one
 * run.json reader): curve bands stay inside them and a group whose runs all ended at the maximum is said
 * so. A run without run.json, or run.json values of the wrong type, declares none.
 */
export function declaredRanges(run: Pick<Run, 'meta'>): Record<string, DeclaredRange> {
  const ranges: Record<string, DeclaredRange> = {};
  if (!run.meta.configFiles?.includes('run.json')) return ranges;
  for (const [name, { min, max }] of Object.entries(runStatsInfo(run.meta.config).metrics))
    if (min !== undefined || max !== undefined)
      ranges[name] = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  return ranges;
}

/** Each run input with the ranges its run declares (`read[i]` is the run `runs[i]` was made of). */
export function withDeclaredRanges(
  runs: readonly RunInput[],
  read: readonly Pick<Run, 'meta'>[],
): RunInput[] {
  return runs.map((run, i) => {
    const ranges = read[i] ? declaredRanges(read[i]) : {};
    return Object.keys(ranges).length > 0 ? { ...run, ranges } : run;
  });
}
