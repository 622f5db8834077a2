// Which of the standard charts of an evidence folder are line charts the page draws itself, and the
// live data file `evidence watch` rewrites beside the page so that an open page follows the logs.
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  type Chart,
  type CsvInput,
  checkpointProgressionChart,
  rewardComponentsChart,
  type StandardChartName,
  standardCharts,
  trainingCurveChart,
} from '@evidence/plots';
import { EvidencePaths } from '../io.js';
import { OutputFolder } from '../output-folder.js';
import {
  type EmbeddedChart,
  embedChart,
  LIVE_DATA_CALLBACK,
  LIVE_DATA_FILE,
  scriptJson,
} from '../page/index.js';
import { REPORT_DIR } from './paths.js';

/** The standard charts drawn as lines (the before/after bars and the histograms stay static). */
const LINE_CHARTS: Partial<Record<StandardChartName, (csv: CsvInput) => Promise<Chart>>> = {
  trainingCurve: trainingCurveChart,
  rewardComponents: rewardComponentsChart,
  checkpointProgression: checkpointProgressionChart,
};

/** The description of a standard line chart from its log (path or loaded log); null for other charts. */
export function describeLineChart(name: StandardChartName, csv: CsvInput): Promise<Chart> | null {
  return LINE_CHARTS[name]?.(csv) ?? null;
}

/** The text of the live data file: a call the page's script answers, with the charts by id. */
export function liveDataScript(charts: Readonly<Record<string, EmbeddedChart>>): string {
  return `${LIVE_DATA_CALLBACK}(${scriptJson({ charts })});\n`;
}

export interface LiveDataResult {
  /** the file written */
  file: string;
  /** ids of the charts it holds */
  charts: string[];
  /** one line per log that could not be read (its chart keeps the data the page has) */
  problems: string[];
}

/**
 * Writes `report-data.js` beside the report page of the evidence folder `dir` with the data of every
 * line chart whose log exists, read afresh; an open page re-loads it and redraws the charts that changed.
 * `out` is the page's folder when the report was built elsewhere. With `ifPageExists`, writes nothing and
 * resolves to null when there is no page yet.
 */
export async function writeLiveReportData(
  dir: string,
  options: { columns?: number; ifPageExists?: boolean; out?: string } = {},
): Promise<LiveDataResult | null> {
  const paths = new EvidencePaths(resolve(dir));
  const pageDir = resolve(options.out ?? join(paths.root, REPORT_DIR));
  if (options.ifPageExists && !existsSync(join(pageDir, basename(paths.indexHtml)))) return null;
  const file = join(pageDir, LIVE_DATA_FILE);
  const folder = await OutputFolder.open(pageDir);
  if (!folder.mayWrite(file))
    return { file, charts: [], problems: [`${file}: not written by evidence; left as it is`] };
  const charts: Record<string, EmbeddedChart> = {};
  const problems: string[] = [];
  for (const chart of standardCharts(paths)) {
    const input = chart.inputs[0] as string;
    if (chart.source !== 'csv' || !LINE_CHARTS[chart.name] || !existsSync(input)) continue;
    try {
      const description = await (describeLineChart(chart.name, input) as Promise<Chart>);
      charts[chart.name] = embedChart(description, options);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  await folder.write(file, liveDataScript(charts));
  return { file, charts: Object.keys(charts), problems };
}
