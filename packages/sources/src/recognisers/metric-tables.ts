/**
 * A folder of tables, one per metric, each named after its metric and holding it beside its step (and
 * a clock): DVCLive's `dvclive/plots/metrics/<name>.tsv` (`timestamp\tstep\t<name>`, a `/` in a name a
 * subfolder: `train/loss.tsv`). Two such files or more are one run, each metric named by its path.
 */
import { join } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import type { Folder, Recogniser } from '../catalogue/types.js';
import { defaultY } from '../formats.js';
import { type RunPart, readCsvPart } from '../readers.js';
import { isXName } from '../roles.js';
import { stem, tableOptions } from './shared.js';

/** Columns beside the metric: its step and a clock. */
const BESIDE = (name: string): boolean =>
  isXName(name) || /^(timestamp|wall[ _]?time|time|_timestamp)$/i.test(name);

/** Whether a file (`sub/name` relative to the folder) is a table of the one metric its path names. */
async function isMetricTable(folder: Folder, name: string): Promise<boolean> {
  const header = (await folder.sniff(name)).table?.header;
  if (!header || header.length < 2) return false;
  // the metric is the file's path from this folder (`train/loss` for `train/loss.tsv`): from a folder
  // above, the names do not match and nothing is claimed there
  return header.at(-1) === stem(name) && header.slice(0, -1).every(BESIDE);
}

/**
 * The metric tables of the folder: its own, and those of subfolders holding nothing else (the folders
 * a `/` in a metric's name makes), any depth.
 */
async function metricFiles(folder: Folder, sub = ''): Promise<string[] | null> {
  const names = sub === '' ? folder.files : folder.filesOf(sub).map((f) => `${sub}/${f}`);
  const dirs = sub === '' ? folder.dirs : (folder.ctx.tree.byRel.get(folder.path(sub))?.dirs ?? []);
  const out: string[] = [];
  for (const name of names)
    if (await isMetricTable(folder, name)) out.push(name);
    else if (sub !== '') return null;
  for (const dir of dirs) {
    const below = await metricFiles(folder, sub === '' ? dir : `${sub}/${dir}`);
    if (below) pushAll(out, below);
    else if (sub !== '') return null;
  }
  return out;
}

export const metricTables: Recogniser = {
  name: 'metric-tables',
  async recognise(folder) {
    const names = (await metricFiles(folder)) ?? [];
    if (names.length < 2) return [];
    return [
      {
        role: 'join',
        layout: 'folder',
        files: names.map((n) => folder.path(n)),
        read: async () => [await readMetricTables(folder, names)],
      },
    ];
  },
};

async function readMetricTables(folder: Folder, names: string[]): Promise<RunPart> {
  const parts: RunPart[] = [];
  for (const name of names) {
    const part = await readCsvPart(join(folder.abs, name), name, await tableOptions(folder, name));
    // the clock column is when, not a metric
    part.series = part.series.filter((s) => !BESIDE(s.metric) || s.metric === part.x);
    parts.push(part);
  }
  const first = parts[0] as RunPart;
  return {
    ...first,
    series: parts.flatMap((p) => p.series),
    restarts: parts.flatMap((p) => p.restarts),
    issues: parts.flatMap((p) => p.issues),
    y: defaultY(parts.flatMap((p) => p.series.map((s) => s.metric))),
  };
}
