/**
 * The bootstrap's defaults, one for every caller (`evidence report`, `compare`, `runs`, the trainer),
 * so re-running a report on a trainer's folder reproduces its published intervals exactly.
 */
export const DEFAULT_RESAMPLES = 10_000;
export const DEFAULT_SEED = 0;
/** Every interval is two-sided 95 % unless asked otherwise. */
export const DEFAULT_CONFIDENCE = 0.95;
