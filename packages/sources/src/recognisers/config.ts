/**
 * Configuration files (`config.json`, `config.yaml`, `params.json`, `args.yml`, `hparams.yaml`,
 * `variant.json`, Hydra's `.hydra/config.yaml`…): the configuration of their folder's run, or of the
 * run of the folder above (rl-zoo's `{env}/config.yml`, Hydra's `.hydra/`, an HF checkpoint's).
 */
import { join } from 'node:path';
import type { Recogniser } from '../catalogue/types.js';
import { readConfigFile } from '../config-files.js';
import type { RunMeta } from '../model.js';

const CONFIG =
  /^(config|configs|params|parameters|hparams|hyperparameters|args|arguments|variant|flags|settings|cfg|overrides|run|info|meta|experiment|spec|options)\.(json|ya?ml)$/i;

export const config: Recogniser = {
  name: 'config',
  async recognise(folder) {
    const names: string[] = [];
    for (const name of folder.files) {
      if (!CONFIG.test(name)) continue;
      const sniff = await folder.sniff(name);
      if (sniff.kind === 'binary' || sniff.kind === 'empty') continue;
      names.push(name);
    }
    if (names.length === 0) return [];
    return [
      {
        role: 'config',
        files: names.map((n) => folder.path(n)),
        meta: async () => {
          const merged: Record<string, unknown> = {};
          const configFiles: string[] = [];
          for (const name of names) {
            const value = await readConfigFile(join(folder.abs, name)).catch(() => null);
            if (!value) continue;
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
      return pick(o.id ?? o.env_id ?? o.name ?? o.env_name);
    }
    return undefined;
  };
  const env = pick(
    value.env_id ?? value.env ?? value.env_name ?? value.environment ?? value.gym_id ?? value.game,
  );
  if (env) meta.envId = env;
  else if (typeof value.domain_name === 'string' && typeof value.task_name === 'string')
    meta.envId = `${value.domain_name}-${value.task_name}`;
  const algo = value.algo ?? value.algorithm ?? value.algo_name;
  if (typeof algo === 'string') meta.algo = algo;
  if (typeof value.seed === 'number') meta.seed = value.seed;
  return meta;
}
