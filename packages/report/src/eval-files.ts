import { dirname, join } from 'node:path';
import { readInputText } from '@evidence/node-kit';
import { RUN_FILE, readRunJson, valueAtKey } from '@evidence/sources';
import { type CompareGateResult, compareGate, renderCompareText } from './compare-text.js';
import { isEpisodeTable, readEpisodeTable } from './episode-table.js';
import {
  type BeforeAfterMetrics,
  type BeforeAfterOptions,
  beforeAfterTested,
  computeBeforeAfter,
} from './folder/before-after.js';
import type { MetricTest } from './folder/metric-tests.js';
import { type LineIssue, lineIssues, type ReadIssues, readJsonl } from './io.js';
import { DEFAULT_REWARD_KEY, type EvalRecord, rewardOf } from './records.js';

/** A line of an input file that was not used, and why. */
export type ReportIssue = LineIssue;

export interface LoadedEvalFile {
  path: string;
  /** Episodes with a finite reward, in file order. */
  records: EvalRecord[];
  issues: ReportIssue[];
  /** Every key of every episode line, in first-seen order (to name them when the reward key is absent). */
  keys: string[];
}

/** Issues of a csv-log reader, flattened as the CLI flattens them. */
export const issuesOf = lineIssues;

/**
 * Line numbers of the records readJsonl returned: the non-blank lines it did not report. Null when
 * that does not account for every record, so we never name a wrong line.
 */
async function recordLines(path: string, issues: ReadIssues, count: number): Promise<number[] | null> {
  const rejected = new Set(issues.skipped.map((issue) => issue.line));
  if (issues.torn) rejected.add(issues.torn.line);
  const lines: number[] = [];
  (await readInputText(path)).split('\n').forEach((text, index) => {
    if (text.trim() !== '' && !rejected.has(index + 1)) lines.push(index + 1);
  });
  return lines.length === count ? lines : null;
}

/**
 * Read an evaluation file: JSON Lines (one episode per line), or a CSV/TSV table with one episode per
 * row (SB3's monitor.csv); lines that cannot be used are issues, never errors.
 */
export async function loadEvalFile(
  path: string,
  options: { rewardKey?: string } = {},
): Promise<LoadedEvalFile> {
  const rewardKey = options.rewardKey ?? DEFAULT_REWARD_KEY;
  const table = isEpisodeTable(path) ? await readEpisodeTable(path) : null;
  const result = table ?? (await readJsonl<unknown>(path));
  const issues = issuesOf(path, result.issues);
  const records: EvalRecord[] = [];
  const invalid: { index: number; reason: string }[] = [];
  const episodes: object[] = [];
  result.records.forEach((record, index) => {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      invalid.push({ index, reason: 'expected a JSON object (one episode)' });
      return;
    }
    episodes.push(record);
    if (rewardOf(record as EvalRecord, rewardKey) === undefined) {
      const raw = valueAtKey(record, rewardKey);
      // NaN and ±Infinity by their names: JSON.stringify would say null
      const value = typeof raw === 'number' ? String(raw) : (JSON.stringify(raw) ?? 'nothing');
      invalid.push({ index, reason: `expected a finite number in "${rewardKey}", got ${value}` });
    } else {
      records.push(record as EvalRecord);
    }
  });
  if (invalid.length > 0) {
    const lines = table ? table.lines : await recordLines(path, result.issues, result.records.length);
    for (const { index, reason } of invalid) {
      const line = lines?.[index];
      issues.push(
        line === undefined
          ? { file: path, line: 0, reason: `record ${index + 1}: ${reason}` }
          : { file: path, line, reason },
      );
    }
    issues.sort((a, b) => a.line - b.line);
  }
  return {
    path,
    records,
    issues,
    // found when asked (only when no episode is usable): an episode can hold 300,000 keys
    get keys() {
      return keysOf(episodes);
    },
  };
}

/** Every key of the episodes, in first-seen order. */
function keysOf(episodes: readonly object[]): string[] {
  const keys = new Set<string>();
  for (const episode of episodes) for (const key of Object.keys(episode)) keys.add(key);
  return [...keys];
}

/**
 * Before/after metrics of two evaluation files. Unusable lines are skipped and listed in `issues`;
 * it throws only when a side has no usable episode at all.
 */
export async function compareEvalFiles(
  prePath: string,
  postPath: string,
  options: BeforeAfterOptions = {},
): Promise<BeforeAfterMetrics & { issues: ReportIssue[] }> {
  const [pre, post] = await loadPair(prePath, postPath, options);
  return {
    ...computeBeforeAfter(pre.records, post.records, options),
    issues: [...pre.issues, ...post.issues],
  };
}

/** Both files read; throws when a side has no usable episode at all, naming the keys there are. */
async function loadPair(
  prePath: string,
  postPath: string,
  options: BeforeAfterOptions,
): Promise<[LoadedEvalFile, LoadedEvalFile]> {
  const both = await Promise.all([loadEvalFile(prePath, options), loadEvalFile(postPath, options)]);
  const rewardKey = options.rewardKey ?? DEFAULT_REWARD_KEY;
  for (const side of both) {
    if (side.records.length > 0) continue;
    if (side.keys.length > 0 && !side.keys.includes(rewardKey)) {
      throw new Error(
        `${side.path}: no episode has the reward key "${rewardKey}"; the episodes' keys are ${side.keys.join(', ')}`,
      );
    }
    const bad = side.issues.length;
    throw new Error(`${side.path}: no usable evaluation episode (${bad} bad line${bad === 1 ? '' : 's'})`);
  }
  return both;
}

export interface EvalComparison {
  /** the before/after statistics, with the lines skipped (`issues`) */
  metrics: BeforeAfterMetrics & { issues: ReportIssue[] };
  /** per metric with a direction, the one-sided exact test that after is better */
  tests: Record<string, MetricTest>;
  /** the terminal text: the before/after table with each change's verdict, P(post > pre), the method */
  text(): string;
  /** the statistics as `compare --json` prints them (the metrics without the issues, and the tests) */
  json(): Record<string, unknown>;
  /** whether `metric` (default mean_reward) is shown better after by the one-sided exact test at 5 % */
  gate(metric?: string): CompareGateResult;
}

/**
 * `evidence compare`'s one entry: two evaluation files compared, run.json beside the first (when there
 * is one) telling whether evaluation was paired and which way each metric is better, and each metric
 * with a direction tested on the episodes themselves.
 */
export async function compareEvaluations(
  prePath: string,
  postPath: string,
  options: Omit<BeforeAfterOptions, 'run'> = {},
): Promise<EvalComparison> {
  const run = await readRunJson(join(dirname(prePath), RUN_FILE));
  const withRun = { ...options, run };
  const [pre, post] = await loadPair(prePath, postPath, withRun);
  const tested = beforeAfterTested(pre.records, post.records, withRun);
  const metrics = { ...tested.metrics, issues: [...pre.issues, ...post.issues] };
  const { tests } = tested;
  return {
    metrics,
    tests,
    text: () => renderCompareText(metrics, tests),
    json: () => {
      const { issues: _issues, ...data } = metrics;
      return { ...data, tests };
    },
    gate: (metric = 'mean_reward') => compareGate(metrics, tests, metric),
  };
}
