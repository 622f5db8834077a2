import { parseArgs } from 'node:util';
import { EnvConfigError, type EvidenceEnv, readEvidenceEnv } from '@evidence/env-config';
import type { PpoConfig } from './ppo.js';

/** Everything a training run needs, after flags and environment variables are merged. */
export interface TrainerConfig {
  seed: number;
  /** PPO updates */
  updates: number;
  /** training episodes collected per update */
  episodesPerUpdate: number;
  /** evaluation episodes before and after training (pre_eval.jsonl / post_eval.jsonl) */
  evalEpisodes: number;
  /** a held-out checkpoint evaluation every K updates (and at 0 and at the end) */
  checkpointEvery: number;
  checkpointEpisodes: number;
  /** time limit per episode: 500 as in CartPole-v1 */
  maxSteps: number;
  /** build the report (charts, metrics, index.html) at the end */
  report: boolean;
  /** no step table or progress bar; only the final summary */
  quiet: boolean;
  /** the evidence configuration (folder, capture schedule, curves), flags already applied */
  evidence: EvidenceEnv;
  /** the variables it was read from (process.env plus the flags' overrides) */
  env: Record<string, string | undefined>;
  /** the command line, for run.json */
  command: string[];
  /** PPO settings (default DEFAULT_PPO); the multi-seed comparison changes one of them */
  ppo?: PpoConfig;
}

export const DEFAULTS = {
  seed: 1,
  updates: 30,
  episodesPerUpdate: 10,
  evalEpisodes: 50,
  checkpointEvery: 5,
  checkpointEpisodes: 20,
  maxSteps: 500,
} as const;

export const USAGE = `Usage: node apps/trainer/dist/bin.js [options]

Trains a policy on CartPole-v1 with PPO and leaves an evidence folder (logs, charts, GIFs, report).

Options:
  --updates N              PPO updates (default ${DEFAULTS.updates})
  --episodes N             training episodes in total; sets --updates to ceil(N / batch)
  --batch N                episodes per update (default ${DEFAULTS.episodesPerUpdate})
  --seed N                 seed of everything random (default ${DEFAULTS.seed})
  --out DIR                evidence folder (default $EVIDENCE_DIR or ./evidence)
  --eval-episodes N        evaluation episodes before and after training (default ${DEFAULTS.evalEpisodes})
  --checkpoint-every K     held-out evaluation every K updates (default ${DEFAULTS.checkpointEvery})
  --checkpoint-episodes N  episodes per checkpoint evaluation (default ${DEFAULTS.checkpointEpisodes})
  --max-steps N            time limit per episode (default ${DEFAULTS.maxSteps}, as CartPole-v1)
  --animation-episodes L   capture these training episodes as GIFs, e.g. 0,10,50
  --animation-every N      capture every N-th training episode (0 = off by this rule)
  --animation-last N       capture the last N training episodes
  --animation-fps N        GIF frames per second
  --animation-max-frames N frames kept per GIF (default: --max-steps, a whole episode; 0 = no limit)
  --no-animations          no GIFs
  --no-curves              no curve recorder output
  --no-report              skip the report at the end
  --quiet                  no step table or progress bar
  --debug                  print the stack trace of an unexpected error
  -h, --help               this help

Environment variables (EVIDENCE_DIR, EVIDENCE_ANIMATION_EVERY, ...) are read by @evidence/env-config;
a flag wins over the variable it stands for.`;

/** A command-line problem: the message names the flag and what was expected. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const FLAG_TO_VARIABLE = {
  out: 'DIR',
  'animation-episodes': 'ANIMATION_EPISODES',
  'animation-every': 'ANIMATION_EVERY',
  'animation-last': 'ANIMATION_LAST',
  'animation-fps': 'ANIMATION_FPS',
  'animation-max-frames': 'ANIMATION_MAX_FRAMES',
} as const;

/**
 * Parses flags and merges them over the environment: flags that stand for an evidence variable are
 * written into a copy of the environment, so @evidence/env-config validates flags and variables alike.
 */
