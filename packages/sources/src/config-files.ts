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

/** A YAML or JSON configuration file as an object; throws naming the file. */
export async function readConfigFile(path: string): Promise<Record<string, unknown>> {
  const text = await readInputText(path);
  let value: unknown;
  try {
    value = /\.json$/i.test(path) ? parseNanJson(text) : yaml.load(text, { schema: SCHEMA, filename: path });
  } catch (error) {
    throw new Error(
      `${path}: not readable ${/\.json$/i.test(path) ? 'JSON' : 'YAML'} (${(error as Error).message.split('\n')[0]})`,
    );
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return { value };
  return value as Record<string, unknown>;
}
