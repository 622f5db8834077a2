// The one "draw every standard chart the folder allows, say why the others were not drawn" loop, used
// by `evidence plot`, `evidence watch` and @evidence/report.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { type LineIssue, lineIssues, loadCsvLogDecimated, readJsonl } from '@evidence/csv-log';
import { pushAll } from '@evidence/node-kit';
import { NoDataError } from './charts/common.js';
import type { CsvInput, EvalInput, EvalRecord } from './data.js';
import type { EvalChartOptions, StandardChart } from './standard-charts.js';

/** Where a chart's inputs come from. Null means "not usable" (the caller already said why). */
export interface ChartInputs {
  csv(path: string): Promise<CsvInput | null>;
  evals(path: string): Promise<EvalInput | null>;
}

/** Reads each input file once, however many charts draw from it, and keeps its bad lines. */
export class ChartInputReader implements ChartInputs {
  readonly issues: LineIssue[] = [];
  readonly #cache = new Map<string, Promise<unknown>>();

  csv(path: string): Promise<CsvInput> {
    return this.#once(path, async () => {
      // every standard chart of a log is a line over step: decimated while reading (bounded memory)
      const loaded = await loadCsvLogDecimated(path, { restartColumn: 'step' });
      pushAll(this.issues, lineIssues(path, loaded.issues));
      return loaded;
    });
  }

  evals(path: string): Promise<EvalRecord[]> {
    return this.#once(path, async () => {
      const result = await readJsonl<EvalRecord>(path);
      pushAll(this.issues, lineIssues(path, result.issues));
      return result.records;
    });
  }

  #once<T>(path: string, load: () => Promise<T>): Promise<T> {
    let pending = this.#cache.get(path) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      this.#cache.set(path, pending);
    }
    return pending;
  }
}

export interface DrawStandardChartsOptions {
  /** where each chart goes; default its own `out` */
  outputFor?: (chart: StandardChart) => string;
  /** default: a ChartInputReader reading the chart's files */
  inputs?: ChartInputs;
  /** extra options for the charts of the evaluations (reward key, the before/after intervals) */
  evalOptions?: Omit<EvalChartOptions, 'out'>;
  onProgress?: (done: number, total: number, what: string) => void;
  /** called (and awaited) right before a chart whose inputs are there is drawn into `out` */
  onBegin?: (out: string, chart: StandardChart) => Promise<void> | void;
  /** called (and awaited) right after each chart's file is written, before the next is drawn */
  onWritten?: (path: string, chart: StandardChart) => Promise<void> | void;
}

export interface StandardChartsResult {
  written: { chart: StandardChart; path: string }[];
  /** not drawn because an input is missing or unusable */
  skipped: { chart: StandardChart; out: string; why: string }[];
  /** an input was there but the chart could not be drawn from it (a required column missing, say) */
  failed: { chart: StandardChart; out: string; error: unknown }[];
  /** bad lines of the files read here (none when `inputs` were given) */
  issues: LineIssue[];
}

/** Why an input cannot be read, or null when it is a regular file. */
const unusable = (path: string): Promise<string | null> =>
  stat(path).then(
    (s) => (s.isFile() ? null : 'not a regular file'),
    () => 'missing',
  );

/**
 * Draws every chart whose inputs exist, in order; a missing input is a skip with its reason, a failing
 * chart is reported and the rest are still drawn.
 */
export async function drawStandardCharts(
  charts: readonly StandardChart[],
  options: DrawStandardChartsOptions = {},
): Promise<StandardChartsResult> {
  const reader = options.inputs ? null : new ChartInputReader();
  const inputs = options.inputs ?? (reader as ChartInputReader);
  const result: StandardChartsResult = { written: [], skipped: [], failed: [], issues: reader?.issues ?? [] };
  let done = 0;
  for (const chart of charts) {
    const out = options.outputFor?.(chart) ?? chart.out;
    const missing: string[] = [];
    const special: string[] = [];
    for (const input of chart.inputs) {
      const why = await unusable(input);
      if (why !== null) (why === 'missing' ? missing : special).push(basename(input));
    }
    if (missing.length > 0 || special.length > 0) {
      const verb = (names: string[]) => (names.length > 1 ? 'are' : 'is');
      const why = [
        ...(missing.length > 0 ? [`${missing.join(' and ')} ${verb(missing)} missing`] : []),
        ...(special.length > 0 ? [`${special.join(' and ')} ${verb(special)} not a regular file`] : []),
      ];
      result.skipped.push({ chart, out, why: why.join('; ') });
    } else {
      try {
        await options.onBegin?.(out, chart);
        const path = await drawOne(chart, inputs, out, options.evalOptions ?? {});
        if (path === null)
          result.skipped.push({ chart, out, why: `no usable data in ${chartInputNames(chart)}` });
        else {
          result.written.push({ chart, path });
          await options.onWritten?.(path, chart);
        }
      } catch (error) {
        // nothing to draw is not a failure: the chart is simply not drawn, and says why
        if (error instanceof NoDataError) result.skipped.push({ chart, out, why: error.message });
        else result.failed.push({ chart, out, error });
      }
    }
    options.onProgress?.(++done, charts.length, basename(out));
  }
  return result;
}

const chartInputNames = (chart: StandardChart): string => chart.inputs.map((i) => basename(i)).join(' and ');

async function drawOne(
  chart: StandardChart,
  inputs: ChartInputs,
  out: string,
  evalOptions: Omit<EvalChartOptions, 'out'>,
): Promise<string | null> {
  if (chart.source === 'csv') {
    const csv = await inputs.csv(chart.inputs[0] as string);
    return csv === null ? null : chart.draw(csv, { out });
  }
  const [prePath, postPath] = chart.inputs as [string, string];
  const pre = await inputs.evals(prePath);
  const post = await inputs.evals(postPath);
  return pre === null || post === null ? null : chart.draw({ pre, post }, { ...evalOptions, out });
}
