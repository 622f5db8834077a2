import { decide } from '@evidence/stats';
import type { Better, RunStatsInfo } from '../run-json.js';

/** Which way a metric is better: a higher reward, fewer failures; a spread is neither. */
export type Direction = 'higher' | 'lower' | 'neutral';

/**
 * better or worse: the one-sided exact test finds the change at 5 % in that direction (@evidence/stats'
 * `decide`, the rule of every verdict); unclear: it finds neither (or there is no test); neutral: no direction.
 */
export type Verdict = 'better' | 'worse' | 'unclear' | 'neutral';

/**
 * Outcome names whose direction is known without being told: the reference trainer's, the CartPole
 * trainer's and common ones. Names are the episode keys and the rate names of the metrics JSON.
 */
const KNOWN: Readonly<Record<string, Better>> = {
  success_rate: 'higher',
  discovered: 'higher',
  mass_acc: 'higher',
  correct_mass: 'higher',
  channel_acc: 'higher',
  correct_channel: 'higher',
  solved: 'higher',
  success: 'higher',
  is_success: 'higher',
  reached_time_limit: 'higher',
  time_limit: 'higher',
  pole_fell: 'lower',
  cart_out: 'lower',
  failed: 'lower',
  failure: 'lower',
  crashed: 'lower',
  collision: 'lower',
};

/** The reward statistics: measured in reward units, better in the reward's direction. */
export const REWARD_LOCATION = ['mean_reward', 'median_reward', 'iqm'] as const;

/**
 * The direction of a statistic. `names` are what run.json may call it, most specific first (the rate
 * name, then the episode key; for the reward statistics the reward key, then `reward`).
 * run.json wins, then the known names; the reward is better higher; std and unknown names are neutral.
 */
export function directionOf(stat: string, names: readonly string[], run: RunStatsInfo): Direction {
  for (const name of names) {
    const stated = run.metrics[name]?.better;
    if (stated) return stated;
  }
  if ((REWARD_LOCATION as readonly string[]).includes(stat)) return 'higher';
  for (const name of names) if (Object.hasOwn(KNOWN, name)) return KNOWN[name] as Better;
  return 'neutral';
}

/** Better, worse or unclear: what the one rule makes of the metric's test (none: unclear). */
export function verdictOf(
  direction: Direction,
  test: { p_value: number; p_value_worse: number; smallest_p: number } | undefined,
): Verdict {
  if (direction === 'neutral') return 'neutral';
  if (!test) return 'unclear';
  const decided = decide({ above: test.p_value, below: test.p_value_worse, smallestP: test.smallest_p });
  return decided.verdict === 'above' ? 'better' : decided.verdict === 'below' ? 'worse' : 'unclear';
}
