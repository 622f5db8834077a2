import type { EvalRecord } from '../records.js';
import type { RunStatsInfo } from '../run-json.js';

/** Episode keys that name an episode's start state; equal pairwise before and after means paired. */
export const PAIR_KEYS = ['seed', 'start_state'] as const;

export interface Pairing {
  /** the i-th episode before and the i-th after started from the same state */
  paired: boolean;
  /** why, in a few words, for the report */
  why: string;
}

/**
 * Whether before and after were evaluated on the same start states, so the change can be measured
 * pair by pair. The rule, in order:
 * 1. different numbers of episodes: independent;
 * 2. a key of PAIR_KEYS that every episode has: paired when it is equal in every pair (the i-th
 *    episode of each file), independent when it differs in one — whatever run.json says;
 * 3. run.json `evaluation.paired` (or `paired_start_states`): as it says;
 * 4. otherwise independent.
 * A run.json that says paired against the episodes' own keys gets a warning.
 */
export function pairingOf(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  run: RunStatsInfo,
  warnings: string[],
): Pairing {
  const disagree = (why: string): Pairing => {
    if (run.paired === true) warnings.push(`run.json says the evaluation is paired, but ${why}`);
    return { paired: false, why };
  };
  if (pre.length !== post.length) {
    return disagree(`the numbers of episodes differ (${pre.length} before, ${post.length} after)`);
  }
  const has = (record: EvalRecord, key: string) => record[key] !== undefined && record[key] !== null;
  for (const key of PAIR_KEYS) {
    if (!pre.every((r) => has(r, key)) || !post.every((r) => has(r, key))) continue;
    const differs = pre.findIndex((r, i) => JSON.stringify(r[key]) !== JSON.stringify(post[i]?.[key]));
    if (differs >= 0)
      return disagree(`"${key}" differs in pair ${differs + 1} (episode ${differs + 1} of each file)`);
    return { paired: true, why: `the same "${key}" in every pair of episodes` };
  }
  if (run.paired === true) return { paired: true, why: 'run.json says the start states are paired' };
  if (run.paired === false) return { paired: false, why: 'run.json says the start states are not paired' };
  return { paired: false, why: `no "${PAIR_KEYS.join('" or "')}" key to pair episodes by` };
}
