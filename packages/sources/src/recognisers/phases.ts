/**
 * One run's logger writing a table per phase, each in a folder named for the phase and under one file
 * name: Acme's CSVLogger `<run>/logs/{evaluator,learner,actor}/logs.csv`, a `train/` and `eval/`
 * `progress.csv` pair. The folder above them is the run; each phase's metrics keep their names under
 * the phase (`evaluator/episode_return`), evaluation first, so the run's x and y are the evaluator's.
 * Event folders per phase (Keras' `<time>/train/`, `<time>/validation/`, TF-Agents' `train/`, `eval/`)
 * are one run the same way, and so are tables named for their phase side by side in one folder (the
 * `train.csv` and `eval.csv` of DrQ-v2, pytorch_sac and their descendants).
 */
import { join } from 'node:path';
import { type ColumnsToRead, type Folder, JOIN_RANK, type Recogniser } from '../catalogue/types.js';
import { defaultY } from '../formats.js';
import { type RunPart, readCsvPart, readJsonlPart } from '../readers.js';
import { isXName } from '../roles.js';
import { readTensorboardFiles } from '../tensorboard/read.js';
import { stem, tableOptions } from './shared.js';

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

/** Tables of one folder named for their phase (`train.csv`, `eval.csv`), one per phase, or []. */
async function phaseFiles(folder: Folder): Promise<{ phase: string; name: string }[]> {
  const found: { phase: string; name: string }[] = [];
  for (const name of folder.files) {
    const phase = stem(name);
    if (phaseRank(phase) < 0) continue;
    const kind = (await folder.sniff(name)).kind;
    if (kind === 'table' || kind === 'jsonl') found.push({ phase, name });
  }
  const phases = new Set(found.map((f) => f.phase));
  return phases.size >= 2 && phases.size === found.length ? found : [];
}

export const phases: Recogniser = {
  name: 'phases',
  async recognise(folder) {
    const found: { phase: string; name: string }[] = [];
    const events: { sub: string; files: string[] }[] = [];
    for (const sub of folder.dirs) {
      if (phaseRank(sub) < 0) continue;
      const file = await phaseTable(folder, sub);
      if (file) found.push({ phase: sub, name: `${sub}/${file}` });
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
          rank: JOIN_RANK.events,
          files: events.flatMap(({ sub, files }) => files.map((f) => folder.path(`${sub}/${f}`))),
          read: async () => Promise.all(events.map(({ sub, files }) => readPhaseEvents(folder, sub, files))),
        },
      ];
    }
    // two phases or more, their tables under one name (or named for the phase, side by side): one
    // logger's run
    const fileName = (name: string) => name.slice(name.indexOf('/') + 1);
    const tables =
      found.length >= 2 && new Set(found.map((f) => fileName(f.name))).size === 1
        ? found
        : await phaseFiles(folder);
    if (tables.length === 0) return [];
    tables.sort((a, b) => phaseRank(a.phase) - phaseRank(b.phase) || (a.phase < b.phase ? -1 : 1));
    return [
      {
        role: 'join',
        layout: 'folder',
        files: tables.map(({ name }) => folder.path(name)),
        read: async (want) =>
          Promise.all(tables.map(({ phase, name }) => readPhase(folder, phase, name, want))),
      },
    ];
  },
};

/** A phase's table (`name` relative to the folder), its metrics named under the phase. */
async function readPhase(
  folder: Folder,
  phase: string,
  name: string,
  want?: ColumnsToRead,
): Promise<RunPart> {
  const options = await tableOptions(folder, name);
  const abs = join(folder.abs, name);
  const part =
    (await folder.sniff(name)).kind === 'jsonl'
      ? await readJsonlPart(abs, name, 'jsonl', options)
      : await readCsvPart(abs, name, options, want && ((names) => prefixed(want, phase, names)));
  for (const series of part.series) series.metric = `${phase}/${series.metric}`;
  if (part.y !== null) part.y = `${phase}/${part.y}`;
  if (part.unread) part.unread = part.unread.map((column) => `${phase}/${column}`);
  if (part.names) part.names = part.names.map((column) => `${phase}/${column}`);
  return part;
}

/**
 * What `want` keeps of a phase's columns, named as the run names them (`eval/return`), and every x by
 * its own name: the phase's x (`step`) is not prefixed.
 */
function prefixed(want: ColumnsToRead, sub: string, names: readonly string[]): Set<string> {
  const kept = want(names.map((name) => `${sub}/${name}`));
  return new Set(names.filter((name) => kept.has(`${sub}/${name}`) || isXName(name)));
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
