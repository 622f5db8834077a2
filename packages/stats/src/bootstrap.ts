import { bcaInterval } from './bca-interval.js';
import { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from './defaults.js';
import { percentileInterval } from './percentile-interval.js';
import { mulberry32, type Random } from './random.js';
import type { Scores } from './scores.js';

export interface BootstrapOptions {
  /** how many resamples (default {@link DEFAULT_RESAMPLES}) */
  resamples?: number;
  /** seed of mulberry32 (default {@link DEFAULT_SEED}); ignored when `random` is given */
  seed?: number;
  /** the random stream to draw from, e.g. `stream(seed, 'iqm', task)` */
  random?: Random;
  /** two-sided coverage of the interval (default 0.95) */
  confidence?: number;
  /** percentile (rliable's default) or bias-corrected and accelerated */
  method?: 'percentile' | 'bca';
  /**
   * resample rows, not values: every stratum has the same length and one draw of row indices
   * serves them all, so before/after pairs are drawn together (each stratum still arrives in
   * ascending order: bootstrap a statistic of pair differences as one stratum of differences)
   */
  paired?: boolean;
}

/** A point estimate and its interval. */
export interface Estimate {
  estimate: number;
  ci: [number, number];
}

/**
 * A resample, handed to the statistic: one array per stratum, each as long as its stratum, its draws
 * in ascending order (the order of draws carries no information, and statistics of sorted values
 * need not sort). The arrays are reused between resamples: copy what must be kept.
 */
export type Resample = readonly Float64Array[];

/**
 * How often each value was drawn, per stratum: counts[s][k] for the k-th smallest value of stratum s
 * (all ones for the data itself). A statistic may use them instead of the values: with the
 * stratum's sorted values fixed, a resample is its counts, and sums over counts need no sorting.
 */
export type Counts = readonly Uint32Array[];

type Statistic = (resample: Resample, counts: Counts) => number | ArrayLike<number>;

/**
 * The bootstrap: `statistic` on the data, then on `resamples` resamples, each drawing, stratum by
 * stratum in the order given, n_s values with replacement from that stratum (index ⌊u·n_s⌋ into its
 * values in ascending order; paired: one draw of n row indices into the rows as given). Strata are tasks (rliable's
 * StratifiedBootstrap: runs resampled within each task), groups compared (resampled independently), or
 * both. A statistic that returns several numbers gets an estimate and interval for each.
 */
export function bootstrap(
  strata: Scores,
  statistic: (resample: Resample, counts: Counts) => number,
  options?: BootstrapOptions,
): Estimate;
export function bootstrap(
  strata: Scores,
  statistic: (resample: Resample, counts: Counts) => ArrayLike<number>,
  options?: BootstrapOptions,
): Estimate[];
export function bootstrap(
  strata: Scores,
  statistic: Statistic,
  options: BootstrapOptions = {},
): Estimate | Estimate[] {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError(`bootstrap: resamples: expected a whole number ≥ 1, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`bootstrap: confidence: expected a share in (0, 1), got ${confidence}`);
  const paired = options.paired ?? false;
  if (paired && strata.some((s) => s.length !== (strata[0] as ArrayLike<number>).length))
    throw new RangeError(
      `bootstrap: paired strata must have equal lengths, got ${strata.map((s) => s.length).join(', ')}`,
    );
  if (strata.some((s) => s.length === 0)) throw new RangeError('bootstrap: a stratum has no values');
  const random = options.random ?? mulberry32(options.seed ?? DEFAULT_SEED);
  const data = strata.map((s) => (paired ? Float64Array.from(s) : Float64Array.from(s).sort()));
  // paired: each stratum's rows in ascending order of its values, so a resample comes out sorted
  const orders = paired ? data.map(rankOrder) : [];
  const sortedData = paired
    ? data.map((s, j) => Float64Array.from(orders[j] as Uint32Array, (row) => s[row] as number))
    : data;
  const first = statistic(sortedData, ones(sortedData));
  const scalar = typeof first === 'number';
  const estimates = scalar ? [first] : Array.from(first);
  const draws = estimates.map(() => new Float64Array(resamples));
  const buffers = data.map((s) => new Float64Array(s.length));
  const counts = data.map((s) => new Uint32Array(s.length));
  const rowCounts = new Uint32Array(paired ? (data[0] as Float64Array).length : 0);
  for (let r = 0; r < resamples; r++) {
    if (paired) drawRows(sortedData, orders, rowCounts, counts, buffers, random);
    else
      for (let s = 0; s < data.length; s++)
        drawSorted(data[s] as Float64Array, counts[s] as Uint32Array, buffers[s] as Float64Array, random);
    const value = statistic(buffers, counts);
    if (scalar) (draws[0] as Float64Array)[r] = value as number;
    else
      for (let k = 0; k < estimates.length; k++)
        (draws[k] as Float64Array)[r] = (value as ArrayLike<number>)[k] as number;
  }
  const jackknife = options.method === 'bca' ? leaveOneOut(data, statistic, paired, estimates.length) : null;
  const results = estimates.map(
    (estimate, k): Estimate => ({
      estimate,
      ci: jackknife
        ? bcaInterval(
            draws[k] as Float64Array,
            estimate,
            jackknife.map((strat) => strat[k] as Float64Array),
            confidence,
          )
        : percentileInterval(draws[k] as Float64Array, confidence),
    }),
  );
  return scalar ? (results[0] as Estimate) : results;
}

const ones = (strata: readonly Float64Array[]): Uint32Array[] =>
  strata.map((s) => new Uint32Array(s.length).fill(1));

/** n draws from `sorted` into `out`, in ascending order: counted first, then written out. */
function drawSorted(sorted: Float64Array, counts: Uint32Array, out: Float64Array, random: Random): void {
  const n = sorted.length;
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const k = Math.floor(random() * n);
    counts[k] = (counts[k] as number) + 1;
  }
  let at = 0;
  for (let k = 0; k < n; k++) {
    const value = sorted[k] as number;
    for (let c = counts[k] as number; c > 0; c--) out[at++] = value;
  }
}

/** The row indices of `values` in ascending order of value. */
const rankOrder = (values: Float64Array): Uint32Array =>
  Uint32Array.from(values, (_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));

/**
 * One draw of n row indices (counted in `rows`), applied to every stratum: each stratum's values
 * written out in ascending order, each as often as its row was drawn, and those counts in `counts`.
 */
function drawRows(
  sorted: readonly Float64Array[],
  orders: readonly Uint32Array[],
  rows: Uint32Array,
  counts: readonly Uint32Array[],
  out: Float64Array[],
  random: Random,
): void {
  const n = rows.length;
  rows.fill(0);
  for (let i = 0; i < n; i++) {
    const k = Math.floor(random() * n);
    rows[k] = (rows[k] as number) + 1;
  }
  for (let s = 0; s < sorted.length; s++) {
    const values = sorted[s] as Float64Array;
    const order = orders[s] as Uint32Array;
    const sortedCounts = counts[s] as Uint32Array;
    const target = out[s] as Float64Array;
    let at = 0;
    for (let k = 0; k < n; k++) {
      const value = values[k] as number;
      const c = rows[order[k] as number] as number;
      sortedCounts[k] = c;
      for (let left = c; left > 0; left--) target[at++] = value;
    }
  }
}

/**
 * The statistic with one value (paired: one row) left out at a time, per stratum: jackknife[j][k][i]
 * is output k with value i of stratum j left out. Paired data is one stratum of rows. O(n²): for the
 * tens to thousands of values BCa is used on.
 */
function leaveOneOut(
  data: readonly Float64Array[],
  statistic: Statistic,
  paired: boolean,
  outputs: number,
): Float64Array[][] {
  const groups = paired ? [data.map((_, s) => s)] : data.map((_, s) => [s]);
  return groups.map((members) => {
    const n = (data[members[0] as number] as Float64Array).length;
    const out = Array.from({ length: outputs }, () => new Float64Array(n));
    for (let i = 0; i < n; i++) {
      // data holds rows as given (paired) or sorted values: the view is sorted as resamples are
      const view = data.map((s, j) =>
        members.includes(j)
          ? Float64Array.from([...s.subarray(0, i), ...s.subarray(i + 1)]).sort()
          : Float64Array.from(s).sort(),
      );
      const value = statistic(view, ones(view));
      for (let k = 0; k < outputs; k++)
        (out[k] as Float64Array)[i] =
          typeof value === 'number' ? value : ((value as ArrayLike<number>)[k] as number);
    }
    return out;
  });
}
