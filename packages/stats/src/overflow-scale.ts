/**
 * A power of two that brings the largest finite |value| near 1 when values are so large (above 2^256)
 * that a sum or a square could overflow; 1 otherwise. Dividing by a power of two is exact.
 */
export function overflowScale(values: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < values.length; i++) {
    const size = Math.abs(values[i] as number);
    if (size > largest && size !== Number.POSITIVE_INFINITY) largest = size;
  }
  return largest > 2 ** 256 ? 2 ** Math.floor(Math.log2(largest)) : 1;
}

/** `sum(values[from..to)) / (to − from)` computed on values divided by `scale`, times `scale`. */
export function scaledMean(values: ArrayLike<number>, from: number, to: number, scale: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (values[i] as number) / scale;
  return (sum / (to - from)) * scale;
}
