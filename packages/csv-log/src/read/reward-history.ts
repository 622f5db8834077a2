import { readInputText } from '@evidence/node-kit';
import { parseNanJson } from './nan-json.js';

/** The curve recorder's `<mode>_reward_history.json` (ours or the Python reference trainer's). */
export interface RewardHistory {
  average_window: number;
  episodes: number;
  reward_history: number[];
  average_history: number[];
  epsilon_history: number[];
  option_history: number[];
  metric_histories: Record<string, number[]>;
  best_reward: number | null;
  final_reward: number | null;
  final_average: number | null;
  checkpoint?: boolean;
}

/**
 * Reads a reward history (Python's bare NaN allowed), checking its shape: an error names the file and
 * the key that is not an array of numbers. A missing list is NaN for every episode; a value that is not a
 * number is NaN.
 */
export async function readRewardHistory(path: string): Promise<RewardHistory> {
  const problem = (what: string) => new Error(`${path}: ${what}`);
  let value: Partial<RewardHistory> | null;
  try {
    value = parseNanJson(await readInputText(path)) as Partial<RewardHistory> | null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw problem(`not readable JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== 'object') throw problem('expected a JSON object');
  const history = value;
  if (!Array.isArray(history.reward_history))
    throw problem('expected "reward_history" to be an array of numbers');
  const numbers = (v: unknown, key: string): number[] => {
    if (!Array.isArray(v)) throw problem(`expected "${key}" to be an array of numbers`);
    return v.map((x) => (typeof x === 'number' ? x : Number.NaN));
  };
  const list = (key: keyof RewardHistory): number[] =>
    history[key] === undefined
      ? new Array<number>(history.reward_history?.length ?? 0).fill(Number.NaN)
      : numbers(history[key], key);
  const metricHistories: Record<string, number[]> = {};
  for (const [k, v] of Object.entries(history.metric_histories ?? {}))
    metricHistories[k] = numbers(v, `metric_histories.${k}`);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    average_window: typeof history.average_window === 'number' ? history.average_window : 20,
    episodes: typeof history.episodes === 'number' ? history.episodes : history.reward_history.length,
    reward_history: list('reward_history'),
    average_history: list('average_history'),
    epsilon_history: list('epsilon_history'),
    option_history: list('option_history'),
    metric_histories: metricHistories,
    best_reward: num(history.best_reward),
    final_reward: num(history.final_reward),
    final_average: num(history.final_average),
  };
}
