import { basename } from 'node:path';
import { EvidencePaths, type LoadedCsvLog, loadCsvLog, readJsonl } from '@evidence/csv-log';
import type { EvalRecord } from '@evidence/plots';
import { fromReadIssues, type LineIssue } from './issues.js';
import { kindOf } from './paths.js';

type EvalRecords = EvalRecord[];
type CsvRenderer = 'renderTrainingCurve' | 'renderRewardComponents' | 'renderCheckpointProgression';

// The drawing library (native canvas) is loaded on first use, so `--help` and `env` start fast.
const plots = () => import('@evidence/plots');

/** One standard chart of the evidence folder: the files it reads and how to draw it. */
export interface ChartPlan {
  output: string;
  inputs: string[];
  draw(loader: Loader, out: string): Promise<string>;
}

export interface ChartsResult {
  written: string[];
  skipped: { what: string; why: string }[];
  failed: { what: string; error: unknown }[];
  issues: LineIssue[];
}

/** The charts `evidence plot DIR` and `evidence watch` draw, named as the reference trainer names them. */
export function standardCharts(dir: string): ChartPlan[] {
  const paths = new EvidencePaths(dir);
  const csvChart = (render: CsvRenderer, csv: string) => async (loader: Loader, out: string) =>
    (await plots())[render](await loader.csv(csv), out);
  return [
    {
      output: paths.trainingCurvePng,
      inputs: [paths.trainingLog],
      draw: csvChart('renderTrainingCurve', paths.trainingLog),
    },
    {
      output: paths.rewardComponentsPng,
      inputs: [paths.rewardComponents],
      draw: csvChart('renderRewardComponents', paths.rewardComponents),
    },
    {
      output: paths.checkpointProgressionPng,
      inputs: [paths.checkpointEvals],
      draw: csvChart('renderCheckpointProgression', paths.checkpointEvals),
    },
    {
      output: paths.beforeAfterSummaryPng,
      inputs: [paths.preEval, paths.postEval],
      draw: async (loader, out) =>
        (await plots()).renderBeforeAfter(
          await loader.jsonl(paths.preEval),
          await loader.jsonl(paths.postEval),
          out,
        ),
    },
    {
      output: paths.rewardDistributionPng,
      inputs: [paths.preEval, paths.postEval],
      draw: async (loader, out) =>
        (await plots()).renderRewardDistribution(
          await loader.jsonl(paths.preEval),
          await loader.jsonl(paths.postEval),
          out,
        ),
    },
  ];
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
  plans: readonly ChartPlan[],
  outputFor: (plan: ChartPlan) => string,
  onDone?: (done: number, total: number, what: string) => void,
): Promise<ChartsResult> {
  const loader = new Loader();
  const result: ChartsResult = { written: [], skipped: [], failed: [], issues: loader.issues };
  let done = 0;
  for (const plan of plans) {
    const out = outputFor(plan);
    const missing: string[] = [];
    for (const input of plan.inputs) if ((await kindOf(input)) !== 'file') missing.push(basename(input));
    if (missing.length > 0) {
      result.skipped.push({
        what: basename(out),
        why: `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
      });
    } else {
      try {
        result.written.push(await plan.draw(loader, out));
      } catch (error) {
        result.failed.push({ what: basename(out), error });
      }
    }
    onDone?.(++done, plans.length, basename(out));
  }
  return result;
}
