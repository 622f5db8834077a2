/** The value at a dotted key (`episode.r`) of a parsed JSON record, or undefined. */
export function valueAtKey(record: unknown, key: string): unknown {
  if (record !== null && typeof record === 'object' && key in record)
    return (record as Record<string, unknown>)[key];
  let value: unknown = record;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
