/**
 * One file per metric, no header, the metric named after its file: d3rlpy's FileAdapter writes
 * `<metric>.csv` lines `epoch,step,value` (`print(f"{epoch},{step},{value}", file=f)`); TorchRL's
 * CSVLogger writes `scalars/<name>.csv` lines `{step},{value}` (a name with `/` is a subfolder). All such
 * files of a folder (and of its subfolders that hold nothing else) are one run, x = step. Two-column
 * files count only as a folder of them (two or more): one alone is any headerless table. A folder
 * `<ALGO>_<yyyymmddHHMMSS>` names d3rlpy's group and run.
 */

import { basename, join } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import { ROLE_FOLDER } from '../catalogue/folder-identity.js';
import { type Folder, JOIN_RANK, type Recogniser } from '../catalogue/types.js';
import { readDelimitedFile } from '../delimited.js';
import type { Restart, Series } from '../model.js';
import type { RunPart } from '../readers.js';
import { chooseY } from '../roles.js';
import { tableSeries } from '../series.js';
import { isRunIdName, stem, tableOptions } from './shared.js';

/** The columns of a per-metric file (2: step, value; 3: epoch, step, value), or 0 when it is none. */
const metricFields = async (folder: Folder, name: string): Promise<number> => {
  const sniff = await folder.sniff(name);
  const fields = sniff.table?.fields ?? 0;
  if (sniff.kind !== 'table' || sniff.table?.header !== null || (fields !== 2 && fields !== 3)) return 0;
  // the epoch and step are whole numbers
  const line = sniff.head.split('\n').find((l) => l.trim() !== '' && !l.startsWith('#')) ?? '';
  const first = line.split(sniff.table.delimiter === ' ' ? /\s+/ : sniff.table.delimiter);
  return first.slice(0, fields - 1).every((cell) => /^\s*\d+\s*$/.test(cell)) ? fields : 0;
};

export const d3rlpy: Recogniser = {
  name: 'd3rlpy',
  async recognise(folder) {
    const metrics: { name: string; fields: number }[] = [];
    for (const name of folder.files) {
      const fields = await metricFields(folder, name);
      if (fields > 0) metrics.push({ name, fields });
    }
    // TorchRL's `scalars/train/reward.csv`: a subfolder holding only per-metric files, below a folder of
    // metric files or one named for them (never `seed_0/`: a folder per seed holds runs)
    const named = ROLE_FOLDER.test(basename(folder.abs)) || metrics.length > 0;
    for (const sub of named ? folder.dirs : []) {
      if (isRunIdName(sub)) continue;
      const files = folder.filesOf(sub);
      const dirs = folder.ctx.tree.byRel.get(folder.path(sub))?.dirs ?? [];
      if (files.length === 0 || dirs.length > 0) continue;
      const found = await Promise.all(
        files.map(async (f) => ({ name: `${sub}/${f}`, fields: await metricFields(folder, `${sub}/${f}`) })),
      );
      if (found.every((f) => f.fields === 2)) pushAll(metrics, found);
    }
    const threes = metrics.filter((m) => m.fields === 3);
    // a folder of `<seed>.txt` files holds runs, not metrics
    const twos = metrics.filter((m) => m.fields === 2 && !isRunIdName(stem(m.name.split('/').pop() ?? '')));
    const chosen = threes.length > 0 ? threes : twos.length >= 2 ? twos : [];
    if (chosen.length === 0) return [];
    const names = chosen.map((m) => m.name);
    const stamped = threes.length > 0 ? /^([A-Za-z][A-Za-z0-9]*)_(\d{14})$/.exec(basename(folder.abs)) : null;
    return [
      {
        role: 'join',
        layout: threes.length > 0 ? 'd3rlpy' : 'folder',
        rank: JOIN_RANK.table,
        files: names.map((m) => folder.path(m)),
        ...(stamped ? { identity: { group: stamped[1] as string, run: stamped[2] as string } } : {}),
        read: async () => [await readMetricFiles(folder, names, threes.length > 0)],
      },
    ];
  },
};

async function readMetricFiles(folder: Folder, names: string[], epochs: boolean): Promise<RunPart> {
  const series: Series[] = [];
  const issues: string[] = [];
  const restarts: Restart[] = [];
  for (const name of names) {
    const file = join(folder.abs, name);
    const metric = stem(name);
    const options = await tableOptions(folder, name);
    const { columns, issues: read } = await readDelimitedFile(file, {
      ...options,
      columns: epochs ? ['epoch', 'step', metric] : ['step', metric],
    });
    pushAll(issues, read);
    columns.delete('epoch');
    const part = tableSeries(columns, { x: 'step', source: name });
    pushAll(series, part.series);
    pushAll(restarts, part.restarts);
  }
  const names_ = series.map((s) => s.metric);
  // d3rlpy names an evaluator's return by the evaluator's key (`environment`, `evaluation`)
  const y = names_.find((n) => /^(environment|evaluation|evaluator)$/i.test(n)) ?? chooseY(names_);
  return { format: epochs ? 'd3rlpy-csv' : 'csv', series, x: 'step', y, meta: {}, restarts, issues };
}
