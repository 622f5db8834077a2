/** One side (before or after) of an evaluation: its rewards and outcomes, and their statistics. */
import { iqm, mean, median, std } from '@evidence/stats';
import { byName, type EvalRecord, rateName, rewardOf } from '../records.js';
import type { SideStats } from './before-after-types.js';

export interface Outcome {
  /** the episode key, e.g. `discovered` for `success_rate` */
  key: string;
  /**
   * 1/0 per episode, NaN when the episode does not report it. A plain array: 300,000 outcome keys made
   * 600,000 typed arrays, a second of the report's time.
   */
  values: number[];
  /** episodes whose value is 1, and episodes that report it: counted once, read by every statistic */
  ones: number;
  reported: number;
}

export interface Side {
  rewards: Float64Array;
  outcomes: Map<string, Outcome>;
}

/** One side's rewards and, per boolean outcome, 1/0 per episode; throws naming the side and episode. */
export function collect(
  records: readonly EvalRecord[],
  which: string,
  rewardKey: string,
  keys: string[],
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
  const outcomes = new Map<string, Outcome>();
  for (const key of keys) {
    // a plain loop, counting as it goes: this runs once per outcome key
    const values: number[] = [];
    let ones = 0;
    let reported = 0;
    for (const record of records) {
      const value = record[key];
      if (typeof value !== 'boolean') values.push(Number.NaN);
      else {
        values.push(value ? 1 : 0);
        ones += value ? 1 : 0;
        reported++;
      }
    }
    // two keys with one reference name (discovered and is_success): the second keeps its own
    const name = rateName(key);
    outcomes.set(outcomes.has(name) ? key : name, { key, values, ones, reported });
  }
  return { rewards, outcomes };
}

/** A side's statistics: n, mean and median reward, each outcome's rate, std, IQM. */
export function sideStats(side: Side): SideStats {
  const stats = Object.assign(byName<number>(), {
    n: side.rewards.length,
    // Summed in ascending order, as the reference trainer does, so the JSON matches it to the last bit.
    mean_reward: mean(Float64Array.from(side.rewards).sort()),
    median_reward: median(side.rewards),
  });
  for (const [name, { ones, reported }] of side.outcomes) {
    if (reported > 0) stats[name] = ones / reported; // no rate from no episode
  }
  stats.std = std(side.rewards);
  stats.iqm = iqm(side.rewards);
  return stats as SideStats;
}
