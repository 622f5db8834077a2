/** Where a variable's value came from. */
export type EnvSource = 'environment' | 'alias' | 'default';

export interface EnvOptions {
  /** variable-name prefix, default `EVIDENCE_` (for example `OAK_EXAMPLE_`); RANK, LOCAL_RANK, WORLD_SIZE never take it */
  prefix?: string;
  /** the variables to read, default `process.env` */
  env?: Record<string, string | undefined>;
}

export interface AnimationSettings {
  /** false when `<PREFIX>DISABLE_ANIMATIONS` is on, or on a rank other than 0 without `<PREFIX>ALL_RANKS` */
  enabled: boolean;
  dir: string;
  /** explicit episode indices, sorted, without duplicates */
  episodes: readonly number[];
  /** capture every N-th episode; 0 switches this rule off */
  every: number;
  /** capture the last N episodes */
  last: number;
  fps: number;
  /** frames kept per episode; 0 = no limit */
  maxFrames: number;
  /** record on every rank, not only rank 0 */
  allRanks: boolean;
}

export interface CurveSettings {
  /** false when `<PREFIX>DISABLE_CURVES` is on, or on a rank other than 0 without `<PREFIX>ALL_RANKS` */
  enabled: boolean;
  dir: string;
  /** write the history checkpoint JSON every N episodes */
  checkpointEvery: number;
}

export interface DistributedSettings {
  /** global rank, `RANK` (0 when unset) */
  rank: number;
  /** rank on this machine, `LOCAL_RANK` (0 when unset) */
  localRank: number;
  /** number of processes, `WORLD_SIZE` (1 when unset) */
  worldSize: number;
}

/** The evidence configuration, deeply frozen. */
export interface EvidenceEnv {
  prefix: string;
  /** `<PREFIX>DIR`, default `evidence` */
  dir: string;
  animations: AnimationSettings;
  curves: CurveSettings;
  distributed: DistributedSettings;
  /** rank 0, or not distributed */
  isMainProcess: boolean;
}

/** One bad variable: its full name, its value as given, and what would have been allowed. */
export interface EnvProblem {
  variable: string;
  value: string;
  expected: string;
}

/** One row of `describeEnv()`, for `evidence env`. */
export interface EnvVariableDescription {
  /** full name, prefix included */
  variable: string;
  /** the default, as documentation (`<EVIDENCE_DIR>/animations`) */
  default: string;
  /** the value given in the environment (or through the alias), null when the default applies */
  value: string | null;
  source: EnvSource;
  description: string;
  /** the value in use after parsing and defaults (`evidence/animations`); null when the value is invalid */
  effective: string | null;
  /** what would be allowed, present only when the value is invalid */
  problem?: string;
  /** extra explanation, e.g. that an alias is ignored because the main variable is set */
  note?: string;
}
