import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../errors.js';
import { type CliIo, printJson, printLine } from '../io.js';
import { displayPath, kindOf, resolvePath } from '../paths.js';
import { count } from '../words.js';

interface TensorboardOptions {
  out: string;
  force?: boolean;
  json?: boolean;
}

/** Warnings printed before "… and N more": enough to see what kind of damage, never a flood. */
const MAX_WARNINGS = 10;

export function importCommand(command: Command, io: CliIo): void {
  command.description('runs written by other tools, to our formats');
  command
    .command('tensorboard')
    .description(
      'every scalar of a TensorBoard run to one wide CSV: step, wall_time, then one column per tag; one row per value',
    )
    .argument('<run-dir>', 'a TensorBoard run folder (or one events.out.tfevents.* file)')
    .requiredOption('-o, --out <file>', 'the CSV to write')
    .option('--force', 'replace OUT when it already exists')
    .option('--json', 'print what was written as JSON (file, values, tags, rows, event files, warnings)')
    .addHelpText(
      'after',
      '\nRows by step; a tag logged several times at one step (one episodic return per finished environment)\n' +
        'fills as many rows of that step, so no value is lost; an empty cell where a tag has no value in a row.\n' +
        'A resumed run is read as TensorBoard reads it (a SessionLog START, or a step going back, drops what it\n' +
        'replaces; each restart is said). Bad records and a torn tail are reported and skipped.\n\n' +
        'Example:\n  $ evidence import tensorboard runs/CartPole-v1__ppo__1__1700000000 --out ppo.csv',
    )
    .action(async (runArg: string, options: TensorboardOptions) => {
      const run = resolvePath(io, runArg);
      const out = resolvePath(io, options.out);
      const kind = await kindOf(run);
      if (kind === 'missing') throw new InputError(displayPath(io, run), 'no such file or directory');
      const { discoverRuns, FORMAT_NAMES, isEventFile, tensorboardCsv } = await import('@evidence/sources');
      if (kind === 'file' && !isEventFile(basename(run))) {
        throw new InputError(
          displayPath(io, run),
          'not a TensorBoard event file (events.out.tfevents.*) nor a run folder',
        );
      }
      await refuseToReplace(io, out, options.force === true);
      const { writeFileAtomic } = await import('@evidence/csv-log');
      const shown = (text: string) => text.split(run).join(displayPath(io, run));
      let found: Awaited<ReturnType<typeof discoverRuns>>;
      try {
        // an earlier import's CSV inside the run is this command's output, not a table of the run
        found = await discoverRuns(run, { exclude: out });
      } catch (error) {
        throw new InputError(displayPath(io, run), shown((error as Error).message));
      }
      const runs = found.runs.filter((r) => r.format === 'tensorboard');
      if (runs.length === 0) {
        const events = await eventFilesUnder(run, isEventFile);
        // an event file refused while reading (a reading limit, a broken file): its own reason; a run
        // that simply logged no scalar says so below
        const refused = found.skipped.find((skip) => skip.why !== 'no scalars logged');
        if (events > 0 && refused) throw refusedInput(io, run, kind === 'dir', refused.why);
        throw new InputError(
          displayPath(io, run),
          events === 0
            ? 'no TensorBoard event files (events.out.tfevents.*)'
            : `no scalar values in ${events} event file${events === 1 ? '' : 's'}; nothing written`,
        );
      }
      if (runs.length > 1) {
        const names = found.runs.map((r) => `${r.id} (${FORMAT_NAMES[r.format]})`);
        throw new InputError(
          displayPath(io, run),
          `holds ${found.runs.length} runs (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}); give one TensorBoard run folder`,
        );
      }
      const scalars = runs[0] as (typeof runs)[number];
      // every event file read, not only those whose tags first appeared in it
      const files =
        (scalars.meta.tensorboard as { files?: number } | undefined)?.files ??
        new Set(scalars.series.map((s) => s.source)).size;
      const issues = [
        ...scalars.issues,
        ...found.skipped.map((s) => `${s.path === '.' ? run : `${run}/${s.path}`}: ${s.why}`),
      ].map(shown);
      for (const issue of issues.slice(0, MAX_WARNINGS)) printLine(io.stderr, `evidence: warning: ${issue}`);
      if (issues.length > MAX_WARNINGS)
        printLine(io.stderr, `evidence: warning: … and ${issues.length - MAX_WARNINGS} more`);
      let csv: string;
      try {
        csv = tensorboardCsv(scalars);
      } catch (error) {
        const sources = [...new Set(scalars.series.map((s) => s.source))];
        const file = sources.length === 1 && kind === 'dir' ? join(run, sources[0] as string) : run;
        throw new InputError(displayPath(io, file), (error as Error).message);
      }
      await writeFileAtomic(out, csv);
      const values = scalars.series.reduce((n, s) => n + s.values.length, 0);
      const rows = csv.split('\n').length - 2;
      if (options.json) {
        const result = { values, tags: scalars.series.length, rows, event_files: files, warnings: issues };
        printJson(io.stdout, { out: displayPath(io, out), ...result });
      } else
        printLine(
          io.stdout,
          `wrote   ${displayPath(io, out)} (${count(values, 'value')} of ${count(scalars.series.length, 'tag')} in ${count(rows, 'row')}, from ${count(files, 'event file')})`,
        );
    });
}

/** How many event files a run folder (or file) holds, to say why nothing was read. */
async function eventFilesUnder(path: string, isEventFile: (name: string) => boolean): Promise<number> {
  if (!(await stat(path)).isDirectory()) return isEventFile(basename(path)) ? 1 : 0;
  const entries = await readdir(path, { recursive: true });
  return entries.filter((entry) => isEventFile(basename(String(entry)))).length;
}

/** `file: reason` of a file in the run folder, named from where the user stands. */
function refusedInput(io: CliIo, run: string, folder: boolean, why: string): InputError {
  const colon = why.indexOf(': ');
  const file = colon === -1 ? '' : why.slice(0, colon);
  if (folder && file !== '' && !file.includes('\n'))
    return new InputError(displayPath(io, join(run, file)), why.slice(colon + 2));
  return new InputError(displayPath(io, run), why);
}

/** Never written over a file another program wrote, unless asked. */
async function refuseToReplace(io: CliIo, out: string, force: boolean): Promise<void> {
  const info = await stat(out).catch(() => null);
  if (!info) return;
  if (info.isDirectory())
    throw new InputError(displayPath(io, out), 'is a directory, expected a CSV file to write');
  if (!force) throw new InputError(displayPath(io, out), 'already exists; pass --force to replace it');
}
