import { DEFAULT_SEED } from './defaults.js';
import { stream } from './random.js';
import { EXACT_WORK, logChoose, nullOfTwiceU, tieBlocks } from './rank-null.js';
import type { Scores } from './scores.js';

/** Which way the test looks: `greater` asks whether x's runs tend to end above y's. */
export type Alternative = 'greater' | 'less';

export interface RankTestOptions {
  alternative?: Alternative;
  /** permutations drawn when the exact distribution is too large to compute (default 9,999) */
  permutations?: number;
  seed?: number;
  /** labels of the random stream (the task, the groups), so every comparison draws its own */
  labels?: readonly string[];
  /** null distributions already computed, by design and ties (seedsNeeded's studies share them) */
  cache?: Map<string, NullDistribution>;
}

/** The exact null distribution of Σ_t 2U_t·(D / 2n_t m_t) on its integer grid. */
export interface NullDistribution {
  common: number;
  total: Float64Array;
}

/** Work of convolving the tasks' distributions above which Monte Carlo is used instead. */
export const CONVOLUTION_WORK = 2e8;

export interface RankTest {
  /** P(X > Y) + ½ P(X = Y) averaged over tasks: the Mann–Whitney U / (n·m) of each task */
  statistic: number;
  /** one-sided p-value */
  p: number;
  /**
   * `exact`: the whole permutation distribution (ties as mid-ranks), task by task and convolved across
   * tasks; `monte-carlo`: `permutations` random permutations, p = (1 + k) / (1 + permutations)
   */
  method: 'exact' | 'monte-carlo';
  permutations?: number;
  /** the smallest p-value any result could give with these numbers of runs (every run of one side above) */
  smallestP: number;
}

interface Task {
  n: number;
  m: number;
  /** twice the mid-rank of each pooled run, x's first */
  doubled: Float64Array;
  /** observed 2U of x */
  twiceU: number;
  blocks: number[];
}

function prepare(x: ArrayLike<number>, y: ArrayLike<number>): Task {
  const n = x.length;
  const m = y.length;
  const values = Float64Array.from([...Array.from(x), ...Array.from(y)]);
  for (const v of values)
    if (Number.isNaN(v)) throw new RangeError('rankTest: NaN among the scores; remove or fill it first');
  const order = [...values.keys()].sort((a, b) => (values[a] as number) - (values[b] as number));
  const doubled = new Float64Array(n + m);
  const sorted = order.map((i) => values[i] as number);
  const blocks = tieBlocks(sorted);
  let at = 0;
  for (const size of blocks) {
    for (let j = 0; j < size; j++) doubled[order[at + j] as number] = 2 * at + size + 1;
    at += size;
  }
  let twiceR = 0;
  for (let i = 0; i < n; i++) twiceR += doubled[i] as number;
  return { n, m, doubled, twiceU: twiceR - n * (n + 1), blocks };
}

/**
 * The exact one-sided permutation (Mann–Whitney) test that x's runs end above y's (`greater`), task by
 * task; with several tasks, the stratified permutation test of the P(X > Y) averaged over tasks, runs
 * permuted within each task only. Exact when the distribution fits in {@link EXACT_WORK} steps, else
 * Monte Carlo with the valid p = (1 + k)/(1 + permutations). Holds its level at any number of runs.
 */
export function rankTest(x: Scores, y: Scores, options: RankTestOptions = {}): RankTest {
  return rankTestBothTails(x, y, options)[options.alternative ?? 'greater'];
}

/**
 * {@link rankTest} both ways at once (`alternative` is ignored): each tail is exactly what rankTest gives
 * it, from one pass over the same permutations (a pair and its mirror need both; Monte Carlo is the cost).
 */
