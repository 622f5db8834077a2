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
  /**
   * the resamples themselves, instead of drawing them: indices[r][s] holds n_s indices into stratum s
   * as given (not sorted). rliable's `StratifiedBootstrap` draws a runs × tasks matrix of run indices
   * per resample: its column t is indices[r][t], so both give the same numbers (a test checks to 1e-9).
   * `resamples` is then indices.length; not with `paired`.
   */
  indices?: readonly (readonly ArrayLike<number>[])[];
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
  const given = options.indices;
  const resamples = given ? given.length : (options.resamples ?? DEFAULT_RESAMPLES);
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
  if (given) checkIndices(strata, given, paired);
  const random = options.random ?? mulberry32(options.seed ?? DEFAULT_SEED);
  const data = strata.map((s) => (paired ? Float64Array.from(s) : Float64Array.from(s).sort()));
  // paired: each stratum's rows in ascending order of its values, so a resample comes out sorted
  const orders = paired ? data.map(rankOrder) : [];
  // given indices point into each stratum as given: where each of its values sits once sorted
  const places = given ? strata.map((s) => placesOf(Float64Array.from(s))) : [];
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
    else if (given)
      for (let s = 0; s < data.length; s++)
        placeGiven(
          data[s] as Float64Array,
          places[s] as Uint32Array,
          (given[r] as readonly ArrayLike<number>[])[s] as ArrayLike<number>,
          counts[s] as Uint32Array,
          buffers[s] as Float64Array,
        );
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

/** Given indices: every stratum's resample is n_s indices, each a whole number in [0, n_s). */
function checkIndices(
  strata: Scores,
  given: readonly (readonly ArrayLike<number>[])[],
  paired: boolean,
): void {
  if (paired) throw new RangeError('bootstrap: indices cannot be given with paired');
  given.forEach((resample, r) => {
    if (resample.length !== strata.length)
      throw new RangeError(
        `bootstrap: indices[${r}]: expected ${strata.length} strata, got ${resample.length}`,
      );
    resample.forEach((idx, s) => {
      const n = (strata[s] as ArrayLike<number>).length;
      if (idx.length !== n)
        throw new RangeError(`bootstrap: indices[${r}][${s}]: expected ${n} indices, got ${idx.length}`);
      for (let i = 0; i < n; i++) {
        const k = idx[i] as number;
        if (!(Number.isInteger(k) && k >= 0 && k < n))
          throw new RangeError(
            `bootstrap: indices[${r}][${s}][${i}]: expected a whole number in [0, ${n}), got ${k}`,
          );
      }
    });
  });
}

/** For each value as given, its place among the values sorted ascending (ties keep their order). */
function placesOf(values: Float64Array): Uint32Array {
  const places = new Uint32Array(values.length);
  rankOrder(values).forEach((row, place) => {
    places[row] = place;
  });
  return places;
}

/** A given resample of one stratum, counted over its sorted values and written out in ascending order. */
function placeGiven(
  sorted: Float64Array,
  places: Uint32Array,
  indices: ArrayLike<number>,
  counts: Uint32Array,
  out: Float64Array,
): void {
  counts.fill(0);
  for (let i = 0; i < indices.length; i++) {
    const k = places[indices[i] as number] as number;
    counts[k] = (counts[k] as number) + 1;
  }
  let at = 0;
  for (let k = 0; k < sorted.length; k++)
    for (let c = counts[k] as number; c > 0; c--) out[at++] = sorted[k] as number;
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
