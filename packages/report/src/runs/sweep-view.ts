// The questions a sweep asks, in words and tables for the runs page and RUNS.md: which configuration is
// best (ranked by its aggregate with intervals, each against the best one or a baseline), and which hyper-parameters
// matter (each configuration's score against the value, and the rank correlation).
import { escapeHtml as e, escapeMarkdown as md } from '../page/escape.js';
import { formatNumber } from '../page/format.js';
import type { Improvement, RunInput, RunsSummary } from './compare-runs.js';
import {
  type Config,
  groupConfig,
  type HyperParameterEffect,
  hyperParameterEffects,
} from './hyperparameters.js';

/** Up to this many groups, every pair's P(A > B) is listed; above it, each group against the best one (or the baseline). */
export const MAX_ALL_PAIRS_GROUPS = 6;

/** Each group's shared hyper-parameters, from its runs' configurations (`config`, or the table's `meta.config`). */
export function sweepConfigs(runs: readonly (RunInput & { config?: Config })[]): Record<string, Config> {
  const byGroup = new Map<string, Config[]>();
  for (const run of runs) {
    const config = run.config ?? (run.table.meta.config as Config | undefined);
    if (!config || typeof config !== 'object') continue;
    byGroup.set(run.group, [...(byGroup.get(run.group) ?? []), config]);
  }
  return Object.fromEntries([...byGroup].map(([group, configs]) => [group, groupConfig(configs)]));
}

interface Ranked {
  group: string;
  iqm: number | null;
  ci: [number, number] | null;
  /** too few runs for an interval: the range of their final scores */
  range?: [number, number];
  /** P(reference > this group) and its interval; null for the reference itself */
  versus: { p: number | null; ci: [number, number] | null } | null;
}

/** P(a > b) from the listed pairs, either way round. */
function probability(
  pairs: readonly Improvement[],
  a: string,
  b: string,
): { p: number | null; ci: [number, number] | null } | null {
  const direct = pairs.find((p) => p.a === a && p.b === b);
  if (direct) return { p: direct.p, ci: direct.ci };
  const reverse = pairs.find((p) => p.a === b && p.b === a);
  if (!reverse) return null;
  return {
    p: reverse.p === null ? null : 1 - reverse.p,
    ci: reverse.ci ? [1 - reverse.ci[1], 1 - reverse.ci[0]] : null,
  };
}

/**
 * The groups of a task from the best IQM down (groups without a score last, in their order), each with
 * P(reference > it): the reference is `baseline` when given and in the task, else the best group.
 */
export function ranking(summary: RunsSummary, task: string, baseline?: string): Ranked[] {
  const groups = Object.entries(summary.tasks[task]?.groups ?? {});
  const sorted = [...groups].sort(
    ([, a], [, b]) => (b.iqm ?? Number.NEGATIVE_INFINITY) - (a.iqm ?? Number.NEGATIVE_INFINITY),
  );
  const reference =
    baseline !== undefined && summary.tasks[task]?.groups[baseline] ? baseline : sorted[0]?.[0];
  const pairs = summary.improvement[task] ?? [];
  return sorted.map(([group, s]) => ({
    group,
    iqm: s.iqm,
    ci: s.iqm_ci,
    ...(s.range ? { range: s.range } : {}),
    versus: reference === undefined || group === reference ? null : probability(pairs, reference, group),
  }));
}

const interval = (ci: [number, number] | null): string =>
  ci ? `[${formatNumber(ci[0])}, ${formatNumber(ci[1])}]` : '—';

function effectsOf(
  summary: RunsSummary,
  task: string,
  configs: Readonly<Record<string, Config>>,
): HyperParameterEffect[] {
  const scores = Object.entries(summary.tasks[task]?.groups ?? {}).map(([group, s]) => ({
    group,
    score: s.iqm,
    ci: s.iqm_ci,
  }));
  return hyperParameterEffects(configs, scores);
}

/** A group's IQM interval as the ranking shows it: the 95% CI, or the runs' range where too few allow none. */
const shown = (r: Ranked): string => (r.ci ? interval(r.ci) : r.range ? `range ${interval(r.range)}` : '—');

/**
 * P(reference > it) with its (Newcombe) interval; when every run of one ended above every run of the
 * other, words say so beside it.
 */
