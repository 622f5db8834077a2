/**
 * TensorBoard event files of a folder: one run with the folder (a loose event file at the top of a
 * `tensorboard_log/` is its own run, beside `PPO_1 … PPO_10` below). An event file in a subfolder
 * written by the same process (host and pid in its name, as torch's `add_scalars` writes one folder per
 * series) is part of this run; any other subfolder with event files is a run of its own.
 */
import { pushAll } from '@evidence/node-kit';
import { type Folder, JOIN_RANK, type Recogniser } from '../catalogue/types.js';
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
    // (a tag a table of the run also logs is read from the table: see the catalogue's withoutCopies)
    return [
      {
        role: 'join',
        layout: 'tensorboard',
        rank: JOIN_RANK.events,
        files: files.map((f) => folder.path(f)),
        read: async () => [await readEventsPart(folder, files)],
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
