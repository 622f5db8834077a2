import type { BeforeAfterMetrics, MetricTest } from '@evidence/report';
import { formatValue } from '@evidence/step-table';
import type { Command } from 'commander';
import { bootstrapOptions } from '../bootstrap-defaults.js';
import { ReportedFailure, UsageError } from '../errors.js';
import { type CliIo, printJson, printLine } from '../io.js';
import { printIssues } from '../issues.js';
import { requireFile, resolvePath } from '../paths.js';

interface CompareOptions {
  rewardKey: string;
  resamples: number;
  seed: number;
  json?: boolean;
  requireImprovement?: string | true;
}

export function compareCommand(command: Command, io: CliIo): void {
  bootstrapOptions(command)
    .description(
      'before/after metrics of two evaluation files, with 95% intervals and whether each change is better',
    )
    .argument('<pre>', 'evaluation episodes before training (JSONL, or CSV/TSV with a row per episode)')
    .argument('<post>', 'evaluation episodes after training (JSONL, or CSV/TSV such as an SB3 monitor.csv)')
    .option(
      '--reward-key <key>',
      'episode field compared before and after (a column of a CSV; episode.r reads {"episode": {"r": …}})',
      'cumulative_reward',
    )
    .option('--json', 'print the metrics as JSON (the before_after_metrics.json shape)')
    .option(
      '--require-improvement [metric]',
      'exit 1 unless a one-sided exact permutation test finds metric (default mean_reward) better after at 5% (Mann–Whitney on episodes, sign flips on paired ones); with too few episodes to ever reach 5%, fails and says how many would',
    )
    .addHelpText(
      'after',
      `
A run.json beside <pre> (format: https://github.com/evidence-rl/evidence/blob/main/FORMATS.md) says whether evaluation was paired and which way each metric
is better; episodes with an equal "seed" or "start_state" in every pair are compared pair by pair.
Exit codes: 0 ok (and improved, with --require-improvement), 1 bad input or no proven improvement, 2 bad usage.

Example:
  $ evidence compare evidence/pre_eval.jsonl evidence/post_eval.jsonl --json
  $ evidence compare pre.jsonl post.jsonl --require-improvement success_rate
  $ evidence compare first.monitor.csv last.monitor.csv --reward-key r`,
    )
    .action(async (preArg: string, postArg: string, options: CompareOptions) => {
      const pre = resolvePath(io, preArg);
      const post = resolvePath(io, postArg);
      await requireFile(io, pre);
      await requireFile(io, post);
      const report = await import('@evidence/report');
      const { metrics, tests } = await report.compareEvaluations(pre, post, {
        rewardKey: options.rewardKey,
        resamples: options.resamples,
        seed: options.seed,
      });
      printIssues(io, metrics.issues);
      for (const warning of metrics.warnings) printLine(io.stderr, `evidence: warning: ${warning}`);
      if (options.json) {
        const { issues: _issues, ...data } = metrics;
        printJson(io.stdout, { ...data, tests });
      } else {
        printLine(io.stdout, metricsTable(metrics, tests, report.renderTextTable));
      }
      if (options.requireImprovement !== undefined) {
        requireImprovement(
          io,
          metrics,
          tests,
          options.json === true,
          options.requireImprovement === true ? 'mean_reward' : options.requireImprovement,
        );
      }
    });
}

/**
 * One format for every statistic: 4 decimals for everyday magnitudes, 4 decimals of an exponent outside
 * [1e-4, 1e6) (a reward near 1e308 stays readable), Python's `nan`/`inf` for values that are not finite.
 */
export function formatStatistic(value: number | undefined, signed = false): string {
  if (value === undefined) return '';
  const size = Math.abs(value);
  const exponent = Number.isFinite(value) && value !== 0 && (size >= 1e6 || size < 1e-4);
  return formatValue(value, `${signed ? '+' : ''}.4${exponent ? 'e' : 'f'}`);
}

const interval = (ci: [number, number] | undefined) =>
  ci ? `[${formatStatistic(ci[0], true)}, ${formatStatistic(ci[1], true)}]` : '';

/** An interval as shown, with words where it is a point: a point says nothing of uncertainty. */
function shownInterval(metrics: BeforeAfterMetrics, ci: [number, number] | undefined): string {
  if (!ci || ci[0] !== ci[1]) return interval(ci);
  const { n: before } = metrics.pre;
  const { n: after } = metrics.post;
  return before === 1 || after === 1
    ? `none: ${before} v ${after} episodes, no spread to estimate`
    : `none: all ${before} v ${after} episodes equal`;
}

/** The change column: better or worse only where the exact test finds it at 5 %, with its p. */
function changeWords(metrics: BeforeAfterMetrics, tests: Record<string, MetricTest>, name: string): string {
  const test = tests[name];
  const verdict = metrics.verdict[name] ?? '';
  if (!test) return verdict;
  if (improved(test)) return `better (p = ${formatValue(test.p_value, '.3g')})`;
  if (test.smallest_p > 0.05)
    return `cannot tell at 95% (too few episodes: p ≥ ${formatValue(test.smallest_p, '.3g')})`;
  return verdict === 'worse' ? 'worse' : `unclear (p = ${formatValue(test.p_value, '.3g')})`;
}