function versusText(r: Ranked, reference: string): string {
  if (!r.versus) return reference;
  const { p, ci } = r.versus;
  const words = p === 1 ? ' (every run above it)' : p === 0 ? ' (every run below it)' : '';
  return `${formatNumber(p)} ${interval(ci)}${words}`;
}

const rho = (effect: HyperParameterEffect): string =>
  effect.spearman === null ? (effect.numeric ? '—' : 'not numeric') : formatNumber(effect.spearman);

/** The ranking and hyper-parameter sections of the page (nothing for a task of one or two groups). */
export function sweepHtml(
  summary: RunsSummary,
  configs: Readonly<Record<string, Config>> = {},
  baseline?: string,
): string {
  const parts: string[] = [];
  for (const task of Object.keys(summary.tasks)) {
    const ranked = ranking(summary, task, baseline);
    if (ranked.length < 3) continue;
    const against = ranked.find((r) => r.versus === null)?.group ?? '';
    const reference = baseline === against ? 'baseline' : 'best';
    const rows = ranked
      .map(
        (r, i) =>
          `<tr><td>${i + 1}</td><td>${e(r.group)}</td><td><strong>${formatNumber(r.iqm)}</strong></td><td>${shown(r)}</td><td>${versusText(r, reference)}</td></tr>`,
      )
      .join('\n');
    parts.push(`<h3>${e(task)}: configurations ranked by IQM of the final score</h3>
<table><thead><tr><th>rank</th><th class="words">configuration</th><th>IQM</th><th>95% CI</th><th>P(${e(against)} &gt; it) [90% CI]</th></tr></thead><tbody>
${rows}
</tbody></table>`);
    const effects = effectsOf(summary, task, configs);
    if (!effects.length) continue;
    const effectRows = effects
      .map(
        (effect) =>
          `<tr><td><code>${e(effect.name)}</code></td><td>${rho(effect)}</td><td class="words">${effect.points
            .map((p) => `${e(String(p.value))} → ${formatNumber(p.score)} ${interval(p.ci)}`)
            .join('; ')}</td></tr>`,
      )
      .join('\n');
    parts.push(`<h3>${e(task)}: which hyper-parameters matter</h3>
<p class="muted">Every hyper-parameter whose value differs between configurations; ρ is Spearman's rank correlation between the value and the configuration's IQM (±1: the score follows the value in order; near 0: it does not). Each configuration's IQM with its 95% interval, in order of value.</p>
<table><thead><tr><th>hyper-parameter</th><th>ρ</th><th class="words">value → IQM [95% CI]</th></tr></thead><tbody>
${effectRows}
</tbody></table>`);
  }
  return parts.length ? `<section id="sweep"><h2>Configurations</h2>\n${parts.join('\n')}\n</section>` : '';
}

/** The same as Markdown lines for RUNS.md. */
export function sweepMarkdown(
  summary: RunsSummary,
  configs: Readonly<Record<string, Config>> = {},
  baseline?: string,
): string[] {
  const out: string[] = [];
  for (const task of Object.keys(summary.tasks)) {
    const ranked = ranking(summary, task, baseline);
    if (ranked.length < 3) continue;
    const against = ranked.find((r) => r.versus === null)?.group ?? '';
    const reference = baseline === against ? 'baseline' : 'best';
    out.push(`## ${md(task)}: configurations ranked by IQM of the final score`, '');
    out.push(
      `| rank | configuration | IQM | 95% CI | P(${md(against)} \\> it) [90% CI] |`,
      '|---:|---|---:|---|---|',
    );
    for (const [i, r] of ranked.entries())
      out.push(
        `| ${i + 1} | ${md(r.group)} | ${formatNumber(r.iqm)} | ${shown(r)} | ${versusText(r, reference)} |`,
      );
    out.push('');
    const effects = effectsOf(summary, task, configs);
    if (!effects.length) continue;
    out.push(`## ${md(task)}: which hyper-parameters matter`, '');
    out.push('| hyper-parameter | ρ (Spearman) | value → IQM [95% CI] |', '|---|---:|---|');
    for (const effect of effects)
      out.push(
        `| ${md(effect.name)} | ${rho(effect)} | ${effect.points.map((p) => `${md(String(p.value))} → ${formatNumber(p.score)} ${interval(p.ci)}`).join('; ')} |`,
      );
    out.push('');
  }
  return out;
}
