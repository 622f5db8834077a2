import type { BeforeAfterMetrics, IntervalMethod } from './before-after.js';

/**
 * Sentences about the statistics, shared by index.html and REPORT.md (plain text: each renderer
 * escapes it). `format` is the renderer's number format.
 */

/** "P(after > before) = 0.93 (95% CI 0.88–0.97)", or the note that replaces an interval that would be a point. */
export function describeImprovement(metrics: BeforeAfterMetrics, format: (value: number) => string): string {
  const p = `P(after > before) = ${format(metrics.p_improvement)}`;
  if (metrics.p_improvement_note) return `${p}: ${metrics.p_improvement_note}`;
  const ci = metrics.p_improvement_ci95;
  return ci ? `${p} (95% CI ${format(ci[0])}–${format(ci[1])})` : p;
}

const METHOD_TEXT: Readonly<Record<IntervalMethod, string>> = {
  'newcombe-hybrid-score': "Newcombe's hybrid score interval (independent samples)",
  'newcombe-hybrid-score-paired': "Newcombe's hybrid score interval for paired samples",
  'bootstrap-percentile': 'percentile bootstrap, each side resampled independently',
  'bootstrap-percentile-paired': 'percentile bootstrap over pairs of episodes',
};

/** The interval methods a metrics object uses, found once: the page and REPORT.md both ask, and there can be 300,000. */
const methodsUsed = new WeakMap<BeforeAfterMetrics, IntervalMethod[]>();

function usedMethods(metrics: BeforeAfterMetrics): IntervalMethod[] {
  let used = methodsUsed.get(metrics);
  if (!used) {
    const found = new Set<IntervalMethod>();
    for (const key in metrics.method) found.add(metrics.method[key] as IntervalMethod); // no copy
    used = [...found];
    methodsUsed.set(metrics, used);
  }
  return used;
}

/** How every interval was computed, whether the episodes were paired and why, in one paragraph. */
export function describeMethods(metrics: BeforeAfterMetrics): string {
  const { pairing, bootstrap } = metrics;
  const usedList = usedMethods(metrics);
  const rates = usedList.filter((m) => m.startsWith('newcombe'));
  const rewards = usedList.filter((m) => m.startsWith('bootstrap'));
  const parts = [
    `Before and after are ${pairing.paired ? 'paired' : 'independent'}: ${pairing.why}.`,
    'Intervals are 95%, over the evaluation episodes of this one training run (one seed): they say how well these episodes pin down this run, not how another seed would train; `evidence runs` compares seeds.',
  ];
  if (rates.length > 0) {
    parts.push(`Rates: Wilson score per side; the change: ${rates.map((m) => METHOD_TEXT[m]).join(', ')}.`);
  }
  if (rewards.length > 0) {
    parts.push(
      `Reward statistics: ${rewards.map((m) => METHOD_TEXT[m]).join(', ')}, ${bootstrap.resamples} resamples, seed ${bootstrap.seed}.`,
    );
  } else if (bootstrap.resamples === 0) {
    parts.push('Reward statistics: no bootstrap (0 resamples), so no interval.');
  }
  parts.push(
    'P(after > before): Mann–Whitney U / (n·m), ties count ½. A change is better or worse only where the one-sided exact test of the episodes (Mann–Whitney; sign flips when paired) finds it at 5% in that direction, the rule of every verdict here, in `evidence compare` and its gate; std and outcomes of unknown direction are neutral.',
  );
  return parts.join(' ');
}

/**
 * The sentence a report opens with: whether after beats before on the mean reward, by how much and with
 * what interval; or that these evaluations cannot tell the two apart.
 */
export function reportVerdict(metrics: BeforeAfterMetrics | null, format: (value: number) => string): string {
  if (!metrics)
    return 'No before/after evaluation (pre_eval.jsonl and post_eval.jsonl): nothing tells whether training helped.';
  const key = metrics.reward_key;
  const before = format(metrics.pre.mean_reward);
  const after = format(metrics.post.mean_reward);
  const delta = metrics.delta.mean_reward ?? Number.NaN;
  const ci = metrics.ci95.mean_reward;
  const counts = `n = ${metrics.pre.n} before, ${metrics.post.n} after`;
  const interval = ci
    ? ci[0] === ci[1]
      ? `no interval: ${metrics.pre.n === 1 || metrics.post.n === 1 ? 'one episode on a side has no spread' : 'every episode scored the same'}`
      : `95% CI ${format(ci[0])} to ${format(ci[1])}`
    : 'no interval';
  const change = `mean ${key} ${before} → ${after} (Δ ${delta >= 0 ? '+' : ''}${format(delta)}, ${interval}; ${counts})`;
  // the verdict is the exact test's (one rule): one episode a side can never reach it, and says so
  const verdict = metrics.verdict.mean_reward;
  if (verdict === 'better') return `After training is ahead: ${change}.`;
  if (verdict === 'worse') return `After training is behind: ${change}.`;
  return `These evaluations cannot tell after from before: ${change}; more episodes per side would narrow it.`;
}
