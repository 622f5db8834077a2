/**
 * `buildReport`: gather (the folder's logs, evaluations, run.json and other runs) → draw (every chart
 * its inputs allow) → write (the statistics, index.html and REPORT.md), each file through the one
 * guarded write of the report's OutputFolder.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import type { MeanCurve } from '@evidence/stats';
import { capText } from '../cap-text.js';
import type { ReportIssue } from '../eval-files.js';
import { EvidencePaths } from '../io.js';
import type { RunInfo } from '../run-info.js';
import { overlayCurves } from '../runs/metric-overlays.js';
import { sourceIssues } from '../source-issues.js';
import type { Picture } from './assets.js';
import type { BeforeAfterMetrics } from './before-after.js';
import { ReportContext, type ReportOptions } from './context.js';
import { drawOverlays, drawSourceCharts, drawStandard } from './draw.js';
import { type FoundSources, MAX_OVERLAYS, MAX_SOURCES } from './find-sources.js';
import { gatherEvidence, NothingToReportError, planSources, type SourcesPlan } from './gather.js';
import { REPORT_DIR } from './paths.js';
import { pictures, reportModel, writePages, writeStatistics } from './write.js';

export { NothingToReportError, REPORT_DIR, type ReportOptions };

export interface ReportResult {
  /** the evidence folder read */
  dir: string;
  /** the folder written */
  out: string;
  /** the page to open */
  page: string;
  written: string[];
  /** the files left as they were because evidence did not write them (none with `force`) */
  refused: string[];
  /** inputs there that are no regular file (a FIFO, a device): never opened, and named in `skipped` */
  notRead: string[];
  skipped: { what: string; why: string }[];
  issues: ReportIssue[];
  metrics: BeforeAfterMetrics | null;
  run: RunInfo;
  /** what other trainers' files were found and what is charted of them (one line), or null when none */
  sources: string | null;
  /** a folder of runs: per metric, per group, the mean curve the overlays draw (as `evidence runs --json`) */
  curves?: Record<string, Record<string, MeanCurve>>;
  /**
   * with other trainers' runs charted: the discovery's summary (as `evidence runs` prints it) and the
   * files it did not read, with why
   */
  discovery?: FoundSources['discovery'];
}

/** The charts a report draws of a folder's runs, numbered: an earlier report's may be left over. */
const EARLIER_CHART = /^(overlay|source)-\d+-.+\.(png|svg)$/;

/** What the page says of the runs it does not chart, and the bad lines of those it does. */
function noteSources(ctx: ReportContext, plan: SourcesPlan): void {
  const { found, overlaid, charted } = plan;
  for (const run of charted) pushAll(ctx.issues, sourceIssues(run));
  if (overlaid && overlaid.metrics > MAX_OVERLAYS)
    ctx.skipped.push({
      what: `${overlaid.metrics - MAX_OVERLAYS} more metrics`,
      why: `only the first ${MAX_OVERLAYS} metrics are charted: \`evidence plot\` draws chosen columns`,
    });
  if (!overlaid && found.more.length > 0)
    ctx.skipped.push({
      what: `${found.more.length} more runs (${found.more
        .map((run) => ctx.name(run.path))
        .slice(0, 3)
        .join(', ')}…)`,
      why: `only the first ${MAX_SOURCES} are charted: compare many runs with \`evidence runs\`, or report one subfolder`,
    });
  for (const skip of found.unreadable) ctx.skipped.push({ what: skip.path, why: capText(skip.why) });
}

/**
 * Build the report of an evidence folder into `<dir>/report/` (or `options.out`): every chart its inputs
 * allow, before_after_metrics.json, sample_trajectories.md, index.html and REPORT.md. Reads what
 * exists, skips (and says why) what it cannot, lists bad input lines, and never writes over a file it
 * did not write itself. A folder of runs (evidence runs, SB3, TensorBoard… or a mix) gets one overlay
 * per metric. Throws when `dir` is not a readable folder, and NothingToReportError (having written
 * nothing) when it holds nothing to report.
 */
export async function buildReport(dir: string, options: ReportOptions = {}): Promise<ReportResult> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`${dir}: not a folder (expected an evidence folder)`);
  const ctx = await ReportContext.open(root, resolve(options.out ?? join(root, REPORT_DIR)), options);
  try {
    return await buildInto(ctx, dir, root);
  } finally {
    await ctx.folder.discard(); // a failure leaves the earlier set as it was, and no staging folder
  }
}

async function buildInto(ctx: ReportContext, dir: string, root: string): Promise<ReportResult> {
  // --- gather
  const { evidenceFound, plan } = await planSources(ctx, dir, new EvidencePaths(root));
  if (plan.foundLine) ctx.log(plan.foundLine);
  // without our own logs only the steps that apply are taken (and counted): no "not found" for each of our files
  ctx.total = (evidenceFound ? 11 : 6) + plan.foreignCharts.length + (plan.overlaid?.overlays.length ?? 0);
  const inputs = await gatherEvidence(ctx, evidenceFound);
  ctx.progress('read logs');
  await mkdir(ctx.out, { recursive: true });
  // --- draw
  const charts: Picture[] = [];
  if (evidenceFound) await drawStandard(ctx, inputs, 'csv', null, charts);
  noteSources(ctx, plan);
  await drawSourceCharts(ctx, plan.foreignCharts, charts);
  await drawOverlays(ctx, plan.overlaid?.overlays ?? [], charts);
  // --- write
  const samples = await writeStatistics(ctx, inputs, evidenceFound);
  if (evidenceFound) await drawStandard(ctx, inputs, 'evals', inputs.metrics, charts);
  const found = await pictures(ctx, inputs.paths);
  const model = await reportModel(ctx, inputs, { charts, samples, ...found }, plan.charted, inputs.metrics);
  await writePages(ctx, model);
  // the whole set goes into place at once: a kill before this leaves the earlier report whole
  const before = ctx.folder.refused.length;
  await ctx.folder.commit();
  // a file somebody changed while the report was drawn is left as it is, and named
  for (const path of ctx.folder.refused.slice(before)) ctx.refuse(path);
  // the charts of an earlier report here (a run or a metric gone) would sit beside the page as if current
  await ctx.folder.prune(EARLIER_CHART);
  return {
    dir: root,
    out: ctx.out,
    page: new EvidencePaths(ctx.out).indexHtml,
    written: ctx.folder.written,
    refused: ctx.folder.refused,
    notRead: ctx.notRead,
    skipped: ctx.skipped,
    issues: ctx.issues.map((issue) => ({ ...issue, reason: capText(issue.reason) })),
    metrics: inputs.metrics,
    run: inputs.run,
    sources: plan.foundLine,
    ...(plan.foundLine === null ? {} : { discovery: plan.found.discovery }),
    ...(plan.overlaid ? { curves: overlayCurves(plan.overlaid.overlays) } : {}),
  };
}
