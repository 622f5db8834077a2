/**
 * Configuration files (`config.json`, `config.yaml`, `params.json`, `args.yml`, `hparams.yaml`,
 * `variant.json`, Hydra's `.hydra/config.yaml`…): the configuration of their folder's run, or of the
 * run of the folder above (rl-zoo's `{env}/config.yml`, Hydra's `.hydra/`, an HF checkpoint's).
 */
import { join } from 'node:path';
import yaml from 'js-yaml';
import { algoFromPath } from '../catalogue/identity.js';
import type { Folder, Recogniser, Source } from '../catalogue/types.js';
import { readConfigFile } from '../config-files.js';
import type { RunMeta } from '../model.js';
import { stem } from './shared.js';

const STEM =
  '(config|configs|params|parameters|hparams|hyperparameters|args|arguments|variant|flags|settings|cfg|overrides|run|info|meta|experiment|spec|options)';
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
      parsed = yaml.load(text);
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
        meta: async () => {
          const merged: Record<string, unknown> = {};
          const configFiles: string[] = [];
          for (const name of names) {
            const read = await readConfigFile(join(folder.abs, name)).catch(() => null);
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

/** The environment a configuration names (`env`, `env_id`, `env.id`, `domain_name`+`task_name`…). */
export function configMeta(value: Record<string, unknown>, configFiles: string[]): RunMeta {
  const meta: RunMeta = { config: value, configFiles };
  const pick = (v: unknown): string | undefined => {
    if (typeof v === 'string' && v.trim() !== '' && v.length <= 100) return v.trim();
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      return pick(o.id ?? o.env_id ?? o.name ?? o.env_name ?? o.game);
    }
    return undefined;
  };
  // EPyMARL's `env_args.key` (a Gym or PettingZoo id) and SMAC's `env_args.map_name` name the task within `env`
  const args = (value.env_args ?? {}) as Record<string, unknown>;
  const env = pick(
    args.key ??
      args.map_name ??
      value.env_id ??
      value.env ??
      value.env_name ??
      value.environment ??
      value.gym_id ??
      value.game,
  );
  if (env) meta.envId = env;
  else if (typeof value.domain_name === 'string' && typeof value.task_name === 'string')
    meta.envId = `${value.domain_name}-${value.task_name}`;
  // rsl_rl's `algorithm: {class_name: PPO, …}` names it inside its settings
  const algo = value.algo ?? value.algorithm ?? value.algo_name;
  const algoName =
    algo && typeof algo === 'object'
      ? ((algo as Record<string, unknown>).class_name ?? (algo as Record<string, unknown>).name)
      : algo;
  if (typeof algoName === 'string' && algoName.length <= 100) meta.algo = algoName;
  else {
    // PyMARL names its algorithm's config `name: qmix`: a name that is an algorithm's is the algorithm
    for (const key of ['name', 'agent', 'agent_name', 'learner', 'method', 'policy', 'exp_name'])
      if (typeof value[key] === 'string' && algoFromPath([value[key] as string])) {
        meta.algo = value[key] as string;
        break;
      }
  }
  if (typeof value.seed === 'number') meta.seed = value.seed;
  return meta;
}
