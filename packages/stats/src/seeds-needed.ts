import { DEFAULT_SEED } from './defaults.js';
import { probabilityOfImprovement } from './probability-of-improvement.js';
import { stream } from './random.js';
import { noTiesCriterion, rankTest, runsToReach } from './rank-test.js';
import type { Scores } from './scores.js';

export interface SeedsNeededOptions {
  /** the chance of detection wanted (default 0.8) */
  power?: number;
  /** level of the one-sided test (default 0.05: the gate's) */
  alpha?: number;
  /** the largest number of runs per group considered (default 30) */
  maxRuns?: number;
  /** simulated studies per number of runs (default 200) */
  studies?: number;
  seed?: number;
  /** labels of the random stream, e.g. the task and the groups, so every pair draws its own */
  labels?: readonly string[];
}

export interface SeedsNeeded {
  /** the chance that a study with as many runs as observed passes the test (p ≤ α) */
  power: number;
  /**
   * the fewest runs per group (and task) that pass it with the wanted chance, never below
   * {@link runsToReach} (the fewest with which the test can reach α at all); null when no n ≤ maxRuns does
   */
  seedsNeeded: number | null;
  /** the fewest runs per group with which the test can reach α at all */
  smallestRuns: number;
}

/**
 * How many seeds are enough, for the test the gate uses ({@link rankTest}, one-sided at α in the
 * direction the runs point to): the chance that a study of n runs per group and task gives p ≤ α,
 * over simulated studies drawn from the observed runs (a smoothed bootstrap: a run drawn with
 * replacement, plus normal noise of Silverman's bandwidth from the spread within groups, so that a
 * handful of runs stands for a distribution rather than for repeats of itself). The smallest n reaching
 * `power` is found by bisection over [runsToReach(α, tasks), maxRuns]; each n draws from its own stream.
 */
export function seedsNeeded(x: Scores, y: Scores, options: SeedsNeededOptions = {}): SeedsNeeded {
  if (x.length !== y.length) throw new RangeError(`seedsNeeded: x has ${x.length} tasks, y has ${y.length}`);
  const want = options.power ?? 0.8;
  const alpha = options.alpha ?? 0.05;
  const maxRuns = options.maxRuns ?? 30;
  const studies = options.studies ?? 200;
  const seed = options.seed ?? DEFAULT_SEED;
  const labels = options.labels ?? [];
  const smallestRuns = runsToReach(alpha, x.length);
  const alternative = probabilityOfImprovement(x, y) >= 0.5 ? 'greater' : 'less';
  const bandwidth = x.map((xs, t) => silverman(xs, y[t] as ArrayLike<number>));
  const rate = (nx: (t: number) => number, ny: (t: number) => number, label: string): number => {
    const random = stream(seed, 'seeds-needed', ...labels, label);
    const sizes = x.map((_, t) => [nx(t), ny(t)] as const);
    // jittered runs have no ties: the test is a threshold on Σ 2U, computed once per design
    const criterion = bandwidth.every((h) => h > 0) ? noTiesCriterion(sizes, alpha, alternative) : undefined;
    if (criterion === null) return 0; // no result of this design can reach α
    let passed = 0;
    for (let s = 0; s < studies; s++) {
      const a = x.map((xs, t) => draw(xs, nx(t), bandwidth[t] as number, random).sort());
      const b = y.map((ys, t) => draw(ys, ny(t), bandwidth[t] as number, random).sort());
      if (criterion) {
        let key = 0;
        for (let t = 0; t < a.length; t++) {
          const [n, m] = sizes[t] as readonly [number, number];
          key += twiceU(a[t] as Float64Array, b[t] as Float64Array) * (criterion.common / (2 * n * m));
        }
        if (criterion.passes(Math.round(key))) passed++;
        continue;
      }
      const test = rankTest(a, b, { alternative, permutations: 999, seed, labels: [...labels, label] });
      if (test.p <= alpha * (1 + 1e-12)) passed++;
    }
    return passed / studies;
  };
  const power = rate(
    (t) => (x[t] as ArrayLike<number>).length,
    (t) => (y[t] as ArrayLike<number>).length,
    'observed',
  );
  const at = (n: number) =>
    rate(
      () => n,
      () => n,
      String(n),
    );
  if (smallestRuns > maxRuns || at(maxRuns) < want) return { power, seedsNeeded: null, smallestRuns };
  let lo = smallestRuns;
  let hi = maxRuns;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(mid) >= want) hi = mid;
    else lo = mid + 1;
  }
  return { power, seedsNeeded: lo, smallestRuns };
}

/** Silverman's bandwidth 1.06·s·N^(−1/5), s the standard deviation pooled within the two groups. */
function silverman(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let squares = 0;
  for (const group of [a, b]) {
    let sum = 0;
    for (let i = 0; i < group.length; i++) sum += group[i] as number;
    const centre = sum / group.length;
    for (let i = 0; i < group.length; i++) squares += ((group[i] as number) - centre) ** 2;
  }
  const df = a.length + b.length - 2;
  return df > 0 ? 1.06 * Math.sqrt(squares / df) * (a.length + b.length) ** -0.2 : 0;
}

/** n runs drawn with replacement from `runs`, each moved by normal noise of sd `bandwidth`. */
function draw(runs: ArrayLike<number>, n: number, bandwidth: number, random: () => number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const value = runs[Math.floor(random() * runs.length)] as number;
    // Box–Muller: one normal draw from two uniforms (the quantile function is too slow per draw)
    const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    out[i] = bandwidth > 0 ? value + bandwidth * z : value;
  }
  return out;
}

/** Twice the Mann–Whitney U of ascending a over ascending b (ties ½ each, so twice is whole). */
function twiceU(a: Float64Array, b: Float64Array): number {
  let below = 0;
  let upTo = 0;
  let sum = 0;
  for (const v of a) {
    while (below < b.length && (b[below] as number) < v) below++;
    if (upTo < below) upTo = below;
    while (upTo < b.length && (b[upTo] as number) <= v) upTo++;
    sum += below + upTo;
  }
  return sum;
}
