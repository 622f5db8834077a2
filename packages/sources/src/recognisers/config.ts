/**
 * Configuration files (`config.json`, `config.yaml`, `params.json`, `args.yml`, `hparams.yaml`,
 * `variant.json`, Hydra's `.hydra/config.yaml`…): the configuration of their folder's run, or of the
 * run of the folder above (rl-zoo's `{env}/config.yml`, Hydra's `.hydra/`, an HF checkpoint's).
 */
import { join } from 'node:path';
import type { Folder, Recogniser, Source } from '../catalogue/types.js';
import { loadYamlBounded, readConfigFile } from '../config-files.js';
import { configMeta } from '../config-meta.js';
import { stem } from './shared.js';

const STEM =
  '(config|configs|configuration|params|parameters|hparams|hyperparameters|args|arguments|variant|flags|settings|cfg|overrides|run|info|meta|experiment|spec|options)';
const CONFIG = new RegExp(`^${STEM}\\.(json|ya?ml)$`, 'i');
/**
 * Hydra's `.hydra/hydra.yaml` (`hydra:` and nothing else at the top): a tool's settings of itself, whose
 * per-job values (`hydra.job.num`, output dirs) would split groups that differ by nothing the run chose.
 */
async function isToolSettings(folder: Folder, name: string): Promise<boolean> {
  const sniff = await folder.sniff(name);
  if (sniff.size > sniff.head.length) return false;
  const top = sniff.head.split('\n').filter((l) => /^[^\s#-][^:]*:/.test(l));
  return top.length === 1 && top[0]?.split(':')[0]?.trim().replace(/^"|"$/g, '') === stem(name);
}

/** A folder named for the configuration of the run above it. */
const CONFIG_FOLDER =
  /^(params|parameters|config|configs|cfg|hparams|hyperparameters|\.hydra|args|settings)$/i;
/** PFRL's `args.txt`, a `flags` file: a configuration name with another extension, or none. */
const CONFIG_ANY = new RegExp(`^${STEM}(\\.(txt|cfg|conf))?$`, 'i');

/** Whether a file holds configuration: by name, and for a name without a config extension, by content. */
async function isConfig(folder: Folder, name: string): Promise<boolean> {
  // rsl_rl's `params/{env,agent}.yaml`, a `configs/` folder: every JSON or YAML file in it
  const inConfigFolder =
    CONFIG_FOLDER.test(folder.rel.split('/').pop() ?? '') && /\.(json|ya?ml)$/i.test(name);
  if (inConfigFolder) {
    const kind = (await folder.sniff(name)).kind;
    return kind !== 'binary' && kind !== 'empty' && kind !== 'json-array';
  }
  if (!CONFIG.test(name) && !CONFIG_ANY.test(name)) return false;
  const sniff = await folder.sniff(name);
  if (sniff.kind === 'binary' || sniff.kind === 'empty') return false;
  if (CONFIG.test(name)) return true;
  // one JSON object (json.dumps of the arguments), or YAML `key: value` lines
  const lines = sniff.head.split('\n').filter((l) => l.trim() !== '');
  return (
    sniff.kind === 'json-object' ||
    (sniff.kind === 'jsonl' && lines.length === 1) ||
    (lines.length > 0 && lines.every((l) => /^(\s+|- |[A-Za-z_][\w.-]*:(\s|$))/.test(l)))
  );
}

/**
 * Hydra's `overrides.yaml` (and any list of `key=value` arguments): a YAML list read as an object, so
 * the seed and the swept keys it sets are configuration like any other (`+key`, `++key` add or force).
 */
function overridesObject(value: Record<string, unknown>): Record<string, unknown> {
  const list = value.value;
  if (!Array.isArray(list) || list.length === 0) return value;
  if (!list.every((item) => typeof item === 'string' && /^[+~]{0,2}[\w./-]+=/.test(item))) return value;
  const out: Record<string, unknown> = {};
  for (const item of list as string[]) {
    const at = item.indexOf('=');
    const key = item.slice(0, at).replace(/^[+~]+/, '');
    const text = item.slice(at + 1);
    let parsed: unknown = text;
    try {
      parsed = loadYamlBounded(text);
    } catch {
      // a value YAML cannot read stays its text
    }
    out[key] = parsed;
  }
  return out;
}

export const config: Recogniser = {
  name: 'config',
  async recognise(folder) {
    const names: string[] = [];
    const own: string[] = [];
    for (const name of folder.files)
      if (await isConfig(folder, name)) ((await isToolSettings(folder, name)) ? own : names).push(name);
    const unread: Source[] = own.map((name) => ({
      role: 'unread',
      files: [folder.path(name)],
      why: `the settings of ${stem(name)} itself (one top-level key, its name), not the run's configuration`,
    }));
    if (names.length === 0) return unread;
    return [
      ...unread,
      {
        role: 'config',
        files: names.map((n) => folder.path(n)),
        meta: async (issues) => {
          const merged: Record<string, unknown> = {};
          const configFiles: string[] = [];
          for (const name of names) {
            // one configuration that cannot be read is skipped and said; the others are still read
            const read = await readConfigFile(join(folder.abs, name)).catch((error: Error) => {
              issues?.push(`${error.message}; this configuration not read`);
              return null;
            });
            if (!read) continue;
            const value = overridesObject(read);
            configFiles.push(folder.rel === '.' ? name : `${folder.rel.split('/').pop()}/${name}`);
            Object.assign(merged, value);
          }
          return configMeta(merged, configFiles);
        },
      },
    ];
  },
};
