/**
 * W&B's "Export panel data" CSV: an x column (`Step`, `global_step`, `_step`…), then `<run> - <metric>`
 * columns with optional `__MIN`/`__MAX` bands, every cell quoted. One run per W&B run (or group).
 */
import { join } from 'node:path';
import type { Recogniser, Source } from '../catalogue/types.js';
import { readWandbPanelParts } from '../readers.js';
import { wandbSeries } from '../wandb-csv.js';
import { tableOptions } from './shared.js';

export const wandbPanel: Recogniser = {
  name: 'wandb-panel',
  async recognise(folder) {
    const out: Source[] = [];
    for (const name of folder.files) {
      const sniff = await folder.sniff(name);
      const header = sniff.table?.header;
      if (!header || !wandbSeries(header)) continue;
      const file = join(folder.abs, name);
      const options = await tableOptions(folder, name);
      out.push({
        role: 'own',
        layout: 'wandb-panel',
        files: [folder.path(name)],
        read: async () => {
          const runs = new Map();
          for (const [run, part] of await readWandbPanelParts(file, name, options))
            runs.set(run, { part, identity: { run } });
          return runs;
        },
      });
    }
    return out;
  },
};