export function parseConfig(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
  prefix = 'EVIDENCE_',
  commandPrefix: readonly string[] = ['trainer'],
): TrainerConfig | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        updates: { type: 'string' },
        episodes: { type: 'string' },
        batch: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        'eval-episodes': { type: 'string' },
        'checkpoint-every': { type: 'string' },
        'checkpoint-episodes': { type: 'string' },
        'max-steps': { type: 'string' },
        'animation-episodes': { type: 'string' },
        'animation-every': { type: 'string' },
        'animation-last': { type: 'string' },
        'animation-fps': { type: 'string' },
        'animation-max-frames': { type: 'string' },
        'no-animations': { type: 'boolean' },
        'no-curves': { type: 'boolean' },
        'no-report': { type: 'boolean' },
        quiet: { type: 'boolean' },
        debug: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';

  const int = (flag: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = values[flag];
    if (raw === undefined) return fallback;
    const text = String(raw).trim();
    const n = Number(text);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
      throw new UsageError(`--${flag}: expected a whole number ${range}, got ${JSON.stringify(raw)}`);
    }
    return n;
  };

  const episodesPerUpdate = int('batch', DEFAULTS.episodesPerUpdate, 1);
  let updates = int('updates', DEFAULTS.updates, 1);
  if (values.episodes !== undefined) {
    if (values.updates !== undefined)
      throw new UsageError('--episodes and --updates: give one of them, not both');
    updates = Math.ceil(int('episodes', 1, 1) / episodesPerUpdate);
  }

  const merged: Record<string, string | undefined> = { ...env };
  const flagOf = new Map<string, string>();
  for (const [flag, variable] of Object.entries(FLAG_TO_VARIABLE)) {
    const value = values[flag];
    if (value === undefined) continue;
    merged[prefix + variable] = String(value);
    flagOf.set(prefix + variable, flag);
  }
  if (values['no-animations']) merged[`${prefix}DISABLE_ANIMATIONS`] = '1';
  const maxSteps = int('max-steps', DEFAULTS.maxSteps, 1);
  // A GIF keeps a whole episode unless told otherwise: at most maxSteps frames (500 for CartPole-v1).
  if (merged[`${prefix}ANIMATION_MAX_FRAMES`] === undefined)
    merged[`${prefix}ANIMATION_MAX_FRAMES`] = String(maxSteps);
  if (values['no-curves']) merged[`${prefix}DISABLE_CURVES`] = '1';

  return {
    seed: int('seed', DEFAULTS.seed, 0, 2 ** 32 - 1),
    updates,
    episodesPerUpdate,
    evalEpisodes: int('eval-episodes', DEFAULTS.evalEpisodes, 1),
    checkpointEvery: int('checkpoint-every', DEFAULTS.checkpointEvery, 1),
    checkpointEpisodes: int('checkpoint-episodes', DEFAULTS.checkpointEpisodes, 1),
    maxSteps,
    report: !values['no-report'],
    quiet: Boolean(values.quiet),
    evidence: readEvidence(prefix, merged, flagOf),
    env: merged,
    command: [...commandPrefix, ...argv],
  };
}

/** Reads the evidence variables; a bad value that came from a flag is reported under the flag's name. */
function readEvidence(
  prefix: string,
  env: Record<string, string | undefined>,
  flagOf: ReadonlyMap<string, string>,
): EvidenceEnv {
  try {
    return readEvidenceEnv({ prefix, env });
  } catch (error) {
    if (!(error instanceof EnvConfigError)) throw error;
    const fromFlags = error.problems.filter((p) => flagOf.has(p.variable));
    if (fromFlags.length === 0) throw error;
    const p = fromFlags[0]!;
    throw new UsageError(
      `--${flagOf.get(p.variable)}: expected ${p.expected}, got ${JSON.stringify(p.value)}`,
    );
  }
}
