import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BeforeAfterMetrics } from '@evidence/report';
import { formatValue } from '@evidence/step-table';
import type { Command } from 'commander';
import { bootstrapOptions } from '../bootstrap-defaults.js';
import { ReportedFailure, UsageError } from '../errors.js';
import { type CliIo, printJson, printLine } from '../io.js';
import { printIssues } from '../issues.js';
import { requireFile, resolvePath } from '../paths.js';
import { renderTextTable } from '../text-table.js';

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
      'exit 1 unless the 95% interval of the change of metric (default mean_reward) excludes 0 in its better direction',
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
      const { compareEvalFiles, loadRunJson } = await import('@evidence/report');
      const runFile = join(dirname(pre), 'run.json');
      const run = existsSync(runFile) ? await loadRunJson(runFile) : undefined;
      const metrics = await compareEvalFiles(pre, post, {
        rewardKey: options.rewardKey,
        resamples: options.resamples,
        seed: options.seed,
        run,
      });
      printIssues(io, metrics.issues);
      for (const warning of metrics.warnings) printLine(io.stderr, `evidence: warning: ${warning}`);
      if (options.json) {
        const { issues: _issues, ...data } = metrics;
        printJson(io.stdout, data);
      } else {
        printLine(io.stdout, metricsTable(metrics));
      }
      if (options.requireImprovement !== undefined) {
        requireImprovement(
          io,
          metrics,
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

export function metricsTable(metrics: BeforeAfterMetrics): string {
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
          interval(metrics.ci95[name]),
          metrics.verdict[name] ?? '',
        ],
  );
  const lines = [renderTextTable(['metric', 'pre', 'post', 'delta', '95% CI of delta', 'change'], rows), ''];
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
    'change: better or worse when the 95% interval excludes 0 in the direction that is better, unclear when it includes 0',
  );
  return lines.join('\n');
}

/** The CI gate: exit 1 unless the change of `metric` is better with 95% confidence. */
function requireImprovement(io: CliIo, metrics: BeforeAfterMetrics, metric: string): void {
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
  const change = `${metric} ${formatStatistic(metrics.delta[metric], true)}, 95% CI ${interval(metrics.ci95[metric])} (${direction} is better)`;
  const verdict = metrics.verdict[metric];
  if (verdict === 'better') {
    printLine(io.stdout, `improved: ${change}`);
    return;
  }
  const why = verdict === 'worse' ? 'it changed the wrong way' : 'the interval includes 0';
  printLine(io.stderr, `evidence: no proven improvement: ${change}; ${why}`);
  throw new ReportedFailure('no proven improvement', 1);
}
