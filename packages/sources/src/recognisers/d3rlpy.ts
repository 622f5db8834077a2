/**
 * d3rlpy's FileAdapter: one file per metric, `<metric>.csv`, each line `epoch,step,value` with no header
 * (`print(f"{epoch},{step},{value}", file=f)`). All such files of a folder are one run: the metric is
 * named after its file, x = step. A folder `<ALGO>_<yyyymmddHHMMSS>` names the group and run.
 */

import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import type { Folder, Recogniser } from '../catalogue/types.js';
import { numericColumns, parseDelimited } from '../delimited.js';
import type { Restart, Series } from '../model.js';
import type { RunPart } from '../readers.js';
import { chooseY } from '../roles.js';
import { tableSeries } from '../series.js';
import { stem, tableOptions } from './shared.js';

const isMetricFile = async (folder: Folder, name: string): Promise<boolean> => {
  const sniff = await folder.sniff(name);
  if (sniff.kind !== 'table' || sniff.table?.header !== null || sniff.table.fields !== 3) return false;
  // epoch and step are whole numbers
  const first =
    sniff.head.split('\n')[0]?.split(sniff.table.delimiter === ' ' ? /\s+/ : sniff.table.delimiter) ?? [];
  return first.slice(0, 2).every((cell) => /^\s*\d+\s*$/.test(cell));
};

export const d3rlpy: Recogniser = {
  name: 'd3rlpy',
  async recognise(folder) {
    const metrics: string[] = [];
    for (const name of folder.files) if (await isMetricFile(folder, name)) metrics.push(name);
    if (metrics.length === 0) return [];
    const named = /^([A-Za-z][A-Za-z0-9]*)_(\d{14})$/.exec(basename(folder.abs));
    return [
      {
        role: 'join',
        layout: 'd3rlpy',
        files: metrics.map((m) => folder.path(m)),
        ...(named ? { identity: { group: named[1] as string, run: named[2] as string } } : {}),
        read: async () => [await readMetricFiles(folder, metrics)],
      },
    ];
  },
};

async function readMetricFiles(folder: Folder, names: string[]): Promise<RunPart> {
  const series: Series[] = [];
  const issues: string[] = [];
  const restarts: Restart[] = [];
  for (const name of names) {
    const file = join(folder.abs, name);
    const metric = stem(name);
    const options = await tableOptions(folder, name);
    const parsed = parseDelimited(file, await readFile(file, 'utf8'), {
      ...options,
      columns: ['epoch', 'step', metric],
    });
    pushAll(issues, parsed.issues);
    const columns = numericColumns(file, parsed);
    columns.delete('epoch');
    const part = tableSeries(columns, { x: 'step', source: name });
    pushAll(series, part.series);
    pushAll(restarts, part.restarts);
  }
  const names_ = series.map((s) => s.metric);
  // d3rlpy names an evaluator's return by the evaluator's key (`environment`, `evaluation`)
  const y = names_.find((n) => /^(environment|evaluation|evaluator)$/i.test(n)) ?? chooseY(names_);
  return { format: 'd3rlpy-csv', series, x: 'step', y, meta: {}, restarts, issues };
}
