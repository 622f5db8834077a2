import { join } from 'node:path';
import { deepFreeze } from './deep-freeze.js';
import { EnvReader } from './env-reader.js';
import { parseBoolean, parseEpisodeList, parseInteger, parsePath } from './parsers.js';
import type {
  DistributedSettings,
  EnvOptions,
  EnvProblem,
  EnvVariableDescription,
  EvidenceEnv,
} from './types.js';
import { VARIABLE_KEYS } from './variables.js';

export const DEFAULT_PREFIX = 'EVIDENCE_';

const onOff = (flag: boolean): string => (flag ? 'on' : 'off');
const episodeList = (episodes: readonly number[]): string =>
  episodes.length > 0 ? episodes.join(',') : 'none';

/** Which integers each variable allows (DESIGN.md's table). */
const RANGES = {
  fps: { min: 1, max: 100 },
  atLeast0: { min: 0 },
  atLeast1: { min: 1 },
} as const;

export interface Resolved {
  env: EvidenceEnv;
  problems: EnvProblem[];
  rows: EnvVariableDescription[];
}

export function checkPrefix(prefix: string): string {
  if (typeof prefix !== 'string' || !/^[A-Za-z0-9_]*$/.test(prefix)) {
    throw new TypeError(
      `env-config: prefix must contain only letters, digits and underscores, got ${JSON.stringify(prefix)}`,
    );
  }
  return prefix;
}

export function defaultEnv(): Record<string, string | undefined> {
  return globalThis.process?.env ?? {};
}

/** RANK, LOCAL_RANK and WORLD_SIZE, as set by torchrun, accelerate, deepspeed and most launchers. */
export function readDistributed(reader: EnvReader): DistributedSettings {
  const rank = reader.read('RANK', (text) => parseInteger(text, RANGES.atLeast0), 0);
  const localRank = reader.read('LOCAL_RANK', (text) => parseInteger(text, RANGES.atLeast0), 0);
  const worldSize = reader.read('WORLD_SIZE', (text) => parseInteger(text, RANGES.atLeast1), 1);
  // Checked only against a valid WORLD_SIZE that was given: some launchers set RANK alone.
  const worldSizeRow = reader.row('WORLD_SIZE');
  if (worldSizeRow?.source === 'environment' && worldSizeRow.problem === undefined) {
    const expected = `an integer from 0 to ${worldSize - 1} (WORLD_SIZE is ${worldSize})`;
    if (reader.given('RANK') !== null && rank >= worldSize) reader.reject('RANK', expected);
    if (reader.given('LOCAL_RANK') !== null && localRank >= worldSize) reader.reject('LOCAL_RANK', expected);
  }
  return { rank, localRank, worldSize };
}

/** Reads every variable once; never throws for bad values, which are collected in `problems`. */
export function resolveEvidenceEnv(options: EnvOptions = {}): Resolved {
  const prefix = checkPrefix(options.prefix ?? DEFAULT_PREFIX);
  const reader = new EnvReader(prefix, options.env ?? defaultEnv());

  const dir = reader.read('DIR', parsePath, 'evidence');
  const disableAnimations = reader.read('DISABLE_ANIMATIONS', parseBoolean, false, { show: onOff });
  const animationDir = reader.read('ANIMATION_DIR', parsePath, join(dir, 'animations'));
  const episodes = reader.read('ANIMATION_EPISODES', parseEpisodeList, [], { show: episodeList });
  const every = reader.read('ANIMATION_EVERY', (text) => parseInteger(text, RANGES.atLeast0), 100);
  const last = reader.read('ANIMATION_LAST', (text) => parseInteger(text, RANGES.atLeast0), 1);
  const fps = reader.read('ANIMATION_FPS', (text) => parseInteger(text, RANGES.fps), 30);
  const maxFrames = reader.read('ANIMATION_MAX_FRAMES', (text) => parseInteger(text, RANGES.atLeast0), 400);
  const disableCurves = reader.read('DISABLE_CURVES', parseBoolean, false, { show: onOff });
  const curveDir = reader.read('CURVE_DIR', parsePath, join(dir, 'curves'), { alias: 'PLOT_DIR' });
  const checkpointEvery = reader.read(
    'CURVE_CHECKPOINT_EVERY',
    (text) => parseInteger(text, RANGES.atLeast1),
    10,
  );
  const allRanks = reader.read('ALL_RANKS', parseBoolean, false, { show: onOff });
  const distributed = readDistributed(reader);
  describePlotDirAlias(reader, curveDir);

  const isMainProcess = distributed.rank === 0;
  const recordsHere = isMainProcess || allRanks;
  const env: EvidenceEnv = deepFreeze({
    prefix,
    dir,
    animations: {
      enabled: !disableAnimations && recordsHere,
      dir: animationDir,
      episodes,
      every,
      last,
      fps,
      maxFrames,
      allRanks,
    },
    curves: { enabled: !disableCurves && recordsHere, dir: curveDir, checkpointEvery },
    distributed,
    isMainProcess,
  });
  const rows = VARIABLE_KEYS.flatMap((key) => reader.row(key) ?? []);
  return { env, problems: reader.problems, rows };
}

/** PLOT_DIR is read through CURVE_DIR; its own row says whether it is used or ignored. */
function describePlotDirAlias(reader: EnvReader, curveDir: string): void {
  const value = reader.given('PLOT_DIR');
  if (value === null) {
    reader.record('PLOT_DIR', { value: null, source: 'default', effective: curveDir });
    return;
  }
  const curveDirName = reader.nameOf('CURVE_DIR');
  const ignored = reader.given('CURVE_DIR') !== null;
  const curveRow = reader.row('CURVE_DIR');
  reader.record('PLOT_DIR', {
    value,
    source: 'environment',
    effective: ignored ? curveDir : (curveRow?.effective ?? null),
    ...(!ignored && curveRow?.problem !== undefined ? { problem: curveRow.problem } : {}),
    note: ignored ? `ignored: ${curveDirName} is set and wins` : `used as ${curveDirName}`,
  });
}
