/** A before/after comparison put together: intervals, directions, verdicts, bounds and warnings. */
import { probabilityGreater, wilson } from '@evidence/stats';
import { byName } from '../records.js';
import { type BootstrapResult, rateChange } from './before-after-intervals.js';
import type { Prepared } from './before-after-prepare.js';
import { type BeforeAfterMetrics, type IntervalMethod, REWARD_STATS } from './before-after-types.js';
import { type Direction, directionOf, REWARD_LOCATION, type Verdict, verdictOf } from './direction.js';

const clamp = ([lo, hi]: [number, number], [min, max]: [number | null, number | null]): [number, number] => [
  min === null ? lo : Math.max(min, lo),
  max === null ? hi : Math.min(max, hi),
];

function improvementNote(p: Prepared, value: number, interval: [number, number] | null): string | null {
  const { n: before } = p.preStats;
  const { n: after } = p.postStats;
  const counts = before === after ? `n = ${before} each` : `n = ${before} before, ${after} after`;
  if (value === 1) return `every after-episode beat every before-episode (${counts})`;
  if (value === 0) return `every before-episode beat every after-episode (${counts})`;
  if (interval && interval[0] === interval[1]) {
    return `the bootstrap interval of P(after > before) is a single point (${counts}); no interval is given`;
  }
  return null;
}

const infinite = (value: number): boolean =>
  value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY;

const infiniteText = (where: string, value: number): string =>
  `${where} is ${value > 0 ? '' : '−'}infinite (beyond ±1.8e308, the largest double); JSON shows it as null`;

/**
 * Values beyond the largest double are infinite: JSON writes them as null, so say which. Only the
 * reward statistics can be: a rate is a count over a count and its intervals lie within [−1, 1]. So
 * only they are looked at (a section can hold 300,000 rates), in each section's order (the
 * order of REWARD_STATS, as the sections are built).
 */
function notFinite(metrics: Omit<BeforeAfterMetrics, 'warnings'>): string[] {
  const found: string[] = [];
  for (const section of ['pre', 'post', 'delta'] as const) {
    const values = metrics[section] as Record<string, number>;
    for (const key of REWARD_STATS) {
      const value = values[key];
      if (value !== undefined && infinite(value)) found.push(infiniteText(`${section}.${key}`, value));
    }
  }
  for (const section of ['ci95', 'pre_ci95', 'post_ci95'] as const) {
    const intervals = metrics[section];
    for (const key of REWARD_STATS) {
      const interval = intervals[key];
      if (interval === undefined) continue;
      if (infinite(interval[0])) found.push(infiniteText(`${section}.${key}[0]`, interval[0]));
      if (infinite(interval[1])) found.push(infiniteText(`${section}.${key}[1]`, interval[1]));
    }
  }
  return found;
}

/**
 * The range run.json states for the reward, set as the bounds of the reward's location statistics;
 * says how many episode rewards fall outside it.
 */
function rewardBounds(p: Prepared, bounds: Record<string, [number | null, number | null]>): string[] {
  const rewardInfo = p.run.metrics[p.rewardKey] ?? p.run.metrics.reward;
  if (!rewardInfo || (rewardInfo.min === undefined && rewardInfo.max === undefined)) return [];
  const range: [number | null, number | null] = [rewardInfo.min ?? null, rewardInfo.max ?? null];
  for (const stat of REWARD_LOCATION) bounds[stat] = range;
  const rewards = [...p.preSide.rewards, ...p.postSide.rewards];
  const outside = rewards.filter(
    (r) => (range[0] !== null && r < range[0]) || (range[1] !== null && r > range[1]),
  );
  if (outside.length === 0) return [];
  return [
    `${outside.length} episode reward${outside.length === 1 ? '' : 's'} outside the range run.json states (${range[0] ?? '−∞'} to ${range[1] ?? '∞'})`,
  ];
}

/** The metrics as written: every interval, direction, verdict, bound and warning. */
export function assemble(p: Prepared, boot: BootstrapResult | null): BeforeAfterMetrics {
  const ci95 = byName<[number, number]>();
  const preCi = byName<[number, number]>();
  const postCi = byName<[number, number]>();
  const method = byName<IntervalMethod>();
  const direction = byName<Direction>();
  const verdict = byName<Verdict>();
  const bounds = byName<[number | null, number | null]>();
  const warnings = [...p.warnings, ...rewardBounds(p, bounds)];
  for (const key of Object.keys(p.delta)) {
    const isReward = (REWARD_STATS as readonly string[]).includes(key);
    if (isReward) {
      if (boot) {
        const stat = key as (typeof REWARD_STATS)[number];
        ci95[key] = boot.ci95[stat];
        preCi[key] = bounds[key] ? clamp(boot.pre[stat], bounds[key]) : boot.pre[stat];
        postCi[key] = bounds[key] ? clamp(boot.post[stat], bounds[key]) : boot.post[stat];
        method[key] = p.pairing.paired ? 'bootstrap-percentile-paired' : 'bootstrap-percentile';
      }
      const names = key === 'std' ? ['std'] : [key, p.rewardKey, 'reward'];
      direction[key] = directionOf(key, names, p.run);
    } else {
      const place = p.outcomes.places.get(key) as number;
      const change = rateChange(p, place);
      ci95[key] = change.interval;
      method[key] = change.method;
      preCi[key] = wilson(p.preSide.ones[place] as number, p.preSide.reported[place] as number);
      postCi[key] = wilson(p.postSide.ones[place] as number, p.postSide.reported[place] as number);
      bounds[key] = [0, 1];
      direction[key] = directionOf(key, [key, p.outcomes.keys[place] as string], p.run);
    }
    // the test decides (computeBeforeAfter, from the episodes): until then, unclear or neutral
    verdict[key] = verdictOf(direction[key] as Direction, undefined);
  }
  const pImprovement = probabilityGreater(p.postSide.rewards, p.preSide.rewards);
  const note = improvementNote(p, pImprovement, boot?.pImprovement ?? null);
  const metrics = {
    pre: p.preStats,
    post: p.postStats,
    delta: p.delta,
    ci95,
    pre_ci95: preCi,
    post_ci95: postCi,
    method,
    direction,
    verdict,
    bounds,
    pairing: p.pairing,
    p_improvement: pImprovement,
    p_improvement_ci95: note === null ? (boot?.pImprovement ?? null) : null,
    p_improvement_note: note,
    reward_key: p.rewardKey,
    bootstrap: {
      method: 'percentile' as const,
      resamples: p.resamples,
      seed: p.seed,
      confidence: 0.95 as const,
      paired: p.pairing.paired,
    },
  };
  return { ...metrics, warnings: [...warnings, ...notFinite(metrics)] };
}
