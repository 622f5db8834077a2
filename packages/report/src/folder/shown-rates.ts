/**
 * The outcome rates the page's table and the before/after chart show. An evaluation can hold 300,000
 * boolean keys: a table of 300,000 rows is no report. Past the chart's cap the page shows that many —
 * those the exact test calls better or worse first, then in the episodes' order — and a sentence counts
 * and names the rest; every rate stays in before_after_metrics.json.
 */
import { MAX_RATE_BARS } from '@evidence/plots';
import { type BeforeAfterMetrics, REWARD_STATS } from './before-after.js';

export const MAX_RATES_SHOWN = MAX_RATE_BARS;

const isReward = (key: string): boolean => (REWARD_STATS as readonly string[]).includes(key);

export interface ShownRates {
  /** the rates shown, in metrics order */
  shown: string[];
  /** the rates not shown, in metrics order */
  hidden: string[];
}

/** Chosen once per metrics: the chart, the page and REPORT.md each ask. */
const chosen = new WeakMap<BeforeAfterMetrics, ShownRates>();

/** Which rates the table and the chart show, and which they leave to before_after_metrics.json. */
export function shownRates(metrics: BeforeAfterMetrics): ShownRates {
  let rates = chosen.get(metrics);
  if (!rates) {
    rates = choose(metrics);
    chosen.set(metrics, rates);
  }
  return rates;
}

function choose(metrics: BeforeAfterMetrics): ShownRates {
  const rates = Object.keys(metrics.delta).filter((key) => !isReward(key));
  if (rates.length <= MAX_RATES_SHOWN) return { shown: rates, hidden: [] };
  const decided = (key: string) => {
    const verdict = Object.hasOwn(metrics.verdict, key) ? metrics.verdict[key] : undefined;
    return verdict === 'better' || verdict === 'worse';
  };
  const picked = new Set(rates.filter(decided).slice(0, MAX_RATES_SHOWN));
  for (const key of rates) {
    if (picked.size >= MAX_RATES_SHOWN) break;
    picked.add(key);
  }
  return {
    shown: rates.filter((key) => picked.has(key)),
    hidden: rates.filter((key) => !picked.has(key)),
  };
}

/**
 * The sentence under the table when rates were left out: how many, a few of their names, how many of
 * them the test calls better or worse, and where they all are. Plain text (each renderer escapes it);
 * null when every rate is shown.
 */
export function hiddenRatesSentence(
  metrics: BeforeAfterMetrics,
  rates: ShownRates,
  label: (key: string) => string,
): string | null {
  const { shown, hidden } = rates;
  if (hidden.length === 0) return null;
  const count = (n: number) => n.toLocaleString('en');
  const total = shown.length + hidden.length;
  let better = 0;
  let worse = 0;
  for (const key of hidden) {
    const verdict = Object.hasOwn(metrics.verdict, key) ? metrics.verdict[key] : undefined;
    if (verdict === 'better') better++;
    else if (verdict === 'worse') worse++;
  }
  const decided =
    better + worse > 0
      ? `${count(better)} of them better and ${count(worse)} worse by the exact test`
      : 'none of them better or worse by the exact test';
  return `The table and the before/after chart show ${count(shown.length)} of the ${count(total)} outcome rates (any the exact test calls better or worse first, then in the episodes' order); the other ${count(hidden.length)} (${hidden.slice(0, 8).map(label).join(', ')}${hidden.length > 8 ? `, … and ${count(hidden.length - 8)} more` : ''}; ${decided}) are in before_after_metrics.json, each with its intervals and verdict.`;
}
