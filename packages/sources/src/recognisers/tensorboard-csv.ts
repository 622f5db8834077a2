/**
 * TensorBoard's "Download CSV" (`Wall time,Step,Value`): the metric is the tag, from the file name
 * TensorBoard gives it (`run-<run>-tag-<tag with / as _>.csv`) or the file's own name. The downloads of
 * one run are one run.
 */
import { join } from 'node:path';
import type { Recogniser, Source } from '../catalogue/types.js';
import { readCsvPart } from '../readers.js';
import { stem, tableOptions } from './shared.js';

export const tensorboardCsv: Recogniser = {
  name: 'tensorboard-csv',
  async recognise(folder) {
    const byRun = new Map<string, string[]>();
    for (const name of folder.files) {
      const header = (await folder.sniff(name)).table?.header;
      if (header?.join(',') !== 'Wall time,Step,Value') continue;
      const run = /^run[-_](.+?)[-_]tag[-_].+$/.exec(stem(name))?.[1] ?? stem(name);
      byRun.set(run, [...(byRun.get(run) ?? []), name]);
    }
    const out: Source[] = [];
    for (const [run, names] of byRun)
      out.push({
        role: 'own',
        layout: 'file',
        files: names.map((n) => folder.path(n)),
        abs: names.length === 1 ? join(folder.abs, names[0] as string) : folder.abs,
        id: names.length === 1 ? folder.path(names[0] as string) : folder.path(`run-${run}`),
        identity: { run },
        read: async () =>
          Promise.all(
            names.map(async (n) => readCsvPart(join(folder.abs, n), n, await tableOptions(folder, n))),
          ),
      });
    return out;
  },
};
