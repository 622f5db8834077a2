import { mean } from './mean.js';
import { overflowScale } from './overflow-scale.js';

/**
 * Sample standard deviation (n − 1 in the denominator, numpy `ddof=1`); NaN below two values. Values
 * above 2^256 are scaled first, so the squares do not overflow.
 */
export function std(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const scale = overflowScale(values);
  const x = scale === 1 ? values : Float64Array.from(values, (v) => v / scale);
  const m = mean(x);
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((x[i] as number) - m) ** 2;
  return Math.sqrt(squares / (n - 1)) * scale;
}
