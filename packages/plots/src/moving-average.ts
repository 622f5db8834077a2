/**
 * Trailing moving average over the last `window` entries, ignoring non-finite values (NaN when the
 * window holds none). O(n) with running sums.
 */
export function movingAverage(values: ArrayLike<number>, window: number): Float64Array {
  const w = Math.max(1, Math.floor(window));
  const out = new Float64Array(values.length);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isFinite(v)) {
      sum += v;
      count++;
    }
    if (i >= w) {
      const old = values[i - w] as number;
      if (Number.isFinite(old)) {
        sum -= old;
        count--;
      }
    }
    out[i] = count > 0 ? sum / count : Number.NaN;
  }
  return out;
}
