import type { Command } from 'commander';
import { integerOption, MAX_RESAMPLES } from './options.js';

/**
 * The bootstrap defaults shown in `report --help` and `compare --help`: the same numbers as
 * @evidence/report's DEFAULT_BOOTSTRAP_SEED and DEFAULT_RESAMPLES (a test checks), written here so
 * that printing help does not load the report package. The trainer uses the report's defaults too, so
 * `evidence report` on its folder reproduces its intervals exactly.
 */
export const BOOTSTRAP_SEED = 0;
export const BOOTSTRAP_RESAMPLES = 10_000;

/** `--resamples` and `--seed`, the same in every command that draws bootstrap intervals. */
export function bootstrapOptions(command: Command): Command {
  return command
    .option(
      '--resamples <n>',
      'bootstrap resamples for the 95% intervals',
      integerOption(100, MAX_RESAMPLES),
      BOOTSTRAP_RESAMPLES,
    )
    .option(
      '--seed <n>',
      'bootstrap seed (the trainer uses the same default, as do `report` and `compare`)',
      integerOption(0),
      BOOTSTRAP_SEED,
    );
}
