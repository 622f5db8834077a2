/**
 * TensorBoard's smoothing: an exponential moving average started at 0 and debiased by 1 - w^n (n = finite
 * points so far). Missing (undefined) and break (null) points pass through; a constant series is returned
 * as it is, as TensorBoard does.
 */
export function smooth<T extends number | null | undefined>(values: readonly T[], weight: number): T[] {
  if (!(weight > 0)) return values as T[];
  let first: number | undefined;
  let constant = true;
  for (const v of values) {
    if (v === undefined || v === null) continue;
    if (first === undefined) first = v;
    else if (v !== first) {
      constant = false;
      break;
    }
  }
  if (constant) return values as T[];
  const out = new Array<T>(values.length);
  let last = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as T;
    if (v === undefined || v === null || !Number.isFinite(v)) {
      out[i] = v;
      continue;
    }
    last = last * weight + (1 - weight) * v;
    n++;
    out[i] = (weight === 1 ? last : last / (1 - weight ** n)) as T;
  }
  return out;
}
