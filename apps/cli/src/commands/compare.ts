import type { EvalComparison } from '@evidence/report';
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
      const { compareEvaluations } = await import('@evidence/report');
      const comparison = await compareEvaluations(pre, post, {
        rewardKey: options.rewardKey,
        resamples: options.resamples,
        seed: options.seed,
      });
      printIssues(io, comparison.metrics.issues);
      for (const warning of comparison.metrics.warnings)
        printLine(io.stderr, `evidence: warning: ${warning}`);
      if (options.json) printJson(io.stdout, comparison.json());
      else printLine(io.stdout, comparison.text());
      const { requireImprovement: metric } = options;
      if (metric !== undefined)
        requireImprovement(io, comparison, metric === true ? undefined : metric, options.json === true);
    });
}

/** The CI gate: exit 1 unless the one-sided exact test finds the metric better after, at 5 %. */
function requireImprovement(
  io: CliIo,
  comparison: EvalComparison,
  metric: string | undefined,
  json: boolean,
): void {
  const result = comparison.gate(metric);
  if (result.status === 'usage') throw new UsageError(result.message);
  if (result.status === 'improved') {
    // with --json, stdout stays one JSON document
    printLine(json ? io.stderr : io.stdout, result.message);
    return;
  }
  printLine(io.stderr, `evidence: ${result.message}`);
  throw new ReportedFailure('no proven improvement', 1);
}
