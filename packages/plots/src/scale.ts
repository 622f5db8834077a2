// Scales and axis domains: data → pixels, round ticks, padded extents.
import { logTickFormat } from './format.js';
import { tickLabels } from './tick-labels.js';
import { logTicks, tickStep, ticks } from './ticks.js';

export interface Scale {
  readonly domain: readonly [number, number];
  readonly log: boolean;
  /** data value → pixel; NaN when the value cannot be shown (≤ 0 on a log scale) */
  (value: number): number;
}

export function createScale(
  domain: readonly [number, number],
  range: readonly [number, number],
  log = false,
): Scale {
  const t = log ? (v: number) => (v > 0 ? Math.log10(v) : Number.NaN) : (v: number) => v;
  const d0 = t(domain[0]);
  const span = t(domain[1]) - d0 || 1;
  const k = (range[1] - range[0]) / span;
  const scale = ((value: number) => range[0] + (t(value) - d0) * k) as Scale;
  Object.assign(scale, { domain, log });
  return scale;
}

export interface AxisTicks {
  values: number[];
  labels: string[];
}

/** Round ticks inside the domain (about `count`), with one label format for the whole axis. */
export function axisTicks(
  domain: readonly [number, number],
  count: number,
  log = false,
  integer = false,
): AxisTicks {
  const [lo, hi] = domain;
  if (log) {
    const values = logTicks(lo, hi, count);
    return { values, labels: values.map(logTickFormat(values)) };
  }
  let n = Math.max(2, count);
  if (integer) n = Math.min(n, Math.max(1, Math.floor(hi) - Math.ceil(lo)) + 1);
  let values = ticks(lo, hi, n);
  const step = values.length > 1 ? tickStep(lo, hi, n) : Math.abs(lo) || 1;
  if (integer && step < 1) values = values.filter(Number.isInteger);
  return { values, labels: tickLabels(values) };
}

/** The finite extent of some arrays (positive values only for log axes). */
export function extent(arrays: readonly ArrayLike<number>[], positiveOnly = false): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const a of arrays) {
    for (let i = 0; i < a.length; i++) {
      const v = a[i] as number;
      if (v < lo && Number.isFinite(v) && (!positiveOnly || v > 0)) lo = v;
      if (v > hi && Number.isFinite(v) && (!positiveOnly || v > 0)) hi = v;
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

/**
 * Pads an extent by `fraction` of its span on each side. A single value gets a sensible window
 * around it instead of a zero-width axis.
 */
export function padDomain(
  domain: readonly [number, number],
  fraction: number,
  log = false,
): [number, number] {
  let [lo, hi] = domain;
  if (log) {
    const [a, b] = padDomain([Math.log10(lo), Math.log10(hi)], fraction);
    return [10 ** a, 10 ** b];
  }
  if (lo === hi) {
    const half = Math.abs(lo) * 0.1 > 1e-300 ? Math.abs(lo) * 0.1 : 1;
    return [lo - half, hi + half];
  }
  const pad = (hi - lo) * fraction;
  lo -= pad;
  hi += pad;
  return [lo, hi];
}
