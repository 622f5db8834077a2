/**
 * The columns of an export beyond the long form: a unique key per run and one column per configuration
 * key (hyper-parameters), so that `GROUP BY lr` works in DuckDB, Polars or pandas.
 */
import { formatNumber } from './cells.js';
import type { Run } from './model.js';

/** The long-form columns every export starts with, in this order; configuration columns follow. */
export const EXPORT_COLUMNS = [
  'group',
  'task',
  'run',
  'run_id',
  'source',
  'metric',
  'step',
  'wall_time',
  'value',
] as const;

export type ConfigValue = number | boolean | string | null;

/** One configuration key as a column: its name in the export, its type and each run's value. */
export interface ConfigColumn {
  /** The key, nested keys joined with `.` (`optimizer.lr`); `config.` before it when it would clash. */
  name: string;
  /** DOUBLE when every run's value is a number, BOOLEAN when every one is a boolean, else STRING. */
  type: 'DOUBLE' | 'BOOLEAN' | 'STRING';
  /** The value of each run, in the order of the runs (null where the run has no such key). */
  values: ConfigValue[];
}

/** Leaves of a configuration: nested plain objects flattened to `a.b`; arrays and scalars are leaves. */
export function flattenConfig(
  config: Record<string, unknown>,
  prefix = '',
  out = new Map<string, unknown>(),
) {
  for (const [key, value] of Object.entries(config)) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (isPlainObject(value) && Object.keys(value).length > 0) flattenConfig(value, name, out);
    else out.set(name, value);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A leaf as text for a STRING column: strings as they are, anything else as JSON. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? String(value);
}

/**
 * One column per configuration key of any run (sorted by key), typed from every run's value. Names are
 * unique without regard to case (DuckDB's rule): a key that clashes with a long-form column or another
 * key gets `config.` before it, then a `#2`, `#3`… after it.
 */
export function configColumns(runs: readonly Run[]): ConfigColumn[] {
  return configColumnsOf(runs).columns;
}

/**
 * The most configuration columns an export has. Each is repeated on every row: 200,000 keys of one
 * run.json over a few hundred rows are tens of millions of cells no table tool groups by.
 */
export const CONFIG_COLUMNS_MAX = 1000;

/**
 * configColumns, at most `max` of them: the keys whose values differ between runs first (what a GROUP BY
 * needs), then the others by name; `leftOut` counts the keys not made columns.
 */
export function configColumnsOf(
  runs: readonly Run[],
  max = CONFIG_COLUMNS_MAX,
): { columns: ConfigColumn[]; leftOut: number } {
  const leaves = runs.map((run) => flattenConfig(run.meta.config ?? {}));
  const all = [...new Set(leaves.flatMap((leaf) => [...leaf.keys()]))];
  const differs = (key: string) => {
    const first = JSON.stringify(leaves[0]?.get(key));
    return leaves.some((leaf) => JSON.stringify(leaf.get(key)) !== first);
  };
  const keys = (all.length <= max ? all : [...all.filter(differs), ...all.filter((k) => !differs(k))])
    .slice(0, max)
    .sort();
  return { columns: columnsOf(leaves, keys), leftOut: all.length - keys.length };
}

function columnsOf(leaves: Map<string, unknown>[], keys: string[]): ConfigColumn[] {
  const taken = new Set<string>(EXPORT_COLUMNS);
  return keys.map((key) => {
    const raw = leaves.map((leaf) => leaf.get(key));
    const present = raw.filter((v) => v !== undefined && v !== null);
    const type = present.every((v) => typeof v === 'number')
      ? 'DOUBLE'
      : present.every((v) => typeof v === 'boolean')
        ? 'BOOLEAN'
        : 'STRING';
    const values = raw.map((v): ConfigValue => {
      if (v === undefined || v === null) return null;
      return type === 'STRING' ? asText(v) : (v as number | boolean);
    });
    return { name: uniqueName(key, taken), type: present.length === 0 ? 'STRING' : type, values };
  });
}

function uniqueName(key: string, taken: Set<string>): string {
  let name = taken.has(key.toLowerCase()) ? `config.${key}` : key;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `config.${key}#${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/** A key per run, unique in the export: the run's id, with `#2`, `#3`… after a repeated one. */
export function runKeys(runs: readonly Run[]): string[] {
  const seen = new Set<string>();
  return runs.map((run) => {
    let key = run.id;
    for (let n = 2; seen.has(key); n++) key = `${run.id}#${n}`;
    seen.add(key);
    return key;
  });
}

/** The file a series came from, relative to the discovery root. */
export function sourceOf(run: Run, source: string): string {
  const id = run.id.replace(/#.*$/, '');
  if (source === '' || id.endsWith(source)) return id;
  return id === '.' ? source : `${id}/${source}`;
}
