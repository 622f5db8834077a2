/**
 * rl-baselines3-zoo: `logs/{algo}/{env}_{n}/` with monitor files (or progress.csv) and `{env}/config.yml`,
 * `{env}/args.yml`. It names the run (group = algo, task = env, run = n) and claims the configuration.
 */
import { basename, dirname, join } from 'node:path';
import type { Recogniser } from '../catalogue/types.js';
import { readConfigFile } from '../config-files.js';

export const rlZoo: Recogniser = {
  name: 'rl-zoo',
  async recognise(folder) {
    const zoo = /^(.+)_(\d+)$/.exec(basename(folder.abs));
    if (!zoo || folder.rel === '.') return [];
    const env = zoo[1] as string;
    if (!folder.dirs.includes(env)) return [];
    const configs = folder.filesOf(env).filter((f) => f === 'config.yml' || f === 'args.yml');
    if (configs.length === 0) return [];
    const algo = basename(dirname(folder.abs));
    return [
      {
        role: 'config',
        layout: 'rl-zoo',
        identity: { group: algo, task: env, run: zoo[2] as string },
        files: configs.map((c) => folder.path(`${env}/${c}`)),
        meta: async () => {
          const config: Record<string, unknown> = {};
          for (const name of configs)
            config[name.replace(/\.yml$/, '')] = await readConfigFile(join(folder.abs, env, name));
          return { config, configFiles: configs.map((c) => `${env}/${c}`), algo, envId: env };
        },
      },
    ];
  },
};
