/**
 * A run's configuration cut to its first CONFIG_KEYS_MAX keys (leaves, nested objects walked in order):
 * every command flattens, compares and exports configurations, so a run.json of 200,000 keys would cost
 * every one of them seconds and gigabytes. The keys left out are counted, and the run says so.
 */

export const CONFIG_KEYS_MAX = 10_000;

/** `config` with at most `max` leaves, and how many were left out (0: `config` itself, untouched). */
export function boundConfig(
  config: Record<string, unknown>,
  max = CONFIG_KEYS_MAX,
): { config: Record<string, unknown>; leftOut: number } {
  const total = countLeaves(config, max + 1);
  if (total <= max) return { config, leftOut: 0 };
  let room = max;
  const cut = (value: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (room === 0) break;
      const child = value[key];
      if (isNested(child)) out[key] = cut(child);
      else {
        out[key] = child;
        room--;
      }
    }
    return out;
  };
  return { config: cut(config), leftOut: countLeaves(config, Number.POSITIVE_INFINITY) - max };
}

const isNested = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;

/** Leaves of a configuration (an empty object is one), counted up to `stop`. */
function countLeaves(value: Record<string, unknown>, stop: number): number {
  let count = 0;
  const stack: Record<string, unknown>[] = [value];
  while (stack.length > 0 && count < stop) {
    const next = stack.pop() as Record<string, unknown>;
    for (const key in next) {
      if (!Object.hasOwn(next, key)) continue;
      const child = next[key];
      if (isNested(child)) stack.push(child);
      else count++;
    }
  }
  return count;
}
