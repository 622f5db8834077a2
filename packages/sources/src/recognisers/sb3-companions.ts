/**
 * SB3's other logs: `EvalCallback`'s `evaluations.npz` (a zip of `timesteps`, `results`, `ep_lengths`…,
 * known by its arrays whatever its name) and the JSON logger's `progress.json`. Each is a source of its
 * folder's run (rl-zoo, an SB3 log folder), or the run when nothing else is. A progress.json beside SB3's
 * event files is not read: the logger wrote the same values to both, and the event files are read.
 */
import type { Folder, Recogniser, Source } from '../catalogue/types.js';
import { isProgressJson, isSb3Evaluations, readProgressJson, readSb3Evaluations } from '../stores/index.js';
import { isEventFile } from '../tensorboard/read.js';
import { abs, tableOptions } from './shared.js';

export const sb3Companions: Recogniser = {
  name: 'sb3-companions',
  async recognise(folder) {
    const out: Source[] = [];
    for (const name of folder.files) {
      const file = abs(folder, name);
      if (await isEvaluations(folder, name)) {
        // no layout: the folder's other sources (monitor files, progress table) give the run its x and y
        out.push({
          role: 'join',
          joinable: true,
          files: [folder.path(name)],
          read: async () => [await readSb3Evaluations(file, name)],
        });
      } else if (await isProgressJson(file)) {
        out.push(progressJson(folder, name));
      }
    }
    return out;
  },
};

/** An .npz only when so named: telling an EvalCallback log from a saved model's zip reads the whole zip. */
async function isEvaluations(folder: Folder, name: string): Promise<boolean> {
  if (!/\.npz$/i.test(name)) return false;
  const sniff = await folder.sniff(name);
  return sniff.kind === 'binary' && (await isSb3Evaluations(abs(folder, name)));
}

function progressJson(folder: Folder, name: string): Source {
  const all = folder.ctx.tree.byRel.get(folder.rel)?.files ?? folder.files;
  if (all.some(isEventFile))
    return {
      role: 'unread',
      files: [folder.path(name)],
      why: "SB3's JSON log of the values its event files hold (the event files are read)",
    };
  const file = abs(folder, name);
  return {
    role: 'join',
    joinable: true,
    // the run's curve, as progress.csv is; after progress.csv when SB3 wrote both
    ...(all.includes('progress.csv') ? {} : { layout: 'folder' as const }),
    files: [folder.path(name)],
    // a foreign log: its last line's rule is the catalogue's (by how recently it was written)
    read: async () => [await readProgressJson(file, name, await tableOptions(folder, name))],
  };
}
