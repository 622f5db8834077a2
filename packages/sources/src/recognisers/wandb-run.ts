/**
 * A W&B run folder (`wandb/run-*` or `wandb/offline-run-*`): its `run-<id>.wandb`, known by its `:W&B`
 * header whatever its name, holds the run's history, config and summary. The folder is that run; what
 * W&B keeps beside and below it (`files/` copies of config and summary, `logs/` debug logs, `tmp/`) is
 * listed, not read. A folder holding several run files has a run per file.
 */
import { pushAll } from '@evidence/node-kit';
import type { Folder, Recogniser, Source } from '../catalogue/types.js';
import { filesUnder, type Tree } from '../catalogue/walk.js';
import { isWandbRunFile, readWandbRun, wandbIdentity } from '../stores/index.js';
import { abs } from './shared.js';

export const wandbRun: Recogniser = {
  name: 'wandb-run',
  async recognise(folder) {
    const runFiles: string[] = [];
    for (const name of folder.files) {
      // the sniff read the header already: only a file it calls W&B's is opened again
      const sniff = await folder.sniff(name);
      if (sniff.kind === 'binary' && sniff.what.includes('W&B') && (await isWandbRunFile(abs(folder, name))))
        runFiles.push(name);
    }
    if (runFiles.length === 0) return [];
    const original = runFiles.length === 1 ? syncedFrom(folder) : null;
    if (original)
      return [
        {
          role: 'unread',
          files: filesUnder(folder.ctx.tree, folder.rel),
          why: `W&B's copy (sync_tensorboard) of the TensorBoard run ${original}, which is read`,
        },
      ];
    const sources: Source[] = [];
    for (const name of runFiles) {
      const file = abs(folder, name);
      sources.push({
        // one run file: the folder's run (named after the folder, or after the file when it is given alone)
        role: runFiles.length === 1 ? 'join' : 'own',
        layout: 'wandb',
        files: [folder.path(name)],
        identity: await wandbIdentity(file).catch(() => ({})),
        read: async () => [await readWandbRun(file, name)],
      });
    }
    pushAll(sources, rest(folder, runFiles));
    return sources;
  },
};

/** Everything else in and below the run folder, by what W&B wrote it for. */
function rest(folder: Folder, runFiles: string[]): Source[] {
  const named = runFiles.join(', ');
  const mine = new Set(runFiles.map((f) => folder.path(f)));
  const groups = new Map<string, string[]>();
  for (const path of filesUnder(folder.ctx.tree, folder.rel)) {
    if (mine.has(path)) continue;
    const below = folder.rel === '.' ? path : path.slice(folder.rel.length + 1);
    const top = below.includes('/') ? below.slice(0, below.indexOf('/')) : '';
    const why =
      top === 'files'
        ? `W&B's copy of a run file (config, summary, console output), read from ${named}`
        : top === 'logs'
          ? `W&B's own debug log, not a metric log (the run is read from ${named})`
          : `kept by W&B beside ${named}, which holds the run's history, config and summary`;
    const list = groups.get(why);
    if (list) list.push(path);
    else groups.set(why, [path]);
  }
  return [...groups].map(([why, files]) => ({ role: 'unread' as const, files, why }));
}

/** Event files of the tree by file name (each names its writer's time, host and pid), per tree. */
const eventFiles = new WeakMap<Tree, Map<string, string[]>>();

/**
 * The folder of the TensorBoard run a W&B run folder copies, or null: `sync_tensorboard` links the event
 * files it uploads into the run's `files/` (or copies them), under their own names, which no other
 * writer's share.
 */
function syncedFrom(folder: Folder): string | null {
  const tree = folder.ctx.tree;
  const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  let byName = eventFiles.get(tree);
  if (!byName) {
    byName = new Map();
    for (const path of filesUnder(tree, '.'))
      if (nameOf(path).includes('tfevents'))
        byName.set(nameOf(path), [...(byName.get(nameOf(path)) ?? []), path]);
    eventFiles.set(tree, byName);
  }
  // a link into the tree is listed as not walked, a copy as a file
  const under = (path: string) => folder.rel === '.' || path.startsWith(`${folder.rel}/`);
  const links = tree.notWalked.map((skipped) => skipped.path).filter(under);
  for (const path of [...filesUnder(tree, folder.rel), ...links]) {
    const original = byName
      .get(nameOf(path))
      ?.find((at) => folder.rel !== '.' && !at.startsWith(`${folder.rel}/`));
    if (original) return original.includes('/') ? original.slice(0, original.lastIndexOf('/')) : '.';
  }
  return null;
}
