import type { Agent } from './agent.js';
import { ACTION_NAMES } from './cartpole.js';
import { type EpisodeTrace, playEpisode } from './episode.js';
import { deriveSeed } from './random.js';

/** One evaluation episode as a line of pre_eval.jsonl / post_eval.jsonl (DESIGN.md's format). */
export interface EvalEpisodeRecord {
  episode: number;
  /** seed of the start state; the same seeds are used before and after training */
  seed: number;
  cumulative_reward: number;
  /** reached the time limit (500 steps) without failing */
  time_limit: boolean;
  /** ended because the pole leaned past 12° */
  pole_fell: boolean;
  /** ended because the cart left the track (|x| > 2.4) */
  cart_out: boolean;
  length: number;
  /** every step: the state the policy saw (Gymnasium's names, rounded), the action and its reward */
  steps: EvalStep[];
}

export interface EvalStep {
  x: number;
  x_dot: number;
  theta: number;
  theta_dot: number;
  action: string;
  reward: number;
}

export interface EvaluationSummary {
  records: EvalEpisodeRecord[];
  meanReward: number;
  successRate: number;
}

/**
 * Plays `episodes` evaluation episodes with the policy as trained (actions sampled, not greedy), from
 * start states fixed by `(seed, stream, i)`: pre- and post-training use the same stream, so the
 * comparison is paired; checkpoints use their own held-out stream.
 */
export function evaluate(
  agent: Agent,
  options: { seed: number; stream: string; episodes: number; maxSteps: number },
): EvaluationSummary {
  const records: EvalEpisodeRecord[] = [];
  let total = 0;
  let solved = 0;
  for (let i = 0; i < options.episodes; i++) {
    const resetSeed = deriveSeed(options.seed, options.stream, 'reset', i);
    const trace = playEpisode(agent, {
      resetSeed,
      actionSeed: deriveSeed(options.seed, options.stream, 'action', i),
      maxSteps: options.maxSteps,
    });
    records.push(toRecord(i, resetSeed, trace));
    total += trace.return;
    if (trace.truncated) solved++;
  }
  return { records, meanReward: total / options.episodes, successRate: solved / options.episodes };
}

export function toRecord(episode: number, seed: number, trace: EpisodeTrace): EvalEpisodeRecord {
  const steps: EvalStep[] = [];
  for (let t = 0; t < trace.steps; t++) {
    const o = t * 4;
    steps.push({
      x: round4(trace.obs[o]!),
      x_dot: round4(trace.obs[o + 1]!),
      theta: round4(trace.obs[o + 2]!),
      theta_dot: round4(trace.obs[o + 3]!),
      action: ACTION_NAMES[trace.actions[t]!]!,
      reward: trace.rewards[t]!,
    });
  }
  return {
    episode,
    seed,
    cumulative_reward: trace.return,
    time_limit: trace.ending === 'time',
    pole_fell: trace.ending === 'pole',
    cart_out: trace.ending === 'cart',
    length: trace.steps,
    steps,
  };
}

/** Four decimals: enough to read a CartPole state, a third of the bytes of a full double. */
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;
