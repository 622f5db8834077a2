import { ascending } from './ascending.js';

/** The middle value, or the mean of the two middle values (numpy.median); NaN for no values. */
export function median(values: ArrayLike<number>): number {
  const sorted = ascending(values);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  if (n % 2 === 1) return sorted[mid] as number;
  const a = sorted[mid - 1] as number;
  const b = sorted[mid] as number;
  const middle = (a + b) / 2;
  return Number.isFinite(middle) ? middle : a / 2 + b / 2; // a + b can overflow where the median cannot
}
