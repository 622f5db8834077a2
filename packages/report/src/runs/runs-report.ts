/**
 * The one entry for many runs compared (`evidence runs`, the trainer's seeds): the runs a discovery
 * found, their statistics, and the one view model shown as terminal text, JSON, and (written) the
 * page, RUNS.md and runs.json.
 */
import { type DiscoverOptions, type Discovery, discoverRuns } from '@evidence/sources';
import {
  analyzeRuns,
  type CompareRunsOptions,
  type RunsAnalysis,
  RunsInputError,
  type SkippedInput,
} from './compare-runs.js';
import { withDeclaredRanges } from './declared-ranges.js';
import { type GateResult, improvementGate } from './improvement-gate.js';
import { loadRuns } from './load-runs.js';
import { naturalCompare } from './natural-order.js';
import { findings, type RunsNotes } from './runs-page.js';
import { renderRunsBrief, renderRunsText, successText } from './runs-text.js';
import { type SuccessRate, successRates } from './success-rates.js';
import { sweepConfigs } from './sweep-view.js';
import { type RunsReportResult, writeRunsReport } from './write-runs-report.js';

export interface RunsReportOptions extends CompareRunsOptions {
  /** the root as messages and the page name it (default: the path given) */
  label?: string;
  /** the group every other is ranked against (default: the best one); an unknown one is an error */
  baseline?: string;
  /** how the root is read when a path is given (a pattern, a group-by, a folder left out) */
  discover?: DiscoverOptions;
}

export interface RunsReport {
  analysis: RunsAnalysis;
  /** what the page says besides the statistics: the root, runs skipped, read issues, configurations */
  notes: RunsNotes;
  /** the findings in words (few runs, which groups cannot be told apart) */
  findings: string[];
  /** runs the statistics left out (they log other columns than the x and y compared) */
  left: SkippedInput[];
  /** per task, group and outcome metric, the success rate over the final share of each run */
  successRates: SuccessRate[];
  /** the terminal text: verdict, findings, tables, success rates, runs stopped early or restarted */
  text(): string;
  /** in brief: each group's IQM and interval, P(`first` > B) in words (every pair without `first`) */
  brief(first?: string): string[];
  /** the statistics as `runs --json` prints them */
  json(): Record<string, unknown>;
  /** writes index.html, RUNS.md, runs.json and every chart into `out` (through the OutputFolder) */
  write(out: string): Promise<RunsReportResult>;
  /** whether group `a` is shown to end above group `b` (one-sided exact test at 5 %) */
  gate(a: string, b: string): GateResult;
}

/**
 * Compares the runs under `root` (or those a discovery already found). Throws RunsInputError, naming
 * the run or the option, when the runs cannot be compared (no common x or y, an unknown baseline).
 */
export async function runsReport(
  root: string | Discovery,
  options: RunsReportOptions = {},
): Promise<RunsReport> {
  const found = typeof root === 'string' ? await discoverRuns(root, options.discover ?? {}) : root;
  const loaded = await loadRuns(found);
  const { label, baseline, discover: _, ...compare } = options;
  const analysis = analyzeRuns(withDeclaredRanges(loaded.runs, loaded.read), compare);
  const groups = [...new Set(analysis.summary.runs.map((r) => r.group))].sort(naturalCompare);
  if (baseline !== undefined && !groups.includes(baseline))
    throw new RunsInputError(
      `--baseline ${baseline}: no such group; the groups are ${groups.map((g) => `'${g}'`).join(', ')}`,
    );
  const left = analysis.summary.skipped ?? [];
  const skipped = [...loaded.skipped, ...left];
  const notes: RunsNotes = {
    root: label ?? (typeof root === 'string' ? root : '.'),
    skipped,
    issues: loaded.issues,
    // each configuration's hyper-parameters, where the runs' files give them: the page ranks what matters
    configs: sweepConfigs(loaded.runs),
    ...(baseline === undefined ? {} : { baseline }),
  };
  const said = findings(analysis, notes);
  const final = compare.final ?? 0.1;
  const rates = successRates(loaded.read, final);
  return {
    analysis,
    notes,
    findings: said,
    left,
    successRates: rates,
    text: () =>
      [renderRunsText(analysis, said, baseline), successText(rates, final)].filter(Boolean).join('\n\n'),
    brief: (first) => renderRunsBrief(analysis, first),
    json: () => ({ ...analysis.summary, skipped, ...(rates.length > 0 ? { success_rates: rates } : {}) }),
    write: (out) => writeRunsReport(analysis, out, notes),
    gate: (a, b) => improvementGate(analysis, a, b),
  };
}
