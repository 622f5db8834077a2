/**
 * Write: the before/after statistics files, the pictures already in the folder (curves, GIFs), and the
 * page and REPORT.md of the one report model. Every file goes through the report's guarded write.
 */
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Run } from '@evidence/sources';
import { capText } from '../cap-text.js';
import { EvidencePaths } from '../io.js';
import { jsonPieces } from '../json-pieces.js';
import { LIVE_DATA_FILE } from '../page/index.js';
import { DEFAULT_REWARD_KEY } from '../records.js';
import { RUN_FILE, type RunInfo, runTitle } from '../run-info.js';
import { formatSampleTrajectories, selectSampleTrajectories } from '../trajectories.js';
import { findAnimations, findCurves, type Picture } from './assets.js';
import type { BeforeAfterMetrics } from './before-after.js';
import type { ReportContext } from './context.js';
import { interactiveCurves } from './curves.js';
import type { EvidenceInputs } from './gather.js';
import { renderHtml } from './html.js';
import { liveDataScript } from './live-data.js';
import { checkpointTable, rawLogs, sourceFiles, trainingSummary } from './log-views.js';
import { renderMarkdown } from './markdown.js';
import type { RawLog, ReportModel } from './model.js';
import { sourceFacts } from './source-charts.js';

/** before_after_metrics.json and sample_trajectories.md, when both evaluations are there. */
export async function writeStatistics(
  ctx: ReportContext,
  inputs: EvidenceInputs,
  evidenceFound: boolean,
): Promise<ReportModel['samples']> {
  const { metrics, evals } = inputs;
  const outPaths = new EvidencePaths(ctx.out);
  let samples: ReportModel['samples'] = null;
  if (metrics && evals) {
    // written in pieces: the metrics of 300,000 outcome keys are 110 MB of JSON
    await ctx.write(outPaths.beforeAfterMetrics, jsonPieces(metrics, '\n'));
    samples = selectSampleTrajectories(evals.pre, evals.post, {
      rewardKey: ctx.options.rewardKey ?? DEFAULT_REWARD_KEY,
    });
    await ctx.write(outPaths.sampleTrajectories, formatSampleTrajectories(samples));
  } else if (evidenceFound) {
    ctx.skipped.push({
      what: 'before/after statistics',
      why: 'needs both pre_eval.jsonl and post_eval.jsonl',
    });
  }
  ctx.progress('before/after statistics');
  return samples;
}

/** The curve recorder's pictures and the recorded episodes' GIFs already in the folder, linked from the page. */
export async function pictures(
  ctx: ReportContext,
  paths: EvidencePaths,
): Promise<Pick<ReportModel, 'curves' | 'animations'>> {
  const { root } = ctx;
  const found = await interactiveCurves(root, await findCurves(root, paths.curvesRoot), ctx.skipped);
  const curves: Picture[] = found.map((p) => ({
    ...p,
    file: ctx.href(join(root, p.file)),
    label: p.file,
    ...(p.interactive
      ? {
          interactive: {
            ...p.interactive,
            data: ctx.href(join(root, p.interactive.data)),
            dataLabel: p.interactive.data,
          },
        }
      : {}),
  }));
  ctx.progress('curves');
  const animations = (await findAnimations(root, paths.animationsRoot, ctx.issues)).map((episode) => ({
    ...episode,
    gif: episode.gif === null ? null : ctx.href(join(root, episode.gif)),
    label: episode.gif,
  }));
  for (const episode of animations)
    if (!episode.gif)
      ctx.skipped.push({
        what: episode.json ?? `${episode.mode} episode ${episode.episode}`,
        why: episode.warning ? `no GIF: ${capText(episode.warning)}` : 'no GIF beside this episode record',
      });
  ctx.progress('animations');
  return { curves, animations };
}

/** The run as run.json describes it, and what the other runs' files say (env id, episodes…). */
function describedRun(ctx: ReportContext, run: RunInfo, charted: readonly Run[]) {
  const facts = charted.length > 0 ? sourceFacts(ctx.root, charted) : null;
  const runData = run.state === 'found' ? { ...facts, ...run.data } : facts;
  const described: RunInfo = runData ? { state: 'found', file: run.file, data: runData } : run;
  const runNote =
    run.state === 'invalid'
      ? `${RUN_FILE} could not be read: ${capText(run.reason)}`
      : runData !== null
        ? null
        : `No ${RUN_FILE} in this folder: what was trained, and how, is not recorded.`;
  return { runData, described, runNote };
}

/** The one report model, drawn as index.html and REPORT.md. */
export async function reportModel(
  ctx: ReportContext,
  inputs: EvidenceInputs,
  parts: Pick<ReportModel, 'charts' | 'curves' | 'animations' | 'samples'>,
  charted: readonly Run[],
  metrics: BeforeAfterMetrics | null,
): Promise<ReportModel> {
  const raw: RawLog[] = [];
  for (const path of [...(await rawLogs(ctx.root, inputs.paths)), ...sourceFiles(charted)])
    raw.push({ file: ctx.href(path), label: ctx.name(path), bytes: (await stat(path)).size });
  const { runData, described, runNote } = describedRun(ctx, inputs.run, charted);
  return {
    title: ctx.options.title ?? runTitle(described) ?? `Training evidence — ${basename(ctx.root)}`,
    generatedAt: new Date().toISOString(),
    run: runData,
    runNote,
    rawLogs: raw,
    metrics,
    training: inputs.trainingLog ? trainingSummary(inputs.trainingLog) : null,
    ...parts,
    checkpoints: inputs.checkpointEvals ? checkpointTable(inputs.checkpointEvals) : null,
    skipped: ctx.skipped.map((s) => ({ what: capText(s.what), why: capText(s.why) })),
    // a bad line's reason can quote the line: keep it short on the console and on the page
    issues: ctx.issues.map((issue) => ({
      ...issue,
      reason: capText(issue.reason),
      file: ctx.name(issue.file),
    })),
  };
}

/** index.html, the live data beside it (none yet: the page has its own), and REPORT.md. */
export async function writePages(ctx: ReportContext, model: ReportModel): Promise<void> {
  const outPaths = new EvidencePaths(ctx.out);
  await ctx.write(
    outPaths.indexHtml,
    await renderHtml(model, ctx.out, {
      inline: ctx.options.inline === true,
      where: (path) => ctx.folder.whereNow(path),
    }),
  );
  await ctx.write(join(ctx.out, LIVE_DATA_FILE), liveDataScript({}));
  ctx.progress('index.html');
  await ctx.write(outPaths.reportMd, renderMarkdown(model));
  ctx.progress('REPORT.md');
}
