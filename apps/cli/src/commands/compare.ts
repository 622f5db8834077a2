import type { ReadIssues } from '@evidence/csv-log';
import type { compareEvalFiles } from '@evidence/report';
import { formatValue } from '@evidence/step-table';
import type { Command } from 'commander';
import { type CliIo, printLine } from '../io.js';
import { fromReadIssues, type LineIssue, printIssues } from '../issues.js';
import { integerOption } from '../options.js';
import { requireFile, resolvePath } from '../paths.js';
import { renderTextTable } from '../text-table.js';

interface CompareOptions {
  rewardKey: string;
  resamples: number;
  seed?: number;
  json?: boolean;
}

type Metrics = Awaited<ReturnType<typeof compareEvalFiles>>;

export function compareCommand(command: Command, io: CliIo): void {
  command
    .description('before/after metrics of two evaluation files, with 95% bootstrap intervals')
    .argument('<pre>', 'evaluation episodes before training (JSONL, or CSV/TSV with a row per episode)')
    .argument('<post>', 'evaluation episodes after training (JSONL, or CSV/TSV such as an SB3 monitor.csv)')
    .option(
      '--reward-key <key>',
      'episode field compared before and after (a column of a CSV; episode.r reads {"episode": {"r": …}})',
      'cumulative_reward',
    )
    .option('--resamples <n>', 'bootstrap resamples for the 95% intervals', integerOption(100), 10_000)
    .option('--seed <n>', 'bootstrap seed, for reproducible intervals', integerOption(0))
    .option('--json', 'print the metrics as JSON (the before_after_metrics.json shape)')
    .addHelpText(
      'after',
      '\nExample:\n  $ evidence compare evidence/pre_eval.jsonl evidence/post_eval.jsonl --json\n  $ evidence compare first.monitor.csv last.monitor.csv --reward-key r',
    )
    .action(async (preArg: string, postArg: string, options: CompareOptions) => {
      const pre = resolvePath(io, preArg);
      const post = resolvePath(io, postArg);
      await requireFile(io, pre);
      await requireFile(io, post);
      const { compareEvalFiles } = await import('@evidence/report');
      const metrics = await compareEvalFiles(pre, post, {
        rewardKey: options.rewardKey,
        resamples: options.resamples,
        ...(options.seed === undefined ? {} : { seed: options.seed }),
      });
      printIssues(io, issueList(metrics, pre, post));
      if (options.json) {
        const { issues: _issues, ...data } = metrics as Metrics & { issues?: unknown };
        printLine(io.stdout, JSON.stringify(data, null, 2));
        return;
      }
      printLine(io.stdout, metricsTable(metrics));
    });
}

/** The contract leaves the shape of compareEvalFiles' issues open: a flat list, or ReadIssues per side. */
function issueList(metrics: Metrics, prePath: string, postPath: string): LineIssue[] {
  const raw = (metrics as { issues?: unknown }).issues;
  if (Array.isArray(raw)) return raw as LineIssue[];
  if (raw && typeof raw === 'object') {
    const sides = raw as { pre?: ReadIssues; post?: ReadIssues };
    return [
      ...(sides.pre?.skipped ? fromReadIssues(prePath, sides.pre) : []),
      ...(sides.post?.skipped ? fromReadIssues(postPath, sides.post) : []),
    ];
  }
  return [];
}

const number = (value: unknown, spec = '.4f'): string =>
  typeof value === 'number'
    ? formatValue(value, spec)
    : value === undefined || value === null
      ? ''
      : String(value);

export function metricsTable(metrics: Metrics): string {
  const pre = metrics.pre as unknown as Record<string, unknown>;
  const post = metrics.post as unknown as Record<string, unknown>;
  const delta = metrics.delta as Record<string, number>;
  const ci = (metrics.ci95 ?? {}) as Record<string, [number, number]>;
  const pImprovement = metrics.p_improvement as unknown;
  const perMetricP =
    typeof pImprovement === 'object' && pImprovement !== null
      ? (pImprovement as Record<string, number>)
      : null;
  const names = [...new Set([...Object.keys(pre), ...Object.keys(post)])];
  const rows = names.map((name) => {
    const interval = ci[name];
    const isCount = name === 'n';
    return [
      name,
      number(pre[name], isCount ? 'd' : '.4f'),
      number(post[name], isCount ? 'd' : '.4f'),
      number(delta[name], isCount ? '+d' : '+.4f'),
      interval ? `[${number(interval[0], '+.4f')}, ${number(interval[1], '+.4f')}]` : '',
      ...(perMetricP ? [number(perMetricP[name], '.3f')] : []),
    ];
  });
  const header = [
    'metric',
    'pre',
    'post',
    'delta',
    '95% CI of delta',
    ...(perMetricP ? ['P(post>pre)'] : []),
  ];
  const lines = [renderTextTable(header, rows)];
  if (typeof pImprovement === 'number') {
    const interval = (metrics as { p_improvement_ci95?: [number, number] | null }).p_improvement_ci95;
    const range = interval ? ` [${number(interval[0], '.3f')}, ${number(interval[1], '.3f')}]` : '';
    lines.push(
      '',
      `P(post > pre) = ${number(pImprovement, '.3f')}${range}: a random post episode beats a random pre episode`,
    );
  }
  return lines.join('\n');
}
