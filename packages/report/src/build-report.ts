import { existsSync } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { openInput, pushAll } from '@evidence/node-kit';
import {
  type ChartInputs,
  drawStandardCharts,
  encodeChart,
  renderChart,
  type StandardChart,
  standardCharts,
} from '@evidence/plots';
import type { Run } from '@evidence/sources';
import type { MeanCurve } from '@evidence/stats';
import { type BeforeAfterMetrics, computeBeforeAfter } from './before-after.js';
import { capText } from './cap-text.js';
import { summaryForChart } from './charts.js';
import { issuesOf, type LoadedEvalFile, loadEvalFile, type ReportIssue } from './eval-files.js';
import { findAnimations, findCurves, type Picture } from './folder/assets.js';
import { interactiveCurves } from './folder/curves.js';
import { renderHtml } from './folder/html.js';
import { describeLineChart, liveDataScript } from './folder/live-data.js';
import { renderMarkdown } from './folder/markdown.js';
import type { RawLog, ReportModel, TrainingSummary } from './folder/model.js';
import { overlayFigures } from './folder/overlay-figures.js';
import { REPORT_DIR } from './folder/paths.js';
import {
  type DecimatedCsvLog,
  EvidencePaths,
  type LoadedCsvLog,
  loadCsvLog,
  loadCsvLogDecimated,
} from './io.js';
import { OutputFolder } from './output-folder.js';
import { LIVE_DATA_FILE } from './page/index.js';
import { DEFAULT_REWARD_KEY } from './records.js';
import { RUN_FILE, type RunInfo, readRunInfo, runTitle } from './run-info.js';
import { overlayCurves } from './runs/metric-overlays.js';
import { sourceIssues } from './source-issues.js';
import {
  describeOverlays,
  describeSources,
  findSources,
  MAX_OVERLAYS,
  MAX_SOURCES,
  sourceCharts,
  sourceFacts,
  sourceOverlays,
} from './sources-report.js';
import { formatSampleTrajectories, selectSampleTrajectories } from './trajectories.js';

export interface ReportOptions {
  /** Episode reward field of the evaluation files. Default `cumulative_reward`. */
  rewardKey?: string;
  /** Bootstrap resamples. Default 10,000. */
  resamples?: number;
  /** Bootstrap seed. Default DEFAULT_BOOTSTRAP_SEED (0), the same as the CLI's and the trainer's. */
  seed?: number;
  /** Draw the charts (default true). With false none is drawn; the trainer's own charts are shown, marked so. */
  charts?: boolean;
  /** Heading of the report. Default: the run named by run.json (environment · algorithm · seed). */
  title?: string;
  /** Folder the report is written to. Default `<dir>/report`. */
  out?: string;
  /** One self-contained index.html: every image and GIF inside it as a data URI. Default false (linked files). */
  inline?: boolean;
  onProgress?: (done: number, total: number, what: string) => void;
  log?: (line: string) => void;
}

export interface ReportResult {
  /** the evidence folder read */
  dir: string;
  /** the folder written */
  out: string;
  /** the page to open */
  page: string;
  written: string[];
  skipped: { what: string; why: string }[];
  issues: ReportIssue[];
  metrics: BeforeAfterMetrics | null;
  run: RunInfo;
  /** what other trainers' files were found and what is charted of them (one line), or null when none */
  sources: string | null;
  /** a folder of runs: per metric, per group, the mean curve the overlays draw (as `evidence runs --json`) */
  curves?: Record<string, Record<string, MeanCurve>>;
}

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

/** The folder a report goes to when not told otherwise. */
export { REPORT_DIR };

const REFUSED =
  'a file this report did not write is already there; left as it is (give --out another folder)';
const CHECKPOINT_ROWS_SHOWN = 10;
const TRAINING_COLUMNS = ['step', 'reward', 'loss'] as const;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A failed write (a full disk, a read-only or vanished folder) is an error of the whole report, never a
 * chart "skipped": the files already there are kept as they were (each write is a temp file and a
 * rename) and index.html is not rewritten without the chart.
 */
