/** A run's config files: rl-zoo config.yml/args.yml, RLlib params.json, Lightning hparams.yaml (run.json: run-json.ts). */
import { parseNanJson } from '@evidence/csv-log';
import { readInputText } from '@evidence/node-kit';
import yaml from 'js-yaml';

/**
 * rl-zoo dumps `OrderedDict`s with PyYAML's Python tag: a sequence of [key, value] pairs. Read as an
 * object; other Python tags are left as null rather than failing the whole file.
 */
const ORDERED_DICT = new yaml.Type('tag:yaml.org,2002:python/object/apply:collections.OrderedDict', {
  kind: 'sequence',
  construct: (data: unknown[]) => {
    const pairs = (
      Array.isArray(data[0]) && Array.isArray((data[0] as unknown[])[0]) ? data[0] : data
    ) as unknown[];
    return Object.fromEntries(pairs.filter(Array.isArray).map((pair) => [String(pair[0]), pair[1]]));
  },
});
const PYTHON_OBJECT = (kind: 'scalar' | 'sequence' | 'mapping') =>
  new yaml.Type('tag:yaml.org,2002:python/object/apply:', { kind, multi: true, construct: () => null });
const SCHEMA = yaml.DEFAULT_SCHEMA.extend([
  ORDERED_DICT,
  PYTHON_OBJECT('scalar'),
  PYTHON_OBJECT('sequence'),
  PYTHON_OBJECT('mapping'),
]);

/**
 * YAML read with its aliases' expansion bounded. js-yaml makes an alias a second reference to the anchored
 * value, so a 1 KB file of nested aliases (a "billion laughs") parses at once but is a tree of 9^9 values
 * to whatever walks it (flattening, export): it is refused here, before anything walks it. A file without
 * aliases has fewer values than characters, so the bound is its length plus room for honest reuse
 * (`<<: *defaults` over a few sections).
 */
export function loadYamlBounded(text: string, filename?: string): unknown {
  const value = yaml.load(text, { schema: SCHEMA, ...(filename ? { filename } : {}) });
  const limit = ALIAS_ROOM + text.length;
  if (text.includes('*') && expandedValues(value, limit) > limit)
    throw new Error(`its aliases expand to more than ${limit.toLocaleString('en')} values (an alias bomb?)`);
  return value;
}

const ALIAS_ROOM = 100_000;

/** How many values a walk of `value` meets, counting a shared one each time; stops past `limit`. */
function expandedValues(value: unknown, limit: number): number {
  let count = 1;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const next = stack.pop();
    if (next === null || typeof next !== 'object') continue;
    // counted as they are met, so the stack never holds more than `limit` of them
    for (const child of Object.values(next as object)) {
      if (++count > limit) break;
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return count;
}

/** A YAML or JSON configuration file as an object; throws naming the file. */
export async function readConfigFile(path: string): Promise<Record<string, unknown>> {
  const text = await readInputText(path);
  let value: unknown;
  try {
    value = /\.json$/i.test(path) ? parseNanJson(text) : loadYamlBounded(text, path);
  } catch (error) {
    throw new Error(
      `${path}: not readable ${/\.json$/i.test(path) ? 'JSON' : 'YAML'} (${(error as Error).message.split('\n')[0]})`,
    );
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return { value };
  return value as Record<string, unknown>;
}
