/**
 * One run's logger writing a table per phase, each in a folder named for the phase and under one file
 * name: Acme's CSVLogger `<run>/logs/{evaluator,learner,actor}/logs.csv`, a `train/` and `eval/`
 * `progress.csv` pair. The folder above them is the run; each phase's metrics keep their names under
 * the phase (`evaluator/episode_return`), evaluation first, so the run's x and y are the evaluator's.
 * Event folders per phase (Keras' `<time>/train/`, `<time>/validation/`, TF-Agents' `train/`, `eval/`)
 * are one run the same way.
 */
import { join } from 'node:path';
import type { ColumnsToRead, Folder, Recogniser } from '../catalogue/types.js';
import { defaultY } from '../formats.js';
import { type RunPart, readCsvPart, readJsonlPart } from '../readers.js';
import { readTensorboardFiles } from '../tensorboard/read.js';
import { tableOptions } from './shared.js';

/** Phase names, in the order their tables lead the run: evaluation, then acting, then learning. */
const PHASES = [
  /^(eval|evaluation|evaluator|evaluators|test|testing|val|validation)$/i,
  /^(train|training|actor|actors|environment_loop|rollout|collector)$/i,
  /^(learner|learners|learning|update|optimizer)$/i,
];
const phaseRank = (name: string): number => PHASES.findIndex((re) => re.test(name));

/** The one table of a phase folder with nothing below it, or null. */
async function phaseTable(folder: Folder, sub: string): Promise<string | null> {
  if ((folder.ctx.tree.byRel.get(folder.path(sub))?.dirs ?? []).length > 0) return null;
  const tables: string[] = [];
  for (const file of folder.filesOf(sub)) {
    const kind = (await folder.sniff(`${sub}/${file}`)).kind;
    if (kind === 'table' || kind === 'jsonl') tables.push(file);
  }
  return tables.length === 1 ? (tables[0] as string) : null;
}

/**
 * The event files of a phase folder (Keras' `train/`, `validation/`) when none are below it: TF-Agents
 * keeps `policy/` and `checkpoints/` under `train/`, which hold no events.
 */
function phaseEvents(folder: Folder, sub: string): string[] {
  const eventsBelow = (rel: string): boolean => {
    const entry = folder.ctx.tree.byRel.get(rel);
    return (entry?.dirs ?? []).some((d) => {
      const child = `${rel}/${d}`;
      return (
        (folder.ctx.tree.byRel.get(child)?.files ?? []).some((f) => f.includes('tfevents')) ||
        eventsBelow(child)
      );
    });
  };
  if (eventsBelow(folder.path(sub))) return [];
  return folder.filesOf(sub).filter((f) => f.includes('tfevents'));
}

export const phases: Recogniser = {
  name: 'phases',
  async recognise(folder) {
    const found: { sub: string; file: string }[] = [];
    const events: { sub: string; files: string[] }[] = [];
    for (const sub of folder.dirs) {
      if (phaseRank(sub) < 0) continue;
      const file = await phaseTable(folder, sub);
      if (file) found.push({ sub, file });
      const files = phaseEvents(folder, sub);
      if (files.length > 0) events.push({ sub, files });
    }
    // Keras' TensorBoard callback and TF-Agents write a run's phases as `train/`, `validation/`, `eval/`
    // event folders: one run, its tags named under their phase
    if (events.length >= 2 && folder.files.every((f) => !f.includes('tfevents'))) {
      events.sort((a, b) => phaseRank(a.sub) - phaseRank(b.sub) || (a.sub < b.sub ? -1 : 1));
      return [
        {
          role: 'join',
          layout: 'tensorboard',
          files: events.flatMap(({ sub, files }) => files.map((f) => folder.path(`${sub}/${f}`))),
          read: async () => Promise.all(events.map(({ sub, files }) => readPhaseEvents(folder, sub, files))),
        },
      ];
    }
    // two phases or more, their tables under one name: one logger's run
    if (found.length < 2 || new Set(found.map((f) => f.file)).size !== 1) return [];
    found.sort((a, b) => phaseRank(a.sub) - phaseRank(b.sub) || (a.sub < b.sub ? -1 : 1));
    const names = found.map(({ sub, file }) => `${sub}/${file}`);
    return [
      {
        role: 'join',
        layout: 'folder',
        files: names.map((n) => folder.path(n)),
        read: async (want) => Promise.all(found.map(({ sub, file }) => readPhase(folder, sub, file, want))),
      },
    ];
  },
};

async function readPhase(folder: Folder, sub: string, file: string, want?: ColumnsToRead): Promise<RunPart> {
  const name = `${sub}/${file}`;
  const options = await tableOptions(folder, name);
  const abs = join(folder.abs, sub, file);
  const part =
    (await folder.sniff(name)).kind === 'jsonl'
      ? await readJsonlPart(abs, name, 'jsonl', options)
      : await readCsvPart(abs, name, options, want && ((names) => prefixed(want, sub, names)));
  for (const series of part.series) series.metric = `${sub}/${series.metric}`;
  if (part.y !== null) part.y = `${sub}/${part.y}`;
  if (part.unread) part.unread = part.unread.map((name) => `${sub}/${name}`);
  if (part.names) part.names = part.names.map((name) => `${sub}/${name}`);
  return part;
}

/** What `want` keeps of a phase's columns, named as the run names them (`eval/return`). */
function prefixed(want: ColumnsToRead, sub: string, names: readonly string[]): Set<string> {
  const kept = want(names.map((name) => `${sub}/${name}`));
  return new Set(names.filter((name) => kept.has(`${sub}/${name}`)));
}

async function readPhaseEvents(folder: Folder, sub: string, files: string[]): Promise<RunPart> {
  const scalars = await readTensorboardFiles(join(folder.abs, sub), files);
  for (const series of scalars.series) series.metric = `${sub}/${series.metric}`;
  return {
    format: 'tensorboard',
    series: scalars.series,
    x: 'step',
    y: defaultY(scalars.series.map((s) => s.metric)),
    meta: { tensorboard: { files: scalars.files.length, skipped: Object.fromEntries(scalars.skipped) } },
    restarts: scalars.restarts,
    issues: scalars.issues,
  };
}
