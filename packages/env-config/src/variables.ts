/** Every variable, in the order `describeEnv()` lists them. Names are without the prefix. */
export const VARIABLE_KEYS = [
  'DIR',
  'DISABLE_ANIMATIONS',
  'ANIMATION_DIR',
  'ANIMATION_EPISODES',
  'ANIMATION_EVERY',
  'ANIMATION_LAST',
  'ANIMATION_FPS',
  'ANIMATION_MAX_FRAMES',
  'DISABLE_CURVES',
  'CURVE_DIR',
  'PLOT_DIR',
  'CURVE_CHECKPOINT_EVERY',
  'ALL_RANKS',
  'RANK',
  'LOCAL_RANK',
  'WORLD_SIZE',
] as const;

export type VariableKey = (typeof VARIABLE_KEYS)[number];

export interface VariableSpec {
  /** false for the launcher's RANK, LOCAL_RANK and WORLD_SIZE, which never take the prefix */
  prefixed: boolean;
  /** the default as documentation; `prefix` names DIR in derived defaults */
  default(prefix: string): string;
  description: string;
}

export const VARIABLES: Readonly<Record<VariableKey, VariableSpec>> = {
  DIR: {
    prefixed: true,
    default: () => 'evidence',
    description: 'root of the evidence folder',
  },
  DISABLE_ANIMATIONS: {
    prefixed: true,
    default: () => 'off',
    description: '1/true/yes/on turns GIF capture off',
  },
  ANIMATION_DIR: {
    prefixed: true,
    default: (prefix) => `<${prefix}DIR>/animations`,
    description: 'where GIFs go (one subfolder per mode)',
  },
  ANIMATION_EPISODES: {
    prefixed: true,
    default: () => 'none',
    description: 'explicit episode indices to capture, e.g. 0,10,50',
  },
  ANIMATION_EVERY: {
    prefixed: true,
    default: () => '100',
    description: 'capture every N-th episode; 0 = never by this rule',
  },
  ANIMATION_LAST: {
    prefixed: true,
    default: () => '1',
    description: 'capture the last N episodes',
  },
  ANIMATION_FPS: {
    prefixed: true,
    default: () => '30',
    description: 'GIF frames per second, 1 to 100',
  },
  ANIMATION_MAX_FRAMES: {
    prefixed: true,
    default: () => '400',
    description: 'frames kept per episode; 0 = no limit',
  },
  DISABLE_CURVES: {
    prefixed: true,
    default: () => 'off',
    description: '1/true/yes/on turns the curve recorder off',
  },
  CURVE_DIR: {
    prefixed: true,
    default: (prefix) => `<${prefix}DIR>/curves`,
    description: 'where curves go (one subfolder per mode); wins over PLOT_DIR when both are set',
  },
  PLOT_DIR: {
    prefixed: true,
    default: (prefix) => `<${prefix}DIR>/curves`,
    description: 'alias of CURVE_DIR, used only when CURVE_DIR is unset or empty',
  },
  CURVE_CHECKPOINT_EVERY: {
    prefixed: true,
    default: () => '10',
    description: 'write the curve history checkpoint JSON every N episodes (N >= 1)',
  },
  ALL_RANKS: {
    prefixed: true,
    default: () => 'off',
    description: 'record animations and curves on every rank, not only rank 0',
  },
  RANK: {
    prefixed: false,
    default: () => '0',
    description: 'global rank of this process (no prefix); only rank 0 records unless ALL_RANKS is on',
  },
  LOCAL_RANK: {
    prefixed: false,
    default: () => '0',
    description: 'rank of this process on its machine (no prefix)',
  },
  WORLD_SIZE: {
    prefixed: false,
    default: () => '1',
    description: 'number of processes in the run (no prefix)',
  },
};