/** The terminal's table of the before/after statistics (`table`: report's text-table renderer). */
export function metricsTable(
  metrics: BeforeAfterMetrics,
  tests: Record<string, MetricTest>,
  table: (header: readonly string[], rows: readonly (readonly string[])[]) => string,
): string {
  const pre = metrics.pre as Record<string, number>;
  const post = metrics.post as Record<string, number>;
  const names = [...new Set([...Object.keys(pre), ...Object.keys(post)])];
  const rows = names.map((name) =>
    name === 'n'
      ? ['n', formatValue(pre.n ?? Number.NaN, 'd'), formatValue(post.n ?? Number.NaN, 'd'), '', '', '']
      : [
          name,
          formatStatistic(pre[name]),
          formatStatistic(post[name]),
          formatStatistic(metrics.delta[name], true),
          shownInterval(metrics, metrics.ci95[name]),
          changeWords(metrics, tests, name),
        ],
  );
  const lines = [table(['metric', 'pre', 'post', 'delta', '95% CI of delta', 'change'], rows), ''];
  const p = `P(post > pre) = ${formatValue(metrics.p_improvement, '.3f')}`;
  const pInterval = metrics.p_improvement_ci95;
  lines.push(
    metrics.p_improvement_note
      ? `${p}: ${metrics.p_improvement_note}`
      : `${p}${pInterval ? ` [${formatValue(pInterval[0], '.3f')}, ${formatValue(pInterval[1], '.3f')}]` : ''}: a random post episode beats a random pre episode`,
  );
  const { pairing, bootstrap } = metrics;
  lines.push(
    `${pairing.paired ? 'paired' : 'independent'} (${pairing.why})`,
    `intervals: rates Wilson per side, Newcombe${pairing.paired ? ' (paired)' : ''} for the change; rewards percentile bootstrap${
      pairing.paired ? ' over pairs' : ''
    }, ${bootstrap.resamples} resamples, seed ${bootstrap.seed}`,
    'change: better when a one-sided exact permutation test (Mann–Whitney; sign flips when paired) finds it at 5% in the direction that is better, with its p; worse when the 95% interval excludes 0 the other way; unclear otherwise',
  );
  return lines.join('\n');
}

/** Whether the test finds the change better at 5 %. */
const improved = (t: MetricTest | undefined): boolean => t !== undefined && t.p_value <= 0.05 * (1 + 1e-12);

/**
 * The CI gate: exit 1 unless the one-sided exact test finds `metric` better after, at 5 %. With too few
 * episodes for any result to reach 5 %, it fails and says how many would.
 */
function requireImprovement(
  io: CliIo,
  metrics: BeforeAfterMetrics,
  tests: Record<string, MetricTest>,
  json: boolean,
  metric: string,
): void {
  if (!(metric in metrics.delta)) {
    throw new UsageError(
      `--require-improvement: no metric "${metric}" (the metrics are ${Object.keys(metrics.delta).join(', ')})`,
    );
  }
  const direction = metrics.direction[metric];
  if (direction === 'neutral') {
    throw new UsageError(
      `--require-improvement: "${metric}" has no direction; state "better": "higher" or "lower" for it in run.json`,
    );
  }
  const test = tests[metric];
  const change = `${metric} ${formatStatistic(metrics.delta[metric], true)}, 95% CI ${shownInterval(metrics, metrics.ci95[metric])} (${direction} is better)`;
  if (!test) {
    printLine(io.stderr, `evidence: no proven improvement: ${change}; no episode values to test`);
    throw new ReportedFailure('no proven improvement', 1);
  }
  const what = test.test === 'sign-flip' ? 'paired sign-flip' : 'Mann–Whitney';
  const said = `${change}; one-sided exact ${what} test p = ${formatValue(test.p_value, '.3g')}`;
  if (improved(test)) {
    // with --json, stdout stays one JSON document
    printLine(json ? io.stderr : io.stdout, `improved: ${said} ≤ 0.05`);
    return;
  }
  const unit = test.test === 'sign-flip' ? 'pairs of episodes' : 'episodes per side';
  const why =
    test.smallest_p > 0.05
      ? `cannot tell at 95%: with ${metrics.pre.n} v ${metrics.post.n} episodes no result can reach p ≤ 0.05 (the smallest possible p is ${formatValue(test.smallest_p, '.3g')}); at least ${test.needed_to_reach} ${unit} can`
      : metrics.verdict[metric] === 'worse'
        ? 'it changed the wrong way'
        : 'p > 0.05';
  printLine(io.stderr, `evidence: no proven improvement: ${said}; ${why}`);
  throw new ReportedFailure('no proven improvement', 1);
}
