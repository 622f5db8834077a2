/**
 * A JSON object of final results beside a run's logs (SB3's `results.json`, W&B's `wandb-summary.json`,
 * HF's `eval_results.json`, `all_results.json`): in the run's meta under its name, never a series.
 */
import { join } from 'node:path';
import type { Recogniser } from '../catalogue/types.js';
import { readJsonFile } from '../readers.js';
import { stem } from './shared.js';

const SUMMARY =
  /^(results|summary|wandb-summary|eval_results|all_results|train_results|final_results|metrics_summary)\.json$/i;

export const summaries: Recogniser = {
  name: 'summaries',
  async recognise(folder) {
    const names: string[] = [];
    for (const name of folder.files)
      if (SUMMARY.test(name) && (await folder.sniff(name)).kind === 'json-object') names.push(name);
    return names.map((name) => ({
      role: 'config' as const,
      files: [folder.path(name)],
      meta: async () => ({ [stem(name)]: await readJsonFile(join(folder.abs, name)) }),
    }));
  },
};
