import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { findAnimations, findCurves, type Picture } from './assets.js';
import { type BeforeAfterMetrics, computeBeforeAfterInBackground } from './before-after.js';
import { type ChartDrawing, evalChartDrawings, logChartDrawings } from './charts.js';
import { issuesOf, type LoadedEvalFile, loadEvalFile, type ReportIssue } from './eval-files.js';
import { renderHtml } from './html.js';
import { EvidencePaths, type LoadedCsvLog, loadCsvLog, writeTextAtomic } from './io.js';
import { renderMarkdown } from './markdown.js';
import type { ReportModel, TrainingSummary } from './model.js';
import { DEFAULT_REWARD_KEY } from './records.js';
import { loadRunJson } from './stats/run-info.js';
import { formatSampleTrajectories, selectSampleTrajectories } from './trajectories.js';

export interface ReportOptions {
  /** Episode reward field of the evaluation files. Default `cumulative_reward`. */
  rewardKey?: string;
  /** Bootstrap resamples. Default 10,000. */
  resamples?: number;
  /** Bootstrap seed. Default DEFAULT_BOOTSTRAP_SEED (0), the same as the CLI's and the trainer's. */
  seed?: number;
  /** Draw the charts (default true). With false none is drawn; charts already in the folder are shown, marked so. */
  charts?: boolean;
  /** Heading of the report. Default `Training evidence — <folder name>`. */
  title?: string;
  /** Recorded GIFs are embedded until the page would exceed this many bytes, then linked. Default 40 MB. */
  maxEmbedBytes?: number;
  onProgress?: (done: number, total: number, what: string) => void;
  log?: (line: string) => void;
}

export interface ReportResult {
  dir: string;
  written: string[];
  skipped: { what: string; why: string }[];
  issues: ReportIssue[];
  metrics: BeforeAfterMetrics | null;
}

const CHECKPOINT_ROWS_SHOWN = 10;
const TRAINING_COLUMNS = ['step', 'reward', 'loss'] as const;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Early vs late training reward, for the headline when there is no evaluation. One pass, no copy. */
function trainingSummary(log: LoadedCsvLog): TrainingSummary | null {
  const reward = log.columns.reward;
  if (!(reward instanceof Float64Array) || log.rowCount === 0) return null;
  const tenth = Math.max(1, Math.floor(reward.length / 10));
  const meanOf = (from: number, to: number): number => {
    let sum = 0;
    let n = 0;
    for (let i = from; i < to; i++) {
      const v = reward[i] as number;
      if (Number.isFinite(v)) {
        sum += v;
        n++;
      }
    }
    return sum / n;
  };
  const steps = log.columns.step instanceof Float64Array ? log.columns.step : null;
  return {
    rows: log.rowCount,
    lastStep: steps ? (steps[steps.length - 1] as number) : log.rowCount,
    earlyReward: meanOf(0, tenth),
    lateReward: meanOf(reward.length - tenth, reward.length),
  };
}

function checkpointTable(log: LoadedCsvLog): ReportModel['checkpoints'] {
  const from = Math.max(0, log.rowCount - CHECKPOINT_ROWS_SHOWN);
  const rows: string[][] = [];
  for (let r = from; r < log.rowCount; r++) {
    rows.push(
      log.header.map((name) => {
        const value = log.columns[name]?.[r];
        if (typeof value === 'number') return Number.isNaN(value) ? '' : String(Number(value.toPrecision(6)));
        return value ?? '';
      }),
    );
  }
  return { header: [...log.header], rows, total: log.rowCount };
}

/**
 * Build the report of an evidence folder: every chart its inputs allow, before_after_metrics.json,
 * sample_trajectories.md, index.html and REPORT.md. Reads what exists, skips (and says why) what it
 * cannot, lists bad input lines; throws only when `dir` is not a readable folder.
 */
