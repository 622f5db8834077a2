import type { EvalRecord } from '../data.js';

/** The metrics of the before/after chart: the reference trainer's names and labels. */
export const STANDARD_METRICS: readonly { key: string; label: string; field: string | null }[] = [
  { key: 'mean_reward', label: 'mean reward', field: null },
  { key: 'success_rate', label: 'discovery rate', field: 'discovered' },
  { key: 'mass_acc', label: 'mass acc.', field: 'correct_mass' },
  { key: 'channel_acc', label: 'channel acc.', field: 'correct_channel' },
];

/** The reward of each episode (`rewardKey`, default `cumulative_reward`); non-numbers are skipped. */
export function rewardsOf(records: readonly EvalRecord[], rewardKey = 'cumulative_reward'): number[] {
  const out: number[] = [];
  for (const r of records) {
    const v = r[rewardKey];
    if (typeof v === 'number' && Number.isFinite(v)) out.push(v);
  }
  return out;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** The true median (mean of the two middle values for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Share of records whose `field` is true, among those where it is a boolean. */
export function rateOf(records: readonly EvalRecord[], field: string): number {
  let n = 0;
  let yes = 0;
  for (const r of records) {
    const v = r[field];
    if (typeof v === 'boolean') {
      n++;
      if (v) yes++;
    }
  }
  return n === 0 ? Number.NaN : yes / n;
}

/** Boolean outcome keys present in the records (beyond the standard three), reported as rates; unsorted. */
export function extraBooleanKeys(records: readonly EvalRecord[]): Set<string> {
  const standard = new Set(STANDARD_METRICS.map((m) => m.field));
  const keys = new Set<string>();
  for (const r of records) {
    // keys and a lookup, not Object.entries (a pair per key): an episode can hold 300,000 keys
    for (const k of Object.keys(r)) if (typeof r[k] === 'boolean' && !standard.has(k)) keys.add(k);
  }
  return keys;
}