export function rankTestBothTails(
  x: Scores,
  y: Scores,
  options: RankTestOptions = {},
): Record<Alternative, RankTest> {
  if (x.length !== y.length) throw new RangeError(`rankTest: x has ${x.length} tasks, y has ${y.length}`);
  if (x.length === 0) throw new RangeError('rankTest: no tasks');
  const tasks = x.map((xs, t) => {
    if (xs.length === 0 || (y[t] as ArrayLike<number>).length === 0)
      throw new RangeError(`rankTest: task ${t} has no runs on one side`);
    return prepare(xs, y[t] as ArrayLike<number>);
  });
  const statistic = tasks.reduce((s, t) => s + t.twiceU / (2 * t.n * t.m), 0) / tasks.length;
  const smallestP = Math.exp(-tasks.reduce((s, t) => s + logChoose(t.n + t.m, t.n), 0));
  const greater = exactP(tasks, 1, options.cache);
  const less = exactP(tasks, -1, options.cache);
  if (greater !== null && less !== null)
    return {
      greater: { statistic, p: Math.min(1, greater), method: 'exact', smallestP },
      less: { statistic, p: Math.min(1, less), method: 'exact', smallestP },
    };
  const permutations = options.permutations ?? 9_999;
  const [above, below] = permutationCounts(tasks, statistic, permutations, options);
  const monteCarlo = (k: number): RankTest => ({
    statistic,
    p: (1 + k) / (1 + permutations),
    method: 'monte-carlo',
    permutations,
    smallestP: Math.max(smallestP, 1 / (1 + permutations)),
  });
  return { greater: monteCarlo(above), less: monteCarlo(below) };
}

/** Of `permutations` random permutations within tasks: how many reach the statistic from above, from below. */
function permutationCounts(
  tasks: readonly Task[],
  statistic: number,
  permutations: number,
  options: RankTestOptions,
): [number, number] {
  const random = stream(options.seed ?? DEFAULT_SEED, 'rank-test', ...(options.labels ?? []));
  // the tolerance of each tail, as the one-sided test with its sign computes it
  const tolerance = 1e-12 * Math.max(1, Math.abs(statistic));
  const negated = -statistic;
  let above = 0;
  let below = 0;
  const index = tasks.map((t) => Uint32Array.from({ length: t.n + t.m }, (_, i) => i));
  for (let r = 0; r < permutations; r++) {
    let s = 0;
    for (let t = 0; t < tasks.length; t++) {
      const task = tasks[t] as Task;
      const order = index[t] as Uint32Array;
      let twiceR = 0;
      for (let i = 0; i < task.n; i++) {
        // partial Fisher–Yates: the first n positions become a uniform choice of n runs
        const j = i + Math.floor(random() * (order.length - i));
        const picked = order[j] as number;
        order[j] = order[i] as number;
        order[i] = picked;
        twiceR += task.doubled[picked] as number;
      }
      s += (twiceR - task.n * (task.n + 1)) / (2 * task.n * task.m);
    }
    if (s / tasks.length >= statistic - tolerance) above++;
    if (-(s / tasks.length) >= negated - tolerance) below++;
  }
  return [above, below];
}

/** The exact one-sided p-value, or null when the distributions are too large to compute. */
/** Null distributions of recent designs (pure functions of the key): many comparisons share a few designs. */
const SHARED = new Map<string, NullDistribution>();
const SHARED_SIZE = 64;

function exactP(tasks: readonly Task[], sign: number, given?: Map<string, NullDistribution>): number | null {
  const cache = given ?? SHARED;
  const key = tasks.map((t) => `${t.n},${t.m}:${t.blocks.join(',')}`).join('|');
  const known = cache.get(key) ?? nullDistribution(tasks);
  if (known === null) return null;
  if (!cache.has(key)) {
    if (cache === SHARED && SHARED.size >= SHARED_SIZE) SHARED.delete(SHARED.keys().next().value as string);
    cache.set(key, known);
  }
  const { common, total } = known;
  let observed = 0;
  for (const task of tasks) observed += Math.round(task.twiceU) * (common / (2 * task.n * task.m));
  // the shorter tail is summed, the longer one is 1 − the rest: p = 1 comes out as exactly 1
  const upper = (from: number) => {
    let sum = 0;
    for (let k = from; k < total.length; k++) sum += total[k] as number;
    return sum;
  };
  const lower = (to: number) => {
    let sum = 0;
    for (let k = 0; k <= to; k++) sum += total[k] as number;
    return sum;
  };
  const middle = (total.length - 1) / 2;
  if (sign > 0) return observed >= middle ? upper(observed) : 1 - lower(observed - 1);
  return observed <= middle ? lower(observed) : 1 - upper(observed + 1);
}

