import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '@evidence/stats';
import type { Command } from 'commander';
import { integerOption, MAX_RESAMPLES } from './options.js';

/**
 * The bootstrap defaults of every command that draws intervals (`report`, `compare`, `runs`), taken
 * from @evidence/stats (a small package with no dependency, so printing help stays fast). The trainer
 * uses the same defaults, so `evidence report` on its folder reproduces its intervals exactly.
 */
export const BOOTSTRAP_SEED = DEFAULT_SEED;
export const BOOTSTRAP_RESAMPLES = DEFAULT_RESAMPLES;

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
      'bootstrap seed (the trainer uses the same default, as do `report`, `compare` and `runs`)',
      integerOption(0),
      BOOTSTRAP_SEED,
    );
}
