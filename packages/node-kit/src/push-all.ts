/**
 * Appends every item of `items` to `target`. `target.push(...items)` passes each item as an argument:
 * past about 125,000 of them it throws "Maximum call stack size exceeded", so a big log, a long list
 * of bad lines or a run of many series never goes through a spread.
 */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
