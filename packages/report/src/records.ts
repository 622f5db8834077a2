import { valueAtKey } from '@evidence/sources';
import { capText } from './cap-text.js';

/** One evaluation episode as written to pre_eval.jsonl / post_eval.jsonl (see DESIGN.md). */
export type EvalRecord = Record<string, unknown>;

export const DEFAULT_REWARD_KEY = 'cumulative_reward';

/**
 * An empty record keyed by names from the logs: without a prototype, an outcome called `__proto__`
 * is a key like any other (on `{}` assigning it is ignored) and `constructor` is not found unless set.
 */
export const byName = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** Reference names for the reference trainer's outcome booleans; any other boolean keeps its own name. */
const RATE_NAMES: Readonly<Record<string, string>> = {
  discovered: 'success_rate',
  is_success: 'success_rate', // SB3's info keyword (monitor.csv, EvalCallback)
  correct_mass: 'mass_acc',
  correct_channel: 'channel_acc',
};

export function rateName(key: string): string {
  return Object.hasOwn(RATE_NAMES, key) ? (RATE_NAMES[key] as string) : key;
}

/**
 * Every key of the records that holds something (not null), in first-seen order, and whether it holds
 * nothing but booleans. One pass over every key of every record (an episode can hold 300,000):
 * Object.keys and a lookup, not Object.entries, which builds a pair per key; a key is set again only
 * when it stops being boolean.
 */
function keyKinds(lists: readonly (readonly EvalRecord[])[]): Map<string, boolean> {
  const seen = new Map<string, boolean>();
  for (const records of lists) {
    for (const record of records) {
      for (const key of Object.keys(record)) {
        const value = record[key];
        if (value === null || value === undefined) continue;
        const before = seen.get(key);
        if (before === undefined) seen.set(key, typeof value === 'boolean');
        else if (before && typeof value !== 'boolean') seen.set(key, false);
      }
    }
  }
  return seen;
}

/** Keys that hold a boolean in at least one record and nothing but booleans (or null) elsewhere, in first-seen order. */
export function booleanKeys(records: readonly EvalRecord[], skip: ReadonlySet<string> = new Set()): string[] {
  const keys: string[] = [];
  for (const [key, allBoolean] of keyKinds([records])) if (allBoolean && !skip.has(key)) keys.push(key);
  return keys;
}

/**
 * The key kinds of a before/after pair of record lists, found once per pair: the statistics and the
 * sample episodes both ask, and a pass over 300,000 keys an episode is not free. The lists are the
 * evaluation as read; they are not changed after.
 */
const pairKinds = new WeakMap<readonly EvalRecord[], WeakMap<readonly EvalRecord[], Map<string, boolean>>>();

/**
 * The outcome keys of a before/after pair, keys boolean wherever they are set but the reward key:
 * `list()` gives them in first-seen order (booleanKeys of both lists), `has(key)` asks about one.
 */
export function outcomeKeys(
  pre: readonly EvalRecord[],
  post: readonly EvalRecord[],
  rewardKey: string,
): { list: () => string[]; has: (key: string) => boolean } {
  let byPost = pairKinds.get(pre);
  if (!byPost) {
    byPost = new WeakMap();
    pairKinds.set(pre, byPost);
  }
  let kinds = byPost.get(post);
  if (!kinds) {
    kinds = keyKinds([pre, post]);
    byPost.set(post, kinds);
  }
  const known = kinds;
  const list = () => {
    const keys: string[] = [];
    for (const [key, allBoolean] of known) if (allBoolean && key !== rewardKey) keys.push(key);
    return keys;
  };
  return { list, has: (key) => key !== rewardKey && known.get(key) === true };
}

/** The episode reward, or undefined when the record has no finite number under `rewardKey` (a dotted key such as `episode.r` reads `{"episode": {"r": …}}`). */
export function rewardOf(record: EvalRecord, rewardKey: string): number | undefined {
  const value = valueAtKey(record, rewardKey);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export interface Step {
  action: string;
  reward: number | undefined;
  /** the step's other fields in its own order (a state, an observation…), values as written */
  details: [key: string, value: unknown][];
}

/** The steps of an episode (`steps` or `trajectory`), each action reduced to its name. */
export function stepsOf(record: EvalRecord): Step[] {
  const list = Array.isArray(record.steps)
    ? record.steps
    : Array.isArray(record.trajectory)
      ? record.trajectory
      : [];
  return list.map((step: unknown) => {
    if (step === null || typeof step !== 'object')
      return { action: actionName(step), reward: undefined, details: [] };
    const { action, reward, ...rest } = step as { action?: unknown; reward?: unknown };
    return {
      action: actionName(action),
      reward: typeof reward === 'number' ? reward : undefined,
      details: Object.entries(rest),
    };
  });
}

/** The action's name, capped: a log can hold an action of any length. */
function actionName(action: unknown): string {
  if (typeof action === 'string') return capText(action);
  if (action !== null && typeof action === 'object') {
    const type = (action as { action_type?: unknown }).action_type;
    if (typeof type === 'string') return capText(type);
  }
  return action === undefined ? '?' : capText(JSON.stringify(action));
}
