/**
 * Gather: what a report reads before it draws — the trainer's logs and evaluations, run.json, and the
 * runs other trainers (or other evidence runs) left under the folder. Nothing is written here.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openInput, pushAll } from '@evidence/node-kit';
import { capText } from '../cap-text.js';
import { issuesOf, type LoadedEvalFile, loadEvalFile } from '../eval-files.js';
import { EvidencePaths, type LoadedCsvLog, loadCsvLog, loadCsvLogDecimated } from '../io.js';
import { DEFAULT_REWARD_KEY, type EvalRecord } from '../records.js';
import { RUN_FILE, type RunInfo, readRunInfo } from '../run-info.js';
import { type BeforeAfterMetrics, computeBeforeAfter } from './before-after.js';
import { message, type ReportContext } from './context.js';
import { describeOverlays, type FoundSources, findSources, sourceOverlays } from './find-sources.js';
import { decimationNote } from './log-views.js';
import { describeSources, type SourceChart, sourceCharts } from './source-charts.js';

/** `evidence report` on a folder with nothing a report could show: nothing was written. */
export class NothingToReportError extends Error {
  override name = 'NothingToReportError';
  constructor(
    readonly dir: string,
    readonly lookedFor: readonly string[],
    /** files found but not readable, each with why */
    readonly unreadable: readonly string[] = [],
  ) {
    super(
      `${dir}: nothing to report (looked for ${lookedFor.join(', ')}; found none${unreadable.length > 0 ? ` readable: ${unreadable.join('; ')}` : ''})`,
    );
  }
}

const TRAINING_COLUMNS = ['step', 'reward', 'loss'] as const;

/**
 * Throws, naming the file and the byte, when the first 64 KiB of `path` hold a NUL byte (git's test for
 * a binary file): a trainer's log is UTF-8 text. A missing or unreadable file is reported where it is read.
 */
async function refuseBinary(path: string): Promise<void> {
  let nul = -1;
  try {
    const file = await openInput(path);
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(65_536), 0, 65_536, 0);
      nul = buffer.subarray(0, bytesRead).indexOf(0);
    } finally {
      await file.close();
    }
  } catch {
    return;
  }
  if (nul !== -1)
    throw new Error(
      `${path}: binary data (a NUL byte at byte ${nul}), not a UTF-8 text log; nothing written`,
    );
}

/** The runs found under the folder and how the report charts them. */
export interface SourcesPlan {
  found: FoundSources;
  /** a folder of runs: one overlay per metric across all of them */
  overlaid: ReturnType<typeof sourceOverlays> | null;
  /** the runs charted (all of them when overlaid) */
  charted: FoundSources['runs'];
  /** a run or two views of one: their own charts */
  foreignCharts: SourceChart[];
  /** one line: what was found and what is charted */
  foundLine: string | null;
}

/** The evidence folder's own inputs, and the other runs under it; throws when there is nothing at all. */
export async function planSources(
  ctx: ReportContext,
  dir: string,
  paths: EvidencePaths,
): Promise<{
  evidenceFound: boolean;
  plan: SourcesPlan;
}> {
  const { root, out } = ctx;
  const inputs = [
    paths.trainingLog,
    paths.rewardComponents,
    paths.checkpointEvals,
    paths.preEval,
    paths.postEval,
    paths.curvesRoot,
    paths.animationsRoot,
  ];
  const evidenceFound = inputs.some((input) => existsSync(input));
  // A log that is binary is no log: say so and stop, rather than draw an empty page from it.
  for (const input of [...inputs.slice(0, 5), join(root, RUN_FILE)]) await refuseBinary(input);
  // what other trainers wrote (SB3, TensorBoard, W&B/CSV): charted beside, or instead of, our own logs
  const found = await findSources(root, out === root ? {} : { exclude: out });
  if (!evidenceFound && found.runs.length === 0)
    throw new NothingToReportError(
      dir,
      [
        ...inputs.map(
          (input) => basename(input) + (input.endsWith('.csv') || input.endsWith('.jsonl') ? '' : '/'),
        ),
        ...found.lookedFor,
      ],
      found.unreadable.map((skip) => capText(`${skip.path}: ${skip.why}`)),
    );
  const overlaid = found.overlay ? sourceOverlays(found.all) : null;
  const foundLine = overlaid
    ? describeOverlays(found.all, overlaid.metrics)
    : found.runs.length > 0
      ? describeSources(root, found.runs)
      : null;
  return {
    evidenceFound,
    plan: {
      found,
      overlaid,
      charted: overlaid ? found.all : found.runs,
      foreignCharts: overlaid ? [] : sourceCharts(root, found.runs),
      foundLine,
    },
  };
}

