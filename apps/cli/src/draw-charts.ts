import { basename } from 'node:path';
import { type LoadedCsvLog, loadCsvLog, readJsonl } from '@evidence/csv-log';
// Types only: the drawing library (native canvas) is loaded by the commands that draw, so `--help` and
// `env` start fast.
import type { EvalRecord, StandardChart } from '@evidence/plots';
import { fromReadIssues, type LineIssue } from './issues.js';
import { kindOf } from './paths.js';

type EvalRecords = EvalRecord[];

export interface ChartsResult {
  written: string[];
  skipped: { what: string; why: string }[];
  failed: { what: string; error: unknown }[];
  issues: LineIssue[];
}

/** Draws one standard chart (from @evidence/plots' list) from what `loader` read, to `out`. */
async function drawChart(chart: StandardChart, loader: Loader, out: string): Promise<string> {
  if (chart.source === 'csv') return chart.draw(await loader.csv(chart.inputs[0] as string), { out });
  const [pre, post] = chart.inputs as [string, string];
  return chart.draw({ pre: await loader.jsonl(pre), post: await loader.jsonl(post) }, { out });
}

/** Reads each input once per run and collects its bad lines, so two charts of one file report them once. */
export class Loader {
  readonly issues: LineIssue[] = [];
  readonly #cache = new Map<string, Promise<unknown>>();

  csv(path: string): Promise<LoadedCsvLog> {
    return this.#once(path, async () => {
      const loaded = await loadCsvLog(path);
      this.issues.push(...fromReadIssues(path, loaded.issues));
      return loaded;
    });
  }

  jsonl(path: string): Promise<EvalRecords> {
    return this.#once(path, async () => {
      const result = await readJsonl(path);
      this.issues.push(...fromReadIssues(path, result.issues));
      return result.records as unknown as EvalRecords;
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

/**
 * Draws every chart whose inputs exist; says why it skipped the others. A chart that fails (a required
 * column missing, say) is reported and the rest are still drawn.
 */
export async function drawCharts(
  charts: readonly StandardChart[],
  outputFor: (chart: StandardChart) => string,
  onDone?: (done: number, total: number, what: string) => void,
): Promise<ChartsResult> {
  const loader = new Loader();
  const result: ChartsResult = { written: [], skipped: [], failed: [], issues: loader.issues };
  let done = 0;
  for (const chart of charts) {
    const out = outputFor(chart);
    const missing: string[] = [];
    for (const input of chart.inputs) if ((await kindOf(input)) !== 'file') missing.push(basename(input));
    if (missing.length > 0) {
      result.skipped.push({
        what: basename(out),
        why: `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
      });
    } else {
      try {
        result.written.push(await drawChart(chart, loader, out));
      } catch (error) {
        result.failed.push({ what: basename(out), error });
      }
    }
    onDone?.(++done, charts.length, basename(out));
  }
  return result;
}
