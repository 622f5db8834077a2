import type { BeforeAfterMetrics, IntervalMethod } from '../before-after.js';

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

/** How every interval was computed, whether the episodes were paired and why, in one paragraph. */
export function describeMethods(metrics: BeforeAfterMetrics): string {
  const { pairing, bootstrap } = metrics;
  const used = [...new Set(Object.values(metrics.method))];
  const rates = used.filter((m) => m.startsWith('newcombe'));
  const rewards = used.filter((m) => m.startsWith('bootstrap'));
  const parts = [
    `Before and after are ${pairing.paired ? 'paired' : 'independent'}: ${pairing.why}.`,
    'Intervals are 95%.',
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
    'P(after > before): Mann–Whitney U / (n·m), ties count ½. A change is better or worse only when its interval excludes 0; std and outcomes of unknown direction are neutral.',
  );
  return parts.join(' ');
}
