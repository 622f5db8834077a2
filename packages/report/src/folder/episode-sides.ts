/** One side (before or after) of an evaluation: its rewards and outcomes, and their statistics. */
import { iqm, mean, median, std } from '@evidence/stats';
import { byName, type EvalRecord, rateName, rewardOf } from '../records.js';
import type { SideStats } from './before-after-types.js';

/**
 * The outcomes both sides count, by rate name: each name's episode key and its place in a side's counts.
 * One map for both sides, and counts in typed arrays, not an object per outcome and side: an evaluation
 * can hold 300,000 outcome keys.
 */
export interface Outcomes {
  /** the episode key of each place, e.g. `discovered` for `success_rate` */
  keys: readonly string[];
  /** rate name → place */
  places: Map<string, number>;
}

export interface Side {
  records: readonly EvalRecord[];
  rewards: Float64Array;
  /** per outcome place: the episodes where it is true, and the episodes that report it (a boolean) */
  ones: Float64Array;
  reported: Float64Array;
}

/** The outcomes of the boolean episode keys `keys`, each by its reference name. */
export function rateOutcomes(keys: readonly string[]): Outcomes {
  const places = new Map<string, number>();
  keys.forEach((key, place) => {
    // two keys with one reference name (discovered and is_success): the second keeps its own
    const name = rateName(key);
    places.set(places.has(name) ? key : name, place);
  });
  return { keys, places };
}

/** One side's rewards and, per outcome, its counts; throws naming the side and episode. */
export function collect(
  records: readonly EvalRecord[],
  which: string,
  rewardKey: string,
  outcomes: Outcomes,
): Side {
  if (records.length === 0) throw new Error(`${which}: no evaluation episodes to summarise`);
  const rewards = new Float64Array(records.length);
  records.forEach((record, index) => {
    const reward = rewardOf(record, rewardKey);
    if (reward === undefined) {
      throw new TypeError(
        `${which} episode ${index}: expected a finite number in "${rewardKey}", got ${JSON.stringify(record[rewardKey]) ?? 'nothing'}`,
      );
    }
    rewards[index] = reward;
  });
  const { keys } = outcomes;
  const ones = new Float64Array(keys.length);
  const reported = new Float64Array(keys.length);
  for (const record of records) {
    // a plain loop: this runs once per outcome key and episode
    for (let place = 0; place < keys.length; place++) {
      const value = record[keys[place] as string];
      if (typeof value !== 'boolean') continue;
      reported[place] = (reported[place] as number) + 1;
      if (value) ones[place] = (ones[place] as number) + 1;
    }
  }
  return { records, rewards, ones, reported };
}

/** A side's statistics: n, mean and median reward, each outcome's rate, std, IQM. */
export function sideStats(side: Side, outcomes: Outcomes): SideStats {
  const stats = Object.assign(byName<number>(), {
    n: side.rewards.length,
    // Summed in ascending order, as the reference trainer does, so the JSON matches it to the last bit.
    mean_reward: mean(Float64Array.from(side.rewards).sort()),
    median_reward: median(side.rewards),
  });
  for (const [name, place] of outcomes.places) {
    const reported = side.reported[place] as number;
    if (reported > 0) stats[name] = (side.ones[place] as number) / reported; // no rate from no episode
  }
  stats.std = std(side.rewards);
  stats.iqm = iqm(side.rewards);
  return stats as SideStats;
}
