import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { writeFileAtomic } from '@evidence/csv-log';
import { AGENT_SHAPE } from '../agent.js';
import type { TrainerConfig } from '../config.js';
import { DEFAULT_PPO } from '../ppo.js';

/** Facts known only once training ran. */
export interface RunProgress {
  startedAt: Date;
  /** environment steps taken in training */
  steps: number | null;
  wallTimeS: number | null;
  status: 'running' | 'finished';
}

const PACKAGES = [
  '@evidence/csv-log',
  '@evidence/plots',
  '@evidence/report',
  '@evidence/animation',
  '@evidence/env-config',
];

function versions(): Record<string, string> {
  const found: Record<string, string> = { node: process.version };
  const require = createRequire(import.meta.url);
  for (const name of PACKAGES) {
    try {
      const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'));
      if (typeof manifest.version === 'string') found[name] = manifest.version;
    } catch {
      // not resolvable from here (a bundled build): leave it out rather than guess
    }
  }
  return found;
}

/** The commit of the working directory's git repository, or null (no git, not a repository). */
function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    }).trim();
  } catch {
    return null;
  }
}

/**
 * run.json: what was trained and how, in the format @evidence/report documents (every key optional).
 * Written when the run starts and again, complete, when it ends.
 */
export function runDescription(config: TrainerConfig, progress: RunProgress): Record<string, unknown> {
  const commit = gitCommit();
  const ppo = config.ppo ?? DEFAULT_PPO;
  return {
    environment: 'CartPole-v1',
    algorithm: 'PPO',
    seed: config.seed,
    status: progress.status,
    budget: {
      updates: config.updates,
      episodes: config.updates * config.episodesPerUpdate,
      ...(progress.steps === null ? {} : { steps: progress.steps }),
    },
    hyperparameters: {
      episodes_per_update: config.episodesPerUpdate,
      policy_hidden: AGENT_SHAPE.policyHidden,
      value_hidden: AGENT_SHAPE.valueHidden,
      gamma: ppo.gamma,
      gae_lambda: ppo.lambda,
      clip: ppo.clip,
      epochs: ppo.epochs,
      minibatch: ppo.minibatch,
      entropy_coef: ppo.entropyCoef,
      value_coef: ppo.valueCoef,
      max_grad_norm: ppo.maxGradNorm,
      policy_lr: ppo.policyLr,
      value_lr: ppo.valueLr,
      lr_schedule: 'linear decay to 0 over the updates',
      max_steps: config.maxSteps,
    },
    evaluation: {
      episodes: config.evalEpisodes,
      policy: 'sampled',
      paired_start_states: true,
      when: 'before and after training',
      checkpoint_every: config.checkpointEvery,
      checkpoint_episodes: config.checkpointEpisodes,
      checkpoint_start_states: 'held out (their own seeds)',
    },
    command: config.command.join(' '),
    versions: versions(),
    ...(commit ? { git_commit: commit } : {}),
    started_at: progress.startedAt.toISOString(),
    ...(progress.wallTimeS === null ? {} : { wall_time_s: Math.round(progress.wallTimeS * 1000) / 1000 }),
    metrics: {
      // an episode's reward is its step count: the time limit caps it, so no interval may pass it
      cumulative_reward: { better: 'higher', min: 0, max: config.maxSteps },
      // the training log's reward is a mean of such episode rewards: the same range
      reward: { better: 'higher', min: 0, max: config.maxSteps },
      time_limit: { better: 'higher' },
      pole_fell: { better: 'lower' },
      cart_out: { better: 'lower' },
    },
  };
}

/** Writes `<dir>/run.json` atomically. */
export async function writeRunFile(
  dir: string,
  config: TrainerConfig,
  progress: RunProgress,
): Promise<string> {
  const path = join(dir, 'run.json');
  await writeFileAtomic(path, `${JSON.stringify(runDescription(config, progress), null, 2)}\n`);
  return path;
}