/** The exact null distribution of the tasks' statistic, or null when too large to compute. */
function nullDistribution(tasks: readonly Task[]): NullDistribution | null {
  // a common integer grid for Σ_t 2U_t / (2 n_t m_t): 2U_t scaled by D / (2 n_t m_t), D their lcm
  let common = 1;
  for (const t of tasks) common = lcm(common, 2 * t.n * t.m);
  const size = tasks.length * common + 1;
  if (!Number.isSafeInteger(size) || size > EXACT_WORK) return null;
  let work = 0;
  let total: Float64Array = Float64Array.of(1);
  for (const task of tasks) {
    const small = task.n <= task.m;
    const dist = nullOfTwiceU(task.blocks, small ? task.n : task.m);
    if (dist === null) return null;
    const step = common / (2 * task.n * task.m);
    work += total.length * dist.length;
    if (work > CONVOLUTION_WORK) return null;
    const next = new Float64Array(total.length + (dist.length - 1) * step);
    for (let a = 0; a < total.length; a++) {
      const pa = total[a] as number;
      if (pa === 0) continue;
      for (let k = 0; k < dist.length; k++) {
        const pk = dist[k] as number;
        if (pk === 0) continue;
        // the smaller side's 2U mirrored gives x's: 2U_x = 2nm − 2U_y
        const twiceU = small ? k : dist.length - 1 - k;
        const at = a + twiceU * step;
        next[at] = (next[at] as number) + pa * pk;
      }
    }
    total = next;
  }
  return { common, total };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number): number => (a / gcd(a, b)) * b;

/**
 * The fewest runs per group (the same in every one of `tasks` tasks) with which the test can reach
 * `alpha` at all: the smallest n with C(2n, n)^tasks ≥ 1/α (2 v 2 in one task: 1/6, never below 5 %).
 */
export function runsToReach(alpha: number, tasks = 1): number {
  for (let n = 1; ; n++) if (Math.exp(-tasks * logChoose(2 * n, n)) <= alpha * (1 + 1e-12)) return n;
}

/**
 * For runs without ties, the test depends only on the numbers of runs: the key Σ_t 2U_t·(D / 2n_t m_t)
 * at or beyond which p ≤ α. `passes(key)` says whether a result passes; null when no result can.
 * seedsNeeded's thousands of simulated studies use it instead of a test each.
 */
export function noTiesCriterion(
  sizes: readonly (readonly [number, number])[],
  alpha: number,
  alternative: Alternative = 'greater',
): { common: number; passes: (key: number) => boolean } | null {
  const tasks: Task[] = sizes.map(([n, m]) => ({
    n,
    m,
    doubled: new Float64Array(0),
    twiceU: 0,
    blocks: Array.from({ length: n + m }, () => 1),
  }));
  const key = tasks.map((t) => `${t.n},${t.m}:${t.blocks.join(',')}`).join('|');
  const known = SHARED.get(key) ?? nullDistribution(tasks);
  if (known === null) return null;
  if (!SHARED.has(key)) {
    if (SHARED.size >= SHARED_SIZE) SHARED.delete(SHARED.keys().next().value as string);
    SHARED.set(key, known);
  }
  const { common, total } = known;
  const level = alpha * (1 + 1e-12);
  if (alternative === 'greater') {
    let tail = 0;
    let threshold = total.length;
    for (let k = total.length - 1; k >= 0; k--) {
      tail += total[k] as number;
      if (tail > level) break;
      threshold = k;
    }
    return threshold === total.length ? null : { common, passes: (k) => k >= threshold };
  }
  let tail = 0;
  let threshold = -1;
  for (let k = 0; k < total.length; k++) {
    tail += total[k] as number;
    if (tail > level) break;
    threshold = k;
  }
  return threshold === -1 ? null : { common, passes: (k) => k <= threshold };
}