function throwIfWriteFailed(error: unknown): void {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ENOTREGULAR') throw error;
}
const toPosix = (path: string): string => path.split('\\').join('/');

/** Early vs late training reward, for the headline when there is no evaluation. One pass, no copy. */
function trainingSummary(log: LoadedCsvLog): TrainingSummary | null {
  const reward = log.columns.reward;
  if (!(reward instanceof Float64Array) || log.rowCount === 0) return null;
  const steps = log.columns.step instanceof Float64Array ? log.columns.step : null;
  const decimation = (log as Partial<DecimatedCsvLog>).decimation;
  // a decimated log: the means from its buckets' sums, every row counted (to a bucket's rows at the tenths)
  const rows = decimation?.rows ?? log.rowCount;
  const tenth = Math.max(1, Math.floor(rows / 10));
  const at = decimation ? decimation.columns.indexOf('reward') : -1;
  const meanOf = (from: number, to: number): number => {
    let sum = 0;
    let n = 0;
    if (decimation) {
      for (const span of decimation.spans)
        if (span.end > from && span.start < to) {
          sum += span.sum[at] as number;
          n += span.count[at] as number;
        }
      return sum / n;
    }
    for (let i = from; i < to; i++) {
      const v = reward[i] as number;
      if (Number.isFinite(v)) {
        sum += v;
        n++;
      }
    }
    return sum / n;
  };
  return {
    rows,
    lastStep: steps ? (steps[steps.length - 1] as number) : rows,
    earlyReward: meanOf(0, tenth),
    lateReward: meanOf(rows - tenth, rows),
  };
}

/** What a decimated log's chart says of it: how many rows it is drawn from. */
function decimationNote(log: LoadedCsvLog | null | undefined): string {
  const d = (log as Partial<DecimatedCsvLog> | null | undefined)?.decimation;
  if (!d || d.kept === d.rows) return '';
  return ` (drawn from ${d.kept.toLocaleString('en')} of ${d.rows.toLocaleString('en')} rows: the first, last, lowest and highest of every ${d.rowsPerBucket.toLocaleString('en')})`;
}

/** The last rows of checkpoint_evals.csv, without the columns that are empty in every row shown. */
function checkpointTable(log: LoadedCsvLog): ReportModel['checkpoints'] {
  const from = Math.max(0, log.rowCount - CHECKPOINT_ROWS_SHOWN);
  const cell = (name: string, r: number): string => {
    const value = log.columns[name]?.[r];
    if (typeof value === 'number') return Number.isNaN(value) ? '' : String(Number(value.toPrecision(6)));
    return capText(value ?? '');
  };
  const header = log.header.filter((name) => {
    for (let r = from; r < log.rowCount; r++) if (cell(name, r) !== '') return true;
    return false;
  });
  const rows: string[][] = [];
  for (let r = from; r < log.rowCount; r++) rows.push(header.map((name) => cell(name, r)));
  return { header: header.map((h) => capText(h)), rows, total: log.rowCount };
}

