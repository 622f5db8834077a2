/**
 * A JSON object of parallel arrays, a metric's values beside its steps under `<name>_T`: PyMARL's and
 * EPyMARL's Logger writes every statistic into sacred's `info.json` so
 * (`sacred_info[f"{key}_T"].append(t); sacred_info[key].append(value)`, jsonpickle for NumPy scalars:
 * `{"py/object": "numpy.float64", "value": 1.5}`). Known by that shape, whatever its name: a source of
 * its folder's run, x = those steps.
 */
import { join } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import type { Recogniser } from '../catalogue/types.js';
import { defaultY } from '../formats.js';
import type { Restart, Series } from '../model.js';
import { type RunPart, readJsonFile } from '../readers.js';
import { tableSeries } from '../series.js';

/** The metrics of a parallel-array store (each with its `_T` steps of the same length), or none. */
export function arrayMetrics(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const o = value as Record<string, unknown>;
  return Object.keys(o).filter((key) => {
    const values = o[key];
    const steps = o[`${key}_T`];
    return (
      Array.isArray(values) && Array.isArray(steps) && steps.length === values.length && values.length > 0
    );
  });
}

export const arrayStore: Recogniser = {
  name: 'array-store',
  async recognise(folder) {
    const names: string[] = [];
    for (const name of folder.files) {
      const sniff = await folder.sniff(name);
      if (sniff.kind !== 'json-object') continue;
      // the head holds the whole file when it is small; a bigger one is told by a `_T` array in its head
      const store =
        sniff.json !== undefined
          ? arrayMetrics(sniff.json).length > 0
          : /"[^"]+_T"\s*:\s*\[/.test(sniff.head);
      if (store) names.push(name);
    }
    return names.map((name) => ({
      role: 'join' as const,
      layout: 'folder' as const,
      files: [folder.path(name)],
      read: async () => [await readArrayStore(join(folder.abs, name), name)],
    }));
  },
};

/** A number, or a jsonpickled NumPy scalar's `value`; anything else is no point. */
const num = (v: unknown): number => {
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && typeof (v as Record<string, unknown>).value === 'number')
    return (v as Record<string, number>).value as number;
  return Number.NaN;
};

export async function readArrayStore(file: string, source: string): Promise<RunPart> {
  const value = (await readJsonFile(file)) as Record<string, unknown[]>;
  const metrics = arrayMetrics(value);
  if (metrics.length === 0) throw new Error(`${file}: expected {"<metric>": [...], "<metric>_T": [...]}`);
  const series: Series[] = [];
  const restarts: Restart[] = [];
  for (const metric of metrics) {
    const values = value[metric] as unknown[];
    const steps = value[`${metric}_T`] as unknown[];
    const columns = new Map<string, Float64Array>([
      ['step', Float64Array.from(steps, num)],
      [metric, Float64Array.from(values, num)],
    ]);
    const part = tableSeries(columns, { x: 'step', source });
    pushAll(series, part.series);
    pushAll(restarts, part.restarts);
  }
  return {
    format: 'json-arrays',
    series,
    x: 'step',
    y: defaultY(series.map((s) => s.metric)),
    meta: {},
    restarts,
    issues: [],
  };
}
