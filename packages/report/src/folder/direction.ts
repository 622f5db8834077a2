import type { Better, RunStatsInfo } from '../run-json.js';

/** Which way a metric is better: a higher reward, fewer failures; a spread is neither. */
export type Direction = 'higher' | 'lower' | 'neutral';

/** better or worse: the 95% interval of the change excludes 0; unclear: it includes 0 (or there is none). */
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

/** Better, worse or unclear: by the interval of the change (post − pre) and the direction. */
export function verdictOf(direction: Direction, interval: readonly [number, number] | undefined): Verdict {
  if (direction === 'neutral') return 'neutral';
  if (!interval || !(interval[0] > 0 || interval[1] < 0)) return 'unclear'; // includes 0, or NaN
  const up = interval[0] > 0;
  return up === (direction === 'higher') ? 'better' : 'worse';
}
