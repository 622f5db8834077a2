import { aggregatesWithIntervals } from './aggregates.js';
import { DEFAULT_CONFIDENCE } from './defaults.js';
import { normalCdf, normalQuantile } from './normal.js';
import { mulberry32 } from './random.js';
import type { Scores } from './scores.js';
import { studentTQuantile } from './student-t.js';

/** rliable's four aggregates, by the names `aggregatesWithIntervals` gives them. */
export type AggregateName = 'iqm' | 'mean' | 'median' | 'optimalityGap';

/**
 * The coverage the percentile bootstrap needs to act as a `confidence` interval with n runs per task:
 * Hesterberg's expanded percentile interval (2015, "What teachers should know about the bootstrap",
 * §5.3), whose tail is Φ(−√(n/(n − 1))·t(1 − α/2, n − 1)) instead of α/2: the plain percentile
 * interval is too narrow with few runs (it covers about 90 % with 10 runs, 80 % with 3).
 */
export function expandedConfidence(n: number, confidence = DEFAULT_CONFIDENCE): number {
  if (n < 2) return Number.NaN;
  const t = studentTQuantile(1 - (1 - confidence) / 2, n - 1);
  return 1 - 2 * normalCdf(-Math.sqrt(n / (n - 1)) * t);
}

/**
 * Fewest runs per task at which the expanded percentile interval of each aggregate covers at least
 * 92 % of 2,000 simulated studies at 3, 5 and 10 runs on both a normal and a lognormal score
 * distribution (`coverageStudy`; `pnpm bench` prints them, a test checks them). The IQM reaches it
 * from 5 runs; the mean, median and optimality gap of a skewed distribution do not at 10 (about 90 %),
 * so below 11 runs per task their range is shown instead of a "95 % CI".
 */
export const COVERED_FROM: Record<AggregateName, number> = {
  iqm: 5,
  mean: 11,
  median: 11,
  optimalityGap: 11,
};

const NAMES: Record<AggregateName, string> = {
  iqm: 'IQM',
  mean: 'mean',
  median: 'median',
  optimalityGap: 'optimality gap',
};

/**
 * How to show an aggregate of n runs per task (the fewest of any task): its bootstrap interval at the
 * expanded level, or, with too few runs for any interval to hold its 95 %, the runs' range and why.
 */
export function intervalPlan(
  name: AggregateName,
  n: number,
): { confidence: number } | { range: true; why: string } {
  if (n >= COVERED_FROM[name] && n >= 2) return { confidence: expandedConfidence(n) };
  return {
    range: true,
    why: `${n} run${n === 1 ? '' : 's'} per task: too few for a 95% interval of the ${NAMES[name]} (in simulated studies no interval we know covers 92% below ${COVERED_FROM[name]}); the range of the runs is shown`,
  };
}

/** A score distribution of the coverage studies, by its quantile function on a normalized scale. */
export interface StudyDistribution {
  name: string;
  quantile: (u: number) => number;
}

export const STUDY_DISTRIBUTIONS: readonly StudyDistribution[] = [
  { name: 'normal(0.6, 0.2)', quantile: (u) => 0.6 + 0.2 * normalQuantile(u) },
  { name: 'lognormal: 0.3·exp(0.6 Z)', quantile: (u) => 0.3 * Math.exp(0.6 * normalQuantile(u)) },
];

/** The population value of each aggregate for one task of `d` (midpoint rule over the quantile function). */
export function populationAggregates(d: StudyDistribution): Record<AggregateName, number> {
  const known = POPULATION.get(d);
  if (known) return known;
  const steps = 40_000;
  let all = 0;
  let middle = 0;
  let capped = 0;
  for (let i = 0; i < steps; i++) {
    const u = (i + 0.5) / steps;
    const q = d.quantile(u);
    all += q;
    capped += Math.min(q, 1);
    if (u >= 0.25 && u < 0.75) middle += q;
  }
  const mean = all / steps;
  const values = { iqm: middle / (steps / 2), mean, median: mean, optimalityGap: 1 - capped / steps };
  POPULATION.set(d, values);
  return values;
}

const POPULATION = new WeakMap<StudyDistribution, Record<AggregateName, number>>();

/**
 * The share of `studies` simulated studies (n runs of one task drawn from `d`) whose interval of each
 * aggregate, at the expanded level for n, covers the population value. Seeded: the same numbers each time.
 */
export function coverageStudy(
  d: StudyDistribution,
  n: number,
  options: { studies?: number; resamples?: number; seed?: number; confidence?: number } = {},
): Record<AggregateName, number> {
  const studies = options.studies ?? 2000;
  const truth = populationAggregates(d);
  const random = mulberry32(options.seed ?? 0);
  const level = expandedConfidence(n, options.confidence ?? DEFAULT_CONFIDENCE);
  const hits: Record<AggregateName, number> = { iqm: 0, mean: 0, median: 0, optimalityGap: 0 };
  for (let s = 0; s < studies; s++) {
    const runs: Scores = [Array.from({ length: n }, () => d.quantile(random() * (1 - 2e-12) + 1e-12))];
    const four = aggregatesWithIntervals(runs, {
      resamples: options.resamples ?? 2000,
      seed: s,
      confidence: level,
    });
    for (const name of Object.keys(hits) as AggregateName[]) {
      const [lo, hi] = four[name].ci;
      if (lo <= truth[name] && truth[name] <= hi) hits[name]++;
    }
  }
  for (const name of Object.keys(hits) as AggregateName[]) hits[name] /= studies;
  return hits;
}
