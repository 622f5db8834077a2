/**
 * A folder `evidence runs --out DIR` (runs.json and RUNS.md) or `evidence report` (REPORT.md and its
 * ownership record) wrote: our report, not a run.
 */

import type { Recogniser } from '../catalogue/types.js';
import { filesUnder } from '../catalogue/walk.js';

export const runsReport: Recogniser = {
  name: 'runs-report',
  async recognise(folder) {
    const has = (name: string) => folder.files.includes(name);
    const why =
      has('runs.json') && has('RUNS.md')
        ? 'a runs report written by `evidence runs`, not a run'
        : has('REPORT.md') && has('.evidence-report.json')
          ? 'a report written by `evidence report`, not a run'
          : null;
    if (!why) return [];
    return [{ role: 'unread', files: filesUnder(folder.ctx.tree, folder.rel), why }];
  },
};