export async function buildReport(dir: string, options: ReportOptions = {}): Promise<ReportResult> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`${dir}: not a folder (expected an evidence folder)`);
  const paths = new EvidencePaths(root);
  const rewardKey = options.rewardKey ?? DEFAULT_REWARD_KEY;
  const log = options.log ?? (() => {});
  const written: string[] = [];
  const skipped: ReportResult['skipped'] = [];
  const issues: ReportIssue[] = [];
  const name = (path: string): string => relative(root, path).split('\\').join('/') || basename(path);

  const total = 11;
  let done = 0;
  const progress = (what: string): void => {
    done++;
    options.onProgress?.(done, total, what);
  };

  const write = async (path: string, data: string): Promise<void> => {
    await writeTextAtomic(path, data);
    written.push(path);
    log(`wrote ${name(path)}`);
  };

  // --- inputs -----------------------------------------------------------------------------------
  const loadCsv = async (path: string, columns?: readonly string[]): Promise<LoadedCsvLog | null> => {
    if (!existsSync(path)) {
      skipped.push({ what: name(path), why: 'not found' });
      return null;
    }
    try {
      // No dedupeBy: a log without a step column is still drawn; the charts keep the last row of a
      // step logged twice after a resume themselves.
      const loaded = await loadCsvLog(path, columns ? { columns } : {});
      issues.push(...issuesOf(path, loaded.issues));
      if (loaded.rowCount > 0) return loaded;
      skipped.push({ what: name(path), why: 'no data rows' });
      return null;
    } catch (error) {
      skipped.push({ what: name(path), why: message(error) });
      return null;
    }
  };
  const loadEval = async (path: string): Promise<LoadedEvalFile | null> => {
    if (!existsSync(path)) {
      skipped.push({ what: name(path), why: 'not found' });
      return null;
    }
    try {
      const loaded = await loadEvalFile(path, { rewardKey });
      issues.push(...loaded.issues);
      if (loaded.records.length > 0) return loaded;
      skipped.push({ what: name(path), why: `no usable evaluation episode with a number in "${rewardKey}"` });
    } catch (error) {
      skipped.push({ what: name(path), why: message(error) });
    }
    return null;
  };

  // Evaluations first: their bootstrap runs on a worker thread while this one reads and draws the logs.
  const pre = await loadEval(paths.preEval);
  const post = await loadEval(paths.postEval);
  const evals = pre && post ? { pre: pre.records, post: post.records } : null;
  // run.json tells the statistics whether evaluation was paired and each metric's direction and range.
  const run = await loadRunJson(join(root, 'run.json')).catch((error: unknown) => {
    skipped.push({ what: 'run.json', why: message(error) });
    return undefined;
  });
  const pendingMetrics = evals
    ? computeBeforeAfterInBackground(evals.pre, evals.post, { ...options, run })
    : null;

  // The training log can hold millions of rows: keep only what the chart and the summary read.
  const trainingLog = await loadCsv(paths.trainingLog, TRAINING_COLUMNS);
  const rewardComponents = await loadCsv(paths.rewardComponents);
  const checkpointEvals = await loadCsv(paths.checkpointEvals);
  progress('read logs');

  // --- charts -----------------------------------------------------------------------------------
  const charts: Picture[] = [];
  const draw = async (plans: ChartDrawing[]): Promise<void> => {
    for (const plan of plans) {
      let why: string | null = null;
      if (options.charts === false) {
        why = 'charts turned off';
      } else if (!plan.draw) {
        why = `needs ${plan.needs}`;
      } else {
        try {
          const path = await plan.draw();
          written.push(path);
          charts.push({ title: plan.title, file: name(path) });
          log(`wrote ${name(path)}`);
        } catch (error) {
          why = `could not render: ${message(error)}`;
        }
      }
      if (why !== null) {
        // A chart the trainer (or an earlier run) left in the folder is still evidence: show it, say so.
        const kept = existsSync(plan.out);
        skipped.push({ what: name(plan.out), why: kept ? `${why}; showing the file already there` : why });
        if (kept) charts.push({ title: `${plan.title} (existing file, not redrawn)`, file: name(plan.out) });
      }
      progress(name(plan.out));
    }
  };
  await draw(logChartDrawings(paths, { trainingLog, rewardComponents, checkpointEvals }));

  // --- statistics -------------------------------------------------------------------------------
  const metrics = pendingMetrics ? await pendingMetrics : null;
  let samples: ReportModel['samples'] = null;
  if (metrics && evals) {
    await write(paths.beforeAfterMetrics, `${JSON.stringify(metrics, null, 2)}\n`);
    samples = selectSampleTrajectories(evals.pre, evals.post, { rewardKey });
    await write(paths.sampleTrajectories, formatSampleTrajectories(samples));
  } else {
    skipped.push({ what: 'before/after statistics', why: 'needs both pre_eval.jsonl and post_eval.jsonl' });
  }
  progress('before/after statistics');
  await draw(evalChartDrawings(paths, evals, metrics, rewardKey));

  // --- pictures already in the folder -----------------------------------------------------------
  const curves = await findCurves(root, paths.curvesRoot);
  progress('curves');
  const animations = await findAnimations(root, paths.animationsRoot, issues);
  for (const episode of animations) {
    if (!episode.gif) {
      skipped.push({
        what: episode.json ?? `${episode.mode} episode ${episode.episode}`,
        why: episode.warning ? `no GIF: ${episode.warning}` : 'no GIF beside this episode record',
      });
    }
  }
  progress('animations');

  // --- the report -------------------------------------------------------------------------------
  const model: ReportModel = {
    title: options.title ?? `Training evidence — ${basename(root)}`,
    generatedAt: new Date().toISOString(),
    metrics,
    training: trainingLog ? trainingSummary(trainingLog) : null,
    charts,
    curves,
    animations,
    checkpoints: checkpointEvals ? checkpointTable(checkpointEvals) : null,
    samples,
    skipped,
    issues: issues.map((issue) => ({ ...issue, file: name(issue.file) })),
  };
  await mkdir(root, { recursive: true });
  await write(
    paths.indexHtml,
    await renderHtml(model, root, { maxEmbedBytes: options.maxEmbedBytes ?? 40e6 }),
  );
  progress('index.html');
  await write(paths.reportMd, renderMarkdown(model));
  progress('REPORT.md');

  return { dir: root, written, skipped, issues, metrics };
}
