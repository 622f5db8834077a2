import { DEFAULT_CONFIDENCE } from './defaults.js';
import { normalQuantile } from './normal.js';
import { probabilityGreater } from './probability-greater.js';
import type { Scores } from './scores.js';

/**
 * Hanley and McNeil's variance of θ = P(X > Y) + ½ P(X = Y) at θ, with Newcombe's (2006) method 5
 * choice of m* = n* = (m + n)/2 − 1 in place of m − 1 and n − 1:
 * θ(1 − θ)[1 + n*(1 − θ)/(2 − θ) + m*θ/(1 + θ)] / (mn).
 */
export function hanleyMcNeilVariance(theta: number, m: number, n: number): number {
  const star = (m + n) / 2 - 1;
  return (
    (theta * (1 - theta) * (1 + (star * (1 - theta)) / (2 - theta) + (star * theta) / (1 + theta))) / (m * n)
  );
}

/**
 * Newcombe (2006) method 5 for P(X > Y) averaged over tasks: the θ whose score equation
 * |θ̂ − θ| = z·√V(θ) holds, V(θ) = Σ_t V_t(θ)/T² with V_t Hanley–McNeil's variance of task t (method 5's
 * m*, n*). One task is Newcombe's method 5 exactly; the variance is taken at the bound, not at θ̂, so
 * the interval never collapses to a point at 0 or 1 (2 v 2, all of x above: [0.40, 1]).
 */
export function newcombeImprovementInterval(
  estimate: number,
  sizes: readonly (readonly [number, number])[],
  confidence = DEFAULT_CONFIDENCE,
): [number, number] {
  if (!(estimate >= 0 && estimate <= 1) || sizes.length === 0) return [Number.NaN, Number.NaN];
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const tasks = sizes.length;
  const sd = (theta: number): number => {
    let v = 0;
    for (const [m, n] of sizes) v += hanleyMcNeilVariance(theta, m, n);
    return Math.sqrt(v) / tasks;
  };
  // lower: the root of θ̂ − θ − z·sd(θ) on [0, θ̂]; upper: of θ̂ − θ + z·sd(θ) on [θ̂, 1]
  // the estimate 0 has the lower bound 0 and 1 the upper bound 1: nothing lies beyond
  const lower = estimate === 0 ? 0 : bisect((theta) => estimate - theta - z * sd(theta), 0, estimate);
  const upper = estimate === 1 ? 1 : bisect((theta) => estimate - theta + z * sd(theta), estimate, 1);
  return [lower, upper];
}

/**
 * Where f turns from positive (towards `positive`) to zero or below (towards `other`), by bisection
 * to the last bit: hand-written, the package has no dependency.
 */
function bisect(f: (x: number) => number, positive: number, other: number): number {
  let inside = positive;
  let outside = other;
  for (let i = 0; i < 2000; i++) {
    const mid = (inside + outside) / 2;
    if (mid === inside || mid === outside) break;
    if (f(mid) > 0) inside = mid;
    else outside = mid;
  }
  return (inside + outside) / 2;
}

/** P(X > Y) averaged over tasks with Newcombe's method 5 interval (see {@link newcombeImprovementInterval}). */
export function improvementNewcombe(
  x: Scores,
  y: Scores,
  confidence = DEFAULT_CONFIDENCE,
): { estimate: number; ci: [number, number] } {
  if (x.length !== y.length)
    throw new RangeError(`improvementNewcombe: x has ${x.length} tasks, y has ${y.length}`);
  let sum = 0;
  const sizes: [number, number][] = [];
  for (let t = 0; t < x.length; t++) {
    const xs = x[t] as ArrayLike<number>;
    const ys = y[t] as ArrayLike<number>;
    sum += probabilityGreater(xs, ys);
    sizes.push([xs.length, ys.length]);
  }
  const estimate = sum / x.length;
  return { estimate, ci: newcombeImprovementInterval(estimate, sizes, confidence) };
}
