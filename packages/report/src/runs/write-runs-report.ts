/** `--out DIR`: index.html, RUNS.md, runs.json and every chart as PNG and SVG, each written atomically. */
import { mkdir, readdir } from 'node:fs/promises';
import { encodeChart } from '@evidence/plots';
import { NOT_OURS, OutputFolder } from '../output-folder.js';
import { embedOverlay } from '../page/index.js';
import type { RunsAnalysis } from './compare-runs.js';
import { runsCharts } from './runs-charts.js';
import { type RunsFigure, type RunsNotes, renderRunsHtml, renderRunsMarkdown } from './runs-page.js';

const OUR_CHART = /^(curve-\d+-[\w.-]*|iqm|improvement|aggregates|profile)\.(png|svg)$/;

export interface RunsReportResult {
  dir: string;
  files: string[];
}

/**
 * Writes the report into `dir`. A folder that holds files but no runs.json was not written by this
 * function: it is refused, so nothing another program wrote is ever replaced; unless every file in it
 * is listed in the folder's record of evidence's files (or is the temp file of one), which each file
 * joins before it is written: a run killed, or stopped by a full disk, at any point is completed by
 * the next.
 */
export async function writeRunsReport(
  analysis: RunsAnalysis,
  dir: string,
  given: RunsNotes,
  options: { generatedAt?: string } = {},
): Promise<RunsReportResult> {
  // the runs the statistics left out (other columns) join what the caller skipped, once each
  const left = (analysis.summary.skipped ?? []).filter(
    (s) => !given.skipped.some((g) => g.path === s.path && g.why === s.why),
  );
  const notes: RunsNotes = { ...given, skipped: [...given.skipped, ...left] };
  const existing = await readdir(dir).catch(() => null);
  // a folder holding runs.json is an earlier runs report: its files are replaced as before
  const earlier = existing?.includes('runs.json') === true;
  const folder = await OutputFolder.open(dir, { force: earlier, batch: true });
  try {
    return await writeInto(folder, analysis, notes, existing, options);
  } finally {
    await folder.discard(); // a failure leaves the earlier report as it was, and no staging folder
  }
}

async function writeInto(
  folder: OutputFolder,
  analysis: RunsAnalysis,
  notes: RunsNotes,
  existing: string[] | null,
  options: { generatedAt?: string },
): Promise<RunsReportResult> {
  const { dir } = folder;
  const earlier = existing?.includes('runs.json') === true;
  if (existing && !earlier && !existing.every((name) => folder.isOurs(name)))
    throw new Error(
      `${dir}: the folder holds other files and no runs.json; expected an empty folder or an earlier runs report`,
    );
  await mkdir(dir, { recursive: true });
  const write = async (name: string, data: string | Uint8Array) => {
    if (!(await folder.write(folder.path(name), data)))
      throw new Error(`${folder.path(name)}: ${NOT_OURS} (give another folder)`);
  };
  const files: string[] = [];
  const figures: RunsFigure[] = [];
  for (const { stem, title, chart, page, overlay } of runsCharts(analysis)) {
    const png = await encodeChart(chart, 'png');
    const svg = await encodeChart(chart, 'svg');
    await write(`${stem}.png`, png);
    await write(`${stem}.svg`, svg);
    files.push(`${stem}.png`, `${stem}.svg`);
    // an overlay's picture (without JavaScript, in print) is its SVG: lighter than the PNG of many bands,
    // and as text (only `%`, `#` and line breaks escaped) a quarter lighter than in base64
    const dataUri = overlay
      ? `data:image/svg+xml,${svg.toString('utf8').replace(/[%#\r\n]/g, encodeURIComponent)}`
      : `data:image/png;base64,${png.toString('base64')}`;
    figures.push({
      id: stem,
      title,
      file: `${stem}.png`,
      dataUri,
      ...(overlay ? { overlay: embedOverlay(overlay) } : page ? { page } : {}),
    });
  }
  const generatedAt = options.generatedAt ?? new Date().toISOString();
  await write('runs.json', `${JSON.stringify({ ...analysis.summary, skipped: notes.skipped }, null, 2)}\n`);
  await write('RUNS.md', renderRunsMarkdown(analysis, notes, figures));
  await write('index.html', renderRunsHtml(analysis, notes, figures, generatedAt));
  files.push('runs.json', 'RUNS.md', 'index.html');
  // the whole set goes into place at once: a kill before this leaves the earlier report whole
  await folder.commit();
  if (folder.refused.length > 0)
    throw new Error(`${folder.refused[0]}: ${NOT_OURS} (changed while the report was drawn)`);
  // charts of an earlier report here (a task or --normalize gone) would sit beside the new page as if current
  await folder.prune(OUR_CHART);
  return { dir, files };
}
