/** What a store's configuration says the run's task is. */

/** Configuration keys that name the environment / task, most specific first (SB3, CleanRL, Gym, RLlib). */
const TASK_KEYS = ['env_id', 'env_name', 'env', 'environment', 'task'];

/** The task named by a run's configuration (`env_id: CartPole-v1`), when one of the usual keys holds text. */
export function taskOf(config: Record<string, unknown>): string | undefined {
  for (const key of TASK_KEYS) {
    const value = config[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}
