/**
 * TensorBoard event files of a folder: one run with the folder (a loose event file at the top of a
 * `tensorboard_log/` is its own run, beside `PPO_1 … PPO_10` below). An event file in a subfolder
 * written by the same process (host and pid in its name, as torch's `add_scalars` writes one folder per
 * series) is part of this run; any other subfolder with event files is a run of its own.
 */
import { pushAll } from '@evidence/node-kit';
import type { Folder, Recogniser } from '../catalogue/types.js';
import { defaultY } from '../formats.js';
import type { RunPart } from '../readers.js';
import { readTensorboardFiles } from '../tensorboard/read.js';

/** `events.out.tfevents.<time>.<host>.<pid>.<n>`: the writer's host and pid (torch, tensorboardX). */
const writer = (name: string): string | null => /tfevents\.\d+\.(.+)\.\d+$/.exec(name)?.[1] ?? null;

export const tensorboard: Recogniser = {
  name: 'tensorboard',
  async recognise(folder) {
    const events = folder.files.filter((f) => f.includes('tfevents'));
    if (events.length === 0) return [];
    const writers = new Set(events.map(writer).filter((w): w is string => w !== null));
    const children: string[] = [];
    for (const sub of folder.dirs) {
      const theirs = folder.filesOf(sub).filter((f) => f.includes('tfevents'));
      const dirs = folder.ctx.tree.byRel.get(folder.path(sub))?.dirs ?? [];
      if (theirs.length > 0 && dirs.length === 0 && theirs.every((f) => writers.has(writer(f) ?? '\u0000')))
        pushAll(
          children,
          theirs.map((f) => `${sub}/${f}`),
        );
    }
    const files = [...events, ...children];
    // dowel (garage) and SB3 write the same values to progress.csv and to event files: a tag that a
    // table beside them also holds is read from the table, where its x is
    const tables = new Map<string, string>();
    for (const name of folder.files) {
      const header = (await folder.sniff(name)).table?.header;
      if (header) for (const column of header) if (!tables.has(column)) tables.set(column, name);
    }
    return [
      {
        role: 'join',
        layout: 'tensorboard',
        files: files.map((f) => folder.path(f)),
        read: async () => [withoutCopies(await readEventsPart(folder, files), tables)],
      },
    ];
  },
};

async function readEventsPart(folder: Folder, files: string[]): Promise<RunPart> {
  const scalars = await readTensorboardFiles(folder.abs, files);
  return {
    format: 'tensorboard',
    series: scalars.series,
    x: 'step',
    y: defaultY(scalars.series.map((s) => s.metric)),
    meta: {
      tensorboard: { files: scalars.files.length, skipped: Object.fromEntries(scalars.skipped) },
      ...(Object.keys(scalars.hparams).length > 0
        ? { config: scalars.hparams, configFiles: ['hparams'] }
        : {}),
    },
    restarts: scalars.restarts,
    issues: scalars.issues,
  };
}

/** The part without the tags a table beside it also logs, said in one issue. */
function withoutCopies(part: RunPart, tables: Map<string, string>): RunPart {
  const copies = part.series.filter((s) => tables.has(s.metric));
  if (copies.length === 0) return part;
  const names = [...new Set(copies.map((s) => s.metric))];
  const from = [...new Set(names.map((n) => tables.get(n) as string))].join(', ');
  part.series = part.series.filter((s) => !tables.has(s.metric));
  part.y = defaultY(part.series.map((s) => s.metric));
  part.issues.push(
    `${names.length} tag(s) of the event files also logged in ${from} (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}): read from the table, where their x is`,
  );
  return part;
}