/** The trainer's files a reader may want raw, each linked from the report. */
async function rawLogs(root: string, paths: EvidencePaths): Promise<string[]> {
  const fixed = [
    join(root, RUN_FILE),
    paths.trainingLog,
    paths.rewardComponents,
    paths.checkpointEvals,
    paths.preEval,
    paths.postEval,
  ];
  const runLogs = (await readdir(root).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.log'))
    .sort()
    .map((name) => join(root, name));
  return [...fixed, ...runLogs].filter((path) => existsSync(path));
}

/** The files other trainers' runs were read from (each series' file: event files, monitor files…). */
function sourceFiles(runs: readonly Run[]): string[] {
  return runs.flatMap((run) => {
    const sources = [...new Set(run.series.map((s) => s.source))];
    // a file run's series name the file itself; a folder run's a file in it ('*monitor.csv': all of them)
    return sources.map((source) =>
      source === '' || source.includes('*') || run.path.endsWith(source) ? run.path : join(run.path, source),
    );
  });
}

/**
 * Build the report of an evidence folder into `<dir>/report/` (or `options.out`): every chart its inputs
 * allow, before_after_metrics.json, sample_trajectories.md, index.html and REPORT.md. Reads what
 * exists, skips (and says why) what it cannot, lists bad input lines, and never writes over a file it
 * did not write itself. Throws when `dir` is not a readable folder, and NothingToReportError (having
 * written nothing) when it holds nothing to report.
 */
export async function buildReport(dir: string, options: ReportOptions = {}): Promise<ReportResult> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`${dir}: not a folder (expected an evidence folder)`);
  const paths = new EvidencePaths(root);
  const out = resolve(options.out ?? join(root, REPORT_DIR));
  const outPaths = new EvidencePaths(out);
  const rewardKey = options.rewardKey ?? DEFAULT_REWARD_KEY;
  const log = options.log ?? (() => {});
  const skipped: ReportResult['skipped'] = [];
  const issues: ReportIssue[] = [];
  const name = (path: string): string => toPosix(relative(root, path)) || basename(path);
  /** a link from the page (in `out`) to a file */
  const href = (path: string): string => toPosix(relative(out, path));

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
  const sources = await findSources(root, out === root ? {} : { exclude: out });
  if (!evidenceFound && sources.runs.length === 0)
    throw new NothingToReportError(
      dir,
      [
        ...inputs.map(
          (input) => basename(input) + (input.endsWith('.csv') || input.endsWith('.jsonl') ? '' : '/'),
        ),
        ...sources.lookedFor,
      ],
      sources.unreadable.map((skip) => capText(`${skip.path}: ${skip.why}`)),
    );
  // a folder of runs: one overlay per metric across all of them; a run or two views of one: its own charts
  const overlaid = sources.overlay ? sourceOverlays(sources.all) : null;
  const charted = overlaid ? sources.all : sources.runs;
  const foreignCharts = overlaid ? [] : sourceCharts(root, sources.runs);
  const foundLine = overlaid
    ? describeOverlays(sources.all, overlaid.metrics)
    : sources.runs.length > 0
      ? describeSources(root, sources.runs)
      : null;
  if (foundLine) log(foundLine);

  // without our own logs only the steps that apply are taken (and counted): no "not found" for each of our files
  const total = (evidenceFound ? 11 : 6) + foreignCharts.length + (overlaid?.overlays.length ?? 0);
  let done = 0;
  const progress = (what: string): void => {
    done++;
    options.onProgress?.(done, total, what);
  };

  // --- never over another program's file: every file goes through the one guarded write ----------
  const folder = await OutputFolder.open(out);
  const protectedFile = (path: string): boolean => !folder.mayWrite(path);
  const refuse = (path: string): void => {
    skipped.push({ what: name(path), why: REFUSED });
  };
  // the record is saved after each write, and only then: it lists exactly what this report wrote
  const noteWritten = async (path: string): Promise<void> => {
    await folder.claim(path);
    log(`wrote ${name(path)}`);
  };
  const write = async (path: string, data: string | Uint8Array): Promise<boolean> => {
    const wrote = await folder.write(path, data);
    if (wrote) log(`wrote ${name(path)}`);
    else refuse(path);
    return wrote;
  };

  // --- inputs -----------------------------------------------------------------------------------
  const run = await readRunInfo(join(root, RUN_FILE));
  if (run.state === 'invalid') issues.push({ file: run.file, line: 0, reason: capText(run.reason) });

  const loadCsv = async (
    path: string,
    columns?: readonly string[],
    decimate = false,
  ): Promise<LoadedCsvLog | null> => {
    if (!existsSync(path)) {
      skipped.push({ what: name(path), why: 'not found' });
      return null;
    }
    try {
      // No dedupeBy: a log without a step column is still drawn; the charts keep the last row of a
      // step logged twice after a resume themselves.
      // The training log can hold millions of rows: read in one pass keeping each row bucket's extremes.
      const loaded = decimate
        ? await loadCsvLogDecimated(path, { ...(columns ? { columns } : {}), restartColumn: 'step' })
        : await loadCsvLog(path, columns ? { columns } : {});
      pushAll(issues, issuesOf(path, loaded.issues));
      if (loaded.rowCount > 0) return loaded;
      skipped.push({ what: name(path), why: 'no data rows' });
      return null;
    } catch (error) {
      skipped.push({ what: name(path), why: capText(message(error)) });
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
      pushAll(issues, loaded.issues);
      if (loaded.records.length > 0) return loaded;
      skipped.push({ what: name(path), why: `no usable evaluation episode with a number in "${rewardKey}"` });
    } catch (error) {
      skipped.push({ what: name(path), why: capText(message(error)) });
    }
    return null;
  };

  // Evaluations first: their bootstrap runs on a worker thread while this one reads and draws the logs.
  const pre = evidenceFound ? await loadEval(paths.preEval) : null;
  const post = evidenceFound ? await loadEval(paths.postEval) : null;
  const evals = pre && post ? { pre: pre.records, post: post.records } : null;
  // run.json tells the statistics whether evaluation was paired and each metric's direction and range.
  const pendingMetrics = evals
    ? computeBeforeAfter(evals.pre, evals.post, {
        ...options,
        run: run.state === 'found' ? run.data : undefined,
      })
    : null;

  // The training log can hold millions of rows: keep only what the chart and the summary read.
  const trainingLog = evidenceFound ? await loadCsv(paths.trainingLog, TRAINING_COLUMNS, true) : null;
  const decimated = decimationNote(trainingLog);
  if (decimated) log(`${name(paths.trainingLog)}: charted${decimated}`);
  const rewardComponents = evidenceFound ? await loadCsv(paths.rewardComponents) : null;
  const checkpointEvals = evidenceFound ? await loadCsv(paths.checkpointEvals) : null;
  progress('read logs');
  await mkdir(out, { recursive: true });

  // --- charts -----------------------------------------------------------------------------------
  const loadedCsv = new Map<string, LoadedCsvLog | null>([
    [paths.trainingLog, trainingLog],
    [paths.rewardComponents, rewardComponents],
    [paths.checkpointEvals, checkpointEvals],
  ]);
  const chartInputs: ChartInputs = {
    csv: async (path) => loadedCsv.get(path) ?? null,
    evals: async (path) => (evals ? (path === paths.preEval ? evals.pre : evals.post) : null),
  };
  const charts: Picture[] = [];
  // a line chart of a log is drawn in the page too, from the log already loaded
  const lineChart = async (chart: StandardChart): Promise<Pick<Picture, 'interactive'>> => {
    const input = chart.inputs[0] as string;
    const log = chart.source === 'csv' ? loadedCsv.get(input) : null;
    const description = log ? await describeLineChart(chart.name, log) : null;
    if (!description) return {};
    return { interactive: { id: chart.name, chart: description, data: href(input), dataLabel: name(input) } };
  };
  const outputFor = (out: string): string => join(outPaths.root, basename(out));
  const drawCharts = async (source: 'csv' | 'evals', metrics: BeforeAfterMetrics | null): Promise<void> => {
    const all = standardCharts(paths).filter((chart) => chart.source === source);
    const drawable = all.filter((chart) => !protectedFile(outputFor(chart.out)));
    const result =
      options.charts === false
        ? { written: [], skipped: drawable.map((chart) => ({ chart, why: 'charts turned off' })), failed: [] }
        : await drawStandardCharts(drawable, {
            outputFor: (chart) => outputFor(chart.out),
            inputs: chartInputs,
            evalOptions: { rewardKey, ...(metrics ? { summary: summaryForChart(metrics) } : {}) },
            onProgress: (_, __, what) => progress(what),
            onWritten: (path) => noteWritten(path),
          });
    for (const { error } of result.failed) throwIfWriteFailed(error);
    const notDrawn = [
      ...all.filter((chart) => !drawable.includes(chart)).map((chart) => ({ chart, why: REFUSED })),
      ...result.skipped,
      ...result.failed.map(({ chart, error }) => ({
        chart,
        why: `could not render: ${capText(message(error))}`,
      })),
    ];
    // every chart counts once in the progress, drawn here or not
    for (const chart of all)
      if (options.charts === false || !drawable.includes(chart)) progress(basename(chart.out));
    for (const chart of all) {
      const drawn = result.written.find((w) => w.chart === chart);
      if (drawn) {
        charts.push({
          title: `${chart.title}${decimationNote(chart.source === 'csv' ? loadedCsv.get(chart.inputs[0] as string) : null)}`,
          file: href(drawn.path),
          label: name(drawn.path),
          ...(await lineChart(chart)),
        });
        continue;
      }
      const why = notDrawn.find((n) => n.chart === chart)?.why;
      if (why === undefined) continue;
      // A chart the trainer drew itself is still evidence: show it, and say it was not redrawn.
      const trainers = existsSync(chart.out);
      skipped.push({
        what: name(outputFor(chart.out)),
        why: trainers ? `${why}; showing the trainer's ${basename(chart.out)}` : why,
      });
      if (trainers)
        charts.push({
          title: `${chart.title} (the trainer's file, not redrawn)`,
          file: href(chart.out),
          label: name(chart.out),
        });
    }
  };
  if (evidenceFound) await drawCharts('csv', null);

  // --- other trainers' files --------------------------------------------------------------------
  for (const run of charted) pushAll(issues, sourceIssues(run));
  if (overlaid && overlaid.metrics > MAX_OVERLAYS)
    skipped.push({
      what: `${overlaid.metrics - MAX_OVERLAYS} more metrics`,
      why: `only the first ${MAX_OVERLAYS} metrics are charted: \`evidence plot\` draws chosen columns`,
    });
  if (!overlaid && sources.more.length > 0)
    skipped.push({
      what: `${sources.more.length} more runs (${sources.more
        .map((run) => name(run.path))
        .slice(0, 3)
        .join(', ')}…)`,
      why: `only the first ${MAX_SOURCES} are charted: compare many runs with \`evidence runs\`, or report one subfolder`,
    });
  for (const skip of sources.unreadable) skipped.push({ what: skip.path, why: capText(skip.why) });
  for (const { name: file, chart, source } of foreignCharts) {
    const path = join(out, `${file}.png`);
    progress(file);
    if (protectedFile(path)) refuse(path);
    else if (options.charts === false) skipped.push({ what: name(path), why: 'charts turned off' });
    else {
      try {
        await renderChart(chart, path);
        await noteWritten(path);
        charts.push({
          title: chart.title ?? file,
          file: href(path),
          label: name(path),
          // drawn in the page too, like the evidence folder's own line charts
          interactive: { id: file, chart, data: href(source), dataLabel: name(source) },
        });
      } catch (error) {
        throwIfWriteFailed(error);
        skipped.push({ what: name(path), why: `could not render: ${capText(message(error))}` });
      }
    }
  }

  for (const { file, data, chart } of overlayFigures(overlaid?.overlays ?? [])) {
    const png = join(out, `${file}.png`);
    const svg = join(out, `${file}.svg`);
    progress(file);
    const refused = [png, svg].filter(protectedFile);
    if (refused.length > 0) for (const path of refused) refuse(path);
    else if (options.charts === false) skipped.push({ what: name(png), why: 'charts turned off' });
    else {
      try {
        for (const [path, format] of [
          [png, 'png'],
          [svg, 'svg'],
        ] as const) {
          await write(path, await encodeChart(chart, format));
        }
        charts.push({
          title: chart.title ?? data.title,
          file: href(png),
          label: name(png),
          overlay: { id: file, data },
        });
      } catch (error) {
        throwIfWriteFailed(error);
        skipped.push({ what: name(png), why: `could not render: ${capText(message(error))}` });
      }
    }
  }

  // --- statistics -------------------------------------------------------------------------------
  const metrics = pendingMetrics ? await pendingMetrics : null;
  let samples: ReportModel['samples'] = null;
  if (metrics && evals) {
    await write(outPaths.beforeAfterMetrics, `${JSON.stringify(metrics, null, 2)}\n`);
    samples = selectSampleTrajectories(evals.pre, evals.post, { rewardKey });
    await write(outPaths.sampleTrajectories, formatSampleTrajectories(samples));
  } else if (evidenceFound) {
    skipped.push({ what: 'before/after statistics', why: 'needs both pre_eval.jsonl and post_eval.jsonl' });
  }
  progress('before/after statistics');
  if (evidenceFound) await drawCharts('evals', metrics);

  // --- pictures already in the folder -----------------------------------------------------------
  const curves = (await interactiveCurves(root, await findCurves(root, paths.curvesRoot), skipped)).map(
    (p) => ({
      ...p,
      file: href(join(root, p.file)),
      label: p.file,
      ...(p.interactive
        ? {
            interactive: {
              ...p.interactive,
              data: href(join(root, p.interactive.data)),
              dataLabel: p.interactive.data,
            },
          }
        : {}),
    }),
  );
  progress('curves');
  const animations = (await findAnimations(root, paths.animationsRoot, issues)).map((episode) => ({
    ...episode,
    gif: episode.gif === null ? null : href(join(root, episode.gif)),
    label: episode.gif,
  }));
  for (const episode of animations) {
    if (!episode.gif) {
      skipped.push({
        what: episode.json ?? `${episode.mode} episode ${episode.episode}`,
        why: episode.warning ? `no GIF: ${capText(episode.warning)}` : 'no GIF beside this episode record',
      });
    }
  }
  progress('animations');

  // --- the report -------------------------------------------------------------------------------
  const raw: RawLog[] = [];
  for (const path of [...(await rawLogs(root, paths)), ...sourceFiles(charted)]) {
    raw.push({ file: href(path), label: name(path), bytes: (await stat(path)).size });
  }
  // the run as run.json describes it, and what the other trainers' files say (env id, episodes…)
  const facts = charted.length > 0 ? sourceFacts(root, charted) : null;
  const runData = run.state === 'found' ? { ...facts, ...run.data } : facts;
  const described: RunInfo = runData ? { state: 'found', file: run.file, data: runData } : run;
  // a bad line's reason can quote the line: keep it short on the console and on the page
  const cappedIssues = issues.map((issue) => ({ ...issue, reason: capText(issue.reason) }));
  const model: ReportModel = {
    title: options.title ?? runTitle(described) ?? `Training evidence — ${basename(root)}`,
    generatedAt: new Date().toISOString(),
    run: runData,
    runNote:
      run.state === 'invalid'
        ? `${RUN_FILE} could not be read: ${capText(run.reason)}`
        : runData !== null
          ? null
          : `No ${RUN_FILE} in this folder: what was trained, and how, is not recorded.`,
    rawLogs: raw,
    metrics,
    training: trainingLog ? trainingSummary(trainingLog) : null,
    charts,
    curves,
    animations,
    checkpoints: checkpointEvals ? checkpointTable(checkpointEvals) : null,
    samples,
    skipped: skipped.map((s) => ({ what: capText(s.what), why: capText(s.why) })),
    issues: cappedIssues.map((issue) => ({ ...issue, file: name(issue.file) })),
  };
  await write(outPaths.indexHtml, await renderHtml(model, out, { inline: options.inline === true }));
  // beside the page: the live data `evidence watch` rewrites; none yet, the page has its own
  await write(join(out, LIVE_DATA_FILE), liveDataScript({}));
  progress('index.html');
  await write(outPaths.reportMd, renderMarkdown(model));
  progress('REPORT.md');

  return {
    dir: root,
    out,
    page: outPaths.indexHtml,
    written: folder.written,
    skipped,
    issues: cappedIssues,
    metrics,
    run,
    sources: foundLine,
    ...(overlaid ? { curves: overlayCurves(overlaid.overlays) } : {}),
  };
}
