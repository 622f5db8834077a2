/**
 * The bootstrap defaults shown in `report --help` and `compare --help`: the same numbers as
 * @evidence/report's DEFAULT_BOOTSTRAP_SEED and DEFAULT_RESAMPLES (a test checks), written here so
 * that printing help does not load the report package. The trainer uses the report's defaults too, so
 * `evidence report` on its folder reproduces its intervals exactly.
 */
export const BOOTSTRAP_SEED = 0;
export const BOOTSTRAP_RESAMPLES = 10_000;
