/** `--out DIR`: index.html, RUNS.md, runs.json and every chart as PNG and SVG, each written atomically. */
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeChart } from '@evidence/plots';
import { writeTextAtomic } from '../io.js';
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
 * function: it is refused, so nothing another program wrote is ever replaced.
 */
export async function writeRunsReport(
  analysis: RunsAnalysis,
  dir: string,
  notes: RunsNotes,
  options: { generatedAt?: string } = {},
): Promise<RunsReportResult> {
  const existing = await readdir(dir).catch(() => null);
  if (existing && existing.length > 0 && !existing.includes('runs.json'))
    throw new Error(
      `${dir}: the folder holds other files and no runs.json; expected an empty folder or an earlier runs report`,
    );
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  const figures: RunsFigure[] = [];
  for (const { stem, title, chart, page } of runsCharts(analysis)) {
    const png = await encodeChart(chart, 'png');
    const svg = await encodeChart(chart, 'svg');
    await writeTextAtomic(join(dir, `${stem}.png`), png);
    await writeTextAtomic(join(dir, `${stem}.svg`), svg);
    files.push(`${stem}.png`, `${stem}.svg`);
    const dataUri = `data:image/png;base64,${png.toString('base64')}`;
    figures.push({ id: stem, title, file: `${stem}.png`, dataUri, ...(page ? { page } : {}) });
  }
  const generatedAt = options.generatedAt ?? new Date().toISOString();
  await writeTextAtomic(join(dir, 'runs.json'), `${JSON.stringify(analysis.summary, null, 2)}\n`);
  await writeTextAtomic(join(dir, 'RUNS.md'), renderRunsMarkdown(analysis, notes, figures));
  await writeTextAtomic(join(dir, 'index.html'), renderRunsHtml(analysis, notes, figures, generatedAt));
  files.push('runs.json', 'RUNS.md', 'index.html');
  // charts of an earlier report here (a task or --normalize gone) would sit beside the new page as if current
  for (const name of existing ?? [])
    if (OUR_CHART.test(name) && !files.includes(name)) await unlink(join(dir, name)).catch(() => {});
  return { dir, files };
}
