/**
 * A Ray Tune / RLlib trial folder: `params.json` with `progress.csv` and/or `result.json` (one JSON
 * object per line). Both logs hold the same results: progress.csv is read, result.json when it is empty.
 */
import { basename, dirname, join } from 'node:path';
import { JOIN_RANK, type Recogniser } from '../catalogue/types.js';
import { readConfigFile } from '../config-files.js';
import { configMeta } from '../config-meta.js';
import { readCsvPart, readJsonlPart } from '../readers.js';
import { tableOptions } from './shared.js';

export const rayTrial: Recogniser = {
  name: 'ray-trial',
  async recognise(folder) {
    const has = (name: string) => folder.files.includes(name);
    if (!(has('params.json') && (has('progress.csv') || has('result.json')))) return [];
    const dir = folder.abs;
    const progress = has('progress.csv') && (await folder.sniff('progress.csv')).size > 0;
    // the task as any configuration names it (`env: "CartPole-v1"`, rlpyt's `env: {id: …}`)
    const env = await readConfigFile(join(dir, 'params.json')).then(
      (p) => configMeta(p, []).envId,
      () => undefined,
    );
    const options = await tableOptions(folder, progress ? 'progress.csv' : 'result.json');
    return [
      {
        role: 'join',
        layout: 'ray-trial',
        rank: JOIN_RANK.whole,
        files: ['progress.csv', 'result.json', 'params.json'].filter(has).map((f) => folder.path(f)),
        identity: { group: basename(dirname(dir)), run: basename(dir), ...(env ? { task: env } : {}) },
        read: async (want) => {
          const params = await readConfigFile(join(dir, 'params.json'));
          const part = progress
            ? await readCsvPart(join(dir, 'progress.csv'), 'progress.csv', options, want)
            : await readJsonlPart(join(dir, 'result.json'), 'result.json', 'rllib-result', options);
          if (part.format === 'csv' || part.format === 'baselines-progress') part.format = 'rllib-progress';
          part.meta = { ...part.meta, ...configMeta(params, ['params.json']) };
          return [part];
        },
      },
    ];
  },
};