/** The evidence folder's logs and evaluations as read, and the statistics under way. */
export interface EvidenceInputs {
  paths: EvidencePaths;
  run: RunInfo;
  trainingLog: LoadedCsvLog | null;
  rewardComponents: LoadedCsvLog | null;
  checkpointEvals: LoadedCsvLog | null;
  evals: { pre: EvalRecord[]; post: EvalRecord[] } | null;
  /** the before/after statistics of the evaluations, when both are there */
  metrics: BeforeAfterMetrics | null;
}

async function loadCsv(
  ctx: ReportContext,
  path: string,
  columns?: readonly string[],
  decimate = false,
): Promise<LoadedCsvLog | null> {
  if (!existsSync(path)) {
    ctx.skipped.push({ what: ctx.name(path), why: 'not found' });
    return null;
  }
  try {
    // No dedupeBy: a log without a step column is still drawn; the charts keep the last row of a
    // step logged twice after a resume themselves.
    // The training log can hold millions of rows: read in one pass keeping each row bucket's extremes.
    const loaded = decimate
      ? await loadCsvLogDecimated(path, { ...(columns ? { columns } : {}), restartColumn: 'step' })
      : await loadCsvLog(path, columns ? { columns } : {});
    pushAll(ctx.issues, issuesOf(path, loaded.issues));
    if (loaded.rowCount > 0) return loaded;
    ctx.skipped.push({ what: ctx.name(path), why: 'no data rows' });
    return null;
  } catch (error) {
    ctx.skipped.push({ what: ctx.name(path), why: capText(message(error)) });
    ctx.noteNotRead(path, error);
    return null;
  }
}

async function loadEval(ctx: ReportContext, path: string, rewardKey: string): Promise<LoadedEvalFile | null> {
  if (!existsSync(path)) {
    ctx.skipped.push({ what: ctx.name(path), why: 'not found' });
    return null;
  }
  try {
    const loaded = await loadEvalFile(path, { rewardKey });
    pushAll(ctx.issues, loaded.issues);
    if (loaded.records.length > 0) return loaded;
    ctx.skipped.push({
      what: ctx.name(path),
      why: `no usable evaluation episode with a number in "${rewardKey}"`,
    });
  } catch (error) {
    ctx.skipped.push({ what: ctx.name(path), why: capText(message(error)) });
    ctx.noteNotRead(path, error);
  }
  return null;
}

/** Reads the evidence folder's own files (none when `evidenceFound` is false: only run.json then). */
export async function gatherEvidence(ctx: ReportContext, evidenceFound: boolean): Promise<EvidenceInputs> {
  const paths = new EvidencePaths(ctx.root);
  const rewardKey = ctx.options.rewardKey ?? DEFAULT_REWARD_KEY;
  const run = await readRunInfo(join(ctx.root, RUN_FILE));
  if (run.state === 'invalid') ctx.issues.push({ file: run.file, line: 0, reason: capText(run.reason) });
  const pre = evidenceFound ? await loadEval(ctx, paths.preEval, rewardKey) : null;
  const post = evidenceFound ? await loadEval(ctx, paths.postEval, rewardKey) : null;
  const evals = pre && post ? { pre: pre.records, post: post.records } : null;
  // run.json tells the statistics whether evaluation was paired and each metric's direction and range.
  const metrics = evals
    ? computeBeforeAfter(evals.pre, evals.post, {
        ...ctx.options,
        run: run.state === 'found' ? run.data : undefined,
      })
    : null;
  // The training log can hold millions of rows: keep only what the chart and the summary read.
  const trainingLog = evidenceFound ? await loadCsv(ctx, paths.trainingLog, TRAINING_COLUMNS, true) : null;
  const decimated = decimationNote(trainingLog);
  if (decimated) ctx.log(`${ctx.name(paths.trainingLog)}: charted${decimated}`);
  const rewardComponents = evidenceFound ? await loadCsv(ctx, paths.rewardComponents) : null;
  const checkpointEvals = evidenceFound ? await loadCsv(ctx, paths.checkpointEvals) : null;
  return { paths, run, trainingLog, rewardComponents, checkpointEvals, evals, metrics };
}
