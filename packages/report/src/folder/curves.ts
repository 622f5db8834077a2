// The curve recorder's pictures (curves/<mode>/<stem>.png) as charts the page draws: each mode's
// <mode>_reward_history.json holds the data, and CurveRecorder gives the very chart descriptions it drew.
import { existsSync } from 'node:fs';
import { join } from 'node:path/posix';
import { type Chart, CurveRecorder } from '@evidence/plots';
import type { Picture } from './assets.js';

/**
 * `pictures` (from findCurves, files relative to `root` with `/`) with the interactive chart of each one
 * its mode's history describes. A mode without a history stays static; a history that cannot be read
 * stays static too, and is named in `skipped`.
 */
export async function interactiveCurves(
  root: string,
  pictures: readonly Picture[],
  skipped: { what: string; why: string }[],
): Promise<Picture[]> {
  const byFolder = new Map<string, Map<string, Chart> | null>();
  const result: Picture[] = [];
  for (const picture of pictures) {
    const at = picture.file.lastIndexOf('/');
    const folder = picture.file.slice(0, at);
    const mode = folder.slice(folder.lastIndexOf('/') + 1);
    const history = `${folder}/${mode}_reward_history.json`;
    if (!byFolder.has(folder)) byFolder.set(folder, await chartsOf(root, history, mode, skipped));
    const stem = picture.file.slice(at + 1).replace(/\.(png|svg)$/i, '');
    const chart = byFolder.get(folder)?.get(stem);
    result.push(
      chart ? { ...picture, interactive: { id: `curves/${mode}/${stem}`, chart, data: history } } : picture,
    );
  }
  return result;
}

async function chartsOf(
  root: string,
  history: string,
  mode: string,
  skipped: { what: string; why: string }[],
): Promise<Map<string, Chart> | null> {
  const path = join(root, history);
  if (!existsSync(path)) return null;
  try {
    return (await CurveRecorder.fromHistory(path, { dir: join(root, history, '..'), mode })).charts();
  } catch (error) {
    skipped.push({
      what: history,
      why: `its curves are shown as pictures only: ${error instanceof Error ? error.message : String(error)}`,
    });
    return null;
  }
}
