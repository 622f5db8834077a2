/**
 * MLflow's SQLite store (`mlflow.db`, or any SQLite file holding MLflow's `experiments`, `runs`,
 * `metrics`, `params` and `tags` tables): a run per MLflow run, named by its experiment and run name.
 */
import type { Recogniser, Source } from '../catalogue/types.js';
import { isMlflowDatabase, mlflowRuns } from '../stores/index.js';
import { abs } from './shared.js';

export const mlflowDb: Recogniser = {
  name: 'mlflow-db',
  async recognise(folder) {
    const out: Source[] = [];
    for (const name of folder.files) {
      const sniff = await folder.sniff(name);
      if (sniff.kind !== 'binary' || !sniff.what.includes('SQLite')) continue;
      const file = abs(folder, name);
      if (!(await isMlflowDatabase(file))) continue;
      out.push({
        role: 'own',
        layout: 'mlflow-db',
        files: [folder.path(name)],
        read: () => mlflowRuns(file),
      });
    }
    return out;
  },
};
