import { DEFAULT_CONFIDENCE, DEFAULT_SEED } from './defaults.js';
import { normalQuantile } from './normal.js';
import { stream } from './random.js';
import type { Scores } from './scores.js';

export interface SeedsNeededOptions {
  /** the chance of detection wanted (default 0.8) */
  power?: number;
  /** coverage of the interval that must exclude ½ (default 0.95) */
  confidence?: number;
  /** the largest number of runs per group considered (default 100) */
  maxRuns?: number;
  /** simulated studies per number of runs (default 500) */
  studies?: number;
  seed?: number;
  /** labels of the random stream, e.g. the task and the groups, so every pair draws its own */
  labels?: readonly string[];
}

export interface SeedsNeeded {
  /** the chance that a study with as many runs as observed detects the difference */
  power: number;
  /** the fewest runs per group (and task) that detect it with the wanted chance; null when no n ≤ maxRuns does */
  seedsNeeded: number | null;
}

/**
 * How many seeds are enough (after Colas et al. 2018, with Agarwal et al. 2021's P(X > Y)): simulated
 * studies draw n runs per group and task from the observed runs (with replacement), and a study
 * detects the difference when the interval of its P(X > Y) excludes ½. The study's interval is the
 * rank (DeLong) one, P ± z·√(Σ_t (s²(V_x)/n + s²(V_y)/n)) / T with V the placement values: the bootstrap
 * inside each of thousands of studies would cost seconds per pair. The smallest n reaching `power` is
 * found by bisection over n in [2, maxRuns] (each n draws from its own stream, so the answer does not
 * depend on the search path).
 */
export function seedsNeeded(x: Scores, y: Scores, options: SeedsNeededOptions = {}): SeedsNeeded {
  if (x.length !== y.length) throw new RangeError(`seedsNeeded: x has ${x.length} tasks, y has ${y.length}`);
  const want = options.power ?? 0.8;
  const maxRuns = options.maxRuns ?? 100;
  const studies = options.studies ?? 500;
  const z = normalQuantile(1 - (1 - (options.confidence ?? DEFAULT_CONFIDENCE)) / 2);
  const seed = options.seed ?? DEFAULT_SEED;
  const labels = options.labels ?? [];
  const xs = x.map((t) => Float64Array.from(t).sort());
  const ys = y.map((t) => Float64Array.from(t).sort());
  const rate = (nx: (t: number) => number, ny: (t: number) => number, label: string): number =>
    detectionRate(xs, ys, nx, ny, studies, z, stream(seed, 'seeds-needed', ...labels, label));
  const power = rate(
    (t) => (xs[t] as Float64Array).length,
    (t) => (ys[t] as Float64Array).length,
    'observed',
  );
  const at = (n: number) =>
    rate(
      () => n,
      () => n,
      String(n),
    );
  if (at(maxRuns) < want) return { power, seedsNeeded: null };
  let lo = 2;
  let hi = maxRuns;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(mid) >= want) hi = mid;
    else lo = mid + 1;
  }
  return { power, seedsNeeded: lo };
}

/** The share of `studies` simulated studies whose interval of P(X > Y) excludes ½. */
function detectionRate(
  xs: readonly Float64Array[],
  ys: readonly Float64Array[],
  nx: (t: number) => number,
  ny: (t: number) => number,
  studies: number,
  z: number,
  random: () => number,
): number {
  const tasks = xs.length;
  const bx = xs.map((_, t) => new Float64Array(nx(t)));
  const by = ys.map((_, t) => new Float64Array(ny(t)));
  let detected = 0;
  for (let s = 0; s < studies; s++) {
    let p = 0;
    let variance = 0;
    for (let t = 0; t < tasks; t++) {
      const a = drawAscending(xs[t] as Float64Array, bx[t] as Float64Array, random);
      const b = drawAscending(ys[t] as Float64Array, by[t] as Float64Array, random);
      const [auc, v] = placementVariance(a, b);
      p += auc;
      variance += v;
    }
    p /= tasks;
    const se = Math.sqrt(variance) / tasks;
    if (Math.abs(p - 0.5) > z * se) detected++;
  }
  return detected / studies;
}

/** out.length draws from `sorted` (with replacement), in ascending order. */
function drawAscending(sorted: Float64Array, out: Float64Array, random: () => number): Float64Array {
  const n = sorted.length;
  for (let i = 0; i < out.length; i++) out[i] = sorted[Math.floor(random() * n)] as number;
  return out.sort();
}

/**
 * DeLong's estimate of P(A > B) (ties ½) and its variance from the placement values of two ascending
 * samples: V_a(i) = share of b below a_i (+½ equal), V_b(j) = share of a above b_j (+½ equal).
 */
function placementVariance(a: Float64Array, b: Float64Array): [number, number] {
  const n = a.length;
  const m = b.length;
  const va = new Float64Array(n);
  const vb = new Float64Array(m);
  let lo = 0; // b values < a_i
  let hi = 0; // b values <= a_i
  for (let i = 0; i < n; i++) {
    const v = a[i] as number;
    while (lo < m && (b[lo] as number) < v) lo++;
    if (hi < lo) hi = lo;
    while (hi < m && (b[hi] as number) <= v) hi++;
    va[i] = (lo + 0.5 * (hi - lo)) / m;
  }
  lo = 0;
  hi = 0;
  for (let j = 0; j < m; j++) {
    const v = b[j] as number;
    while (lo < n && (a[lo] as number) < v) lo++;
    if (hi < lo) hi = lo;
    while (hi < n && (a[hi] as number) <= v) hi++;
    vb[j] = (n - hi + 0.5 * (hi - lo)) / n; // a above b_j, ties ½
  }
  const auc = meanOf(va);
  return [auc, varianceOf(va, auc) / n + varianceOf(vb, meanOf(vb)) / m];
}

const meanOf = (v: Float64Array): number => {
  let sum = 0;
  for (const x of v) sum += x;
  return sum / v.length;
};

/** Sample variance (n − 1) about `centre`; 0 below two values. */
function varianceOf(v: Float64Array, centre: number): number {
  if (v.length < 2) return 0;
  let sum = 0;
  for (const x of v) sum += (x - centre) ** 2;
  return sum / (v.length - 1);
}
