/**
 * The bootstrap's defaults, shared by every caller (the trainer, `evidence report`, `evidence compare`),
 * so that re-running the report on a trainer's folder reproduces the published intervals exactly.
 */
export const DEFAULT_BOOTSTRAP_SEED = 0;
export const DEFAULT_RESAMPLES = 10_000;
