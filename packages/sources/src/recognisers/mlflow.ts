/**
 * MLflow's file store: `mlruns/<experiment>/<run_id>/` with `meta.yaml`, `metrics/<name>` files of
 * `timestamp value step` lines, `params/`, `tags/`. The experiment's own `meta.yaml` names the group.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { lastLineRule } from '../catalogue/last-line.js';
import type { Recogniser, Source } from '../catalogue/types.js';
import { filesUnder } from '../catalogue/walk.js';
import { readConfigFile } from '../config-files.js';
import { readMlflowPart } from '../readers.js';

export const mlflow: Recogniser = {
  name: 'mlflow',
  async recognise(folder) {
    const out: Source[] = [];
    if (folder.files.includes('meta.yaml') && folder.dirs.includes('metrics')) {
      const dir = folder.abs;
      const below = ['metrics', 'params', 'tags'].flatMap((sub) =>
        folder.dirs.includes(sub) ? filesUnder(folder.ctx.tree, folder.path(sub)) : [],
      );
      out.push({
        role: 'own',
        layout: 'mlflow',
        files: [folder.path('meta.yaml'), ...below],
        abs: dir,
        id: folder.rel,
        identity: { group: await experimentName(dirname(dir)), run: await runName(dir) },
        // each metric file's last line by the catalogue's rule (how recently it was written)
        read: async () => [
          await readMlflowPart(dir, (file) =>
            lastLineRule({ mtimeMs: statSync(file).mtimeMs }, folder.ctx.now),
          ),
        ],
      });
    } else if (
      folder.files.includes('meta.yaml') &&
      folder.dirs.some(
        (d) =>
          folder.filesOf(d).includes('meta.yaml') && folder.ctx.tree.byRel.has(`${folder.path(d)}/metrics`),
      )
    ) {
      out.push({
        role: 'unread',
        files: [folder.path('meta.yaml')],
        why: "an MLflow experiment's meta.yaml (its name is its runs' group)",
      });
    }
    return out;
  },
};

async function experimentName(dir: string): Promise<string> {
  const meta = await readConfigFile(join(dir, 'meta.yaml')).catch(() => ({}) as Record<string, unknown>);
  return typeof meta.name === 'string' ? meta.name : basename(dir);
}

async function runName(dir: string): Promise<string> {
  const tag = await readFile(join(dir, 'tags', 'mlflow.runName'), 'utf8').catch(() => '');
  if (tag.trim()) return tag.trim();
  const meta = await readConfigFile(join(dir, 'meta.yaml')).catch(() => ({}) as Record<string, unknown>);
  return typeof meta.run_name === 'string' && meta.run_name ? meta.run_name : basename(dir);
}
