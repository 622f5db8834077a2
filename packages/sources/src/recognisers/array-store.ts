/**
 * A JSON object of arrays by metric, known by its shape whatever its name, a source of its folder's run:
 * - parallel arrays, a metric's values beside its steps under `<name>_T` (sacred's `info.json` as
 *   PyMARL's Logger fills it; jsonpickle for NumPy scalars: `{"py/object": "numpy.float64", "value": 1.5}`);
 * - columns of one length, `{"episode_reward": [...], "nb_steps": [...]}` (a history dict dumped whole):
 *   a table, its x and y decided by the values;
 * - `{tag: [[wall time, step, value], ...]}`: scalars exported as TensorBoard's JSON download holds them.
 */
import { join } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import type { Recogniser } from '../catalogue/types.js';
import { defaultY } from '../formats.js';
import type { Restart, Series } from '../model.js';
import { type RunPart, readJsonFile, tablePart } from '../readers.js';
import { sniffY } from '../role-values.js';
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

/**
 * The columns of a store of number arrays, two or more of one length of at least two, and nothing but
 * arrays (a configuration's `hidden_sizes: [64, 64]` sits among settings), or null.
 */
export function columnStore(value: unknown): Map<string, Float64Array> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  if (!Object.values(value).every(Array.isArray)) return null;
  const arrays = Object.entries(value as Record<string, unknown>).filter(
    (entry): entry is [string, unknown[]] =>
      Array.isArray(entry[1]) &&
      entry[1].length > 0 &&
      entry[1].every((v) => v === null || typeof v === 'number'),
  );
  const length = Math.max(0, ...arrays.map(([, a]) => a.length));
  const full = arrays.filter(([, a]) => a.length === length);
  if (full.length < 2 || length < 2) return null;
  return new Map(full.map(([key, a]) => [key, Float64Array.from(a, num)] as const));
}

/** The tags of a `{tag: [[wall, step, value], ...]}` export, or none. */
export function tripleTags(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(
      ([, a]) =>
        Array.isArray(a) &&
        a.length > 0 &&
        a.every((p) => Array.isArray(p) && p.length === 3 && p.every((v) => typeof v === 'number')),
    )
    .map(([tag]) => tag);
}

const isStore = (json: unknown): boolean =>
  arrayMetrics(json).length > 0 || columnStore(json) !== null || tripleTags(json).length > 0;

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
          ? isStore(sniff.json)
          : /"[^"]+_T"\s*:\s*\[/.test(sniff.head) ||
            /^\s*\{\s*"[^"]+"\s*:\s*\[\s*(\[\s*)?(-?[\d.]|NaN|null)/.test(sniff.head);
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
  if (metrics.length === 0) {
    const columns = columnStore(value);
    if (columns) return tablePart('json-arrays', columns, source, file);
    const tags = tripleTags(value);
    if (tags.length > 0) return readTriples(value as Record<string, number[][]>, tags, source);
    throw new Error(
      `${file}: expected {"<metric>": [...], "<metric>_T": [...]}, columns of one length, or {"<tag>": [[wall, step, value], ...]}`,
    );
  }
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

/** `{tag: [[wall, step, value], ...]}`: a series per tag, its steps and wall times as exported. */
function readTriples(value: Record<string, number[][]>, tags: string[], source: string): RunPart {
  const series: Series[] = tags.map((metric) => {
    const points = value[metric] as number[][];
    return {
      metric,
      source,
      steps: Float64Array.from(points, (p) => p[1] as number),
      wallTimes: Float64Array.from(points, (p) => p[0] as number),
      values: Float64Array.from(points, (p) => p[2] as number),
    };
  });
  const y = sniffY(series.map((s) => [s.metric, s.values] as const));
  return { format: 'json-arrays', series, x: 'step', y: y.name, meta: {}, restarts: [], issues: [] };
}
