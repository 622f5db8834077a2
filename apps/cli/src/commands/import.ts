import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../errors.js';
import { type CliIo, printLine } from '../io.js';
import { displayPath, kindOf, resolvePath } from '../paths.js';

interface TensorboardOptions {
  out: string;
  force?: boolean;
}

/** Warnings printed before "… and N more": enough to see what kind of damage, never a flood. */
const MAX_WARNINGS = 10;

export function importCommand(command: Command, io: CliIo): void {
  command.description('runs written by other tools, to our formats');
  command
    .command('tensorboard')
    .description(
      'every scalar of a TensorBoard run to one wide CSV: step, wall_time, then one column per tag',
    )
    .argument('<run-dir>', 'a TensorBoard run folder (or one events.out.tfevents.* file)')
    .requiredOption('-o, --out <file>', 'the CSV to write')
    .option('--force', 'replace OUT when it already exists')
    .addHelpText(
      'after',
      '\nOne row per step; the last value written for a tag at a step wins; an empty cell where a tag has no\n' +
        'value at that step. Bad records and a torn tail are reported and skipped.\n\n' +
        'Example:\n  $ evidence import tensorboard runs/CartPole-v1__ppo__1__1700000000 --out ppo.csv',
    )
    .action(async (runArg: string, options: TensorboardOptions) => {
      const run = resolvePath(io, runArg);
      const out = resolvePath(io, options.out);
      const kind = await kindOf(run);
      if (kind === 'missing') throw new InputError(displayPath(io, run), 'no such file or directory');
      const { isEventFile, readTensorboardScalars, tensorboardCsv } = await import('@evidence/sources');
      if (kind === 'file' && !isEventFile(basename(run))) {
        throw new InputError(
          displayPath(io, run),
          'not a TensorBoard event file (events.out.tfevents.*) nor a run folder',
        );
      }
      await refuseToReplace(io, out, options.force === true);
      const { writeFileAtomic } = await import('@evidence/csv-log');
      const shown = (text: string) => text.split(run).join(displayPath(io, run));
      let scalars: Awaited<ReturnType<typeof readTensorboardScalars>>;
      try {
        scalars = await readTensorboardScalars(run);
      } catch (error) {
        throw new InputError(displayPath(io, run), shown((error as Error).message));
      }
      const issues = scalars.issues.map(shown);
      for (const issue of issues.slice(0, MAX_WARNINGS)) printLine(io.stderr, `evidence: warning: ${issue}`);
      if (issues.length > MAX_WARNINGS)
        printLine(io.stderr, `evidence: warning: … and ${issues.length - MAX_WARNINGS} more`);
      if (scalars.tags.size === 0) {
        throw new InputError(
          displayPath(io, run),
          `no scalar values in ${scalars.files.length} event file${scalars.files.length === 1 ? '' : 's'}; nothing written`,
        );
      }
      await writeFileAtomic(out, tensorboardCsv(scalars));
      const files = scalars.files.length;
      printLine(
        io.stdout,
        `wrote   ${displayPath(io, out)} (${scalars.steps.length} steps × ${scalars.tags.size} tags from ${files} event file${files === 1 ? '' : 's'})`,
      );
    });
}

/** Never written over a file another program wrote, unless asked. */
async function refuseToReplace(io: CliIo, out: string, force: boolean): Promise<void> {
  const info = await stat(out).catch(() => null);
  if (!info) return;
  if (info.isDirectory())
    throw new InputError(displayPath(io, out), 'is a directory, expected a CSV file to write');
  if (!force) throw new InputError(displayPath(io, out), 'already exists; pass --force to replace it');
}
