/** `evidence runs --out DIR` wrote this folder (runs.json and RUNS.md): our report, not a run. */

import type { Recogniser } from '../catalogue/types.js';
import { filesUnder } from '../catalogue/walk.js';

export const runsReport: Recogniser = {
  name: 'runs-report',
  async recognise(folder) {
    if (!(folder.files.includes('runs.json') && folder.files.includes('RUNS.md'))) return [];
    return [
      {
        role: 'unread',
        files: filesUnder(folder.ctx.tree, folder.rel),
        why: 'a runs report written by `evidence runs`, not a run',
      },
    ];
  },
};
