/** What the report shows of the trainer's logs: the headline's early/late reward, the checkpoint table, the raw files. */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Run } from '@evidence/sources';
import { capText } from '../cap-text.js';
import type { DecimatedCsvLog, EvidencePaths, LoadedCsvLog } from '../io.js';
import { RUN_FILE } from '../run-info.js';
import type { ReportModel, TrainingSummary } from './model.js';

const CHECKPOINT_ROWS_SHOWN = 10;

/** Early vs late training reward, for the headline when there is no evaluation. One pass, no copy. */
export function trainingSummary(log: LoadedCsvLog): TrainingSummary | null {
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
export function decimationNote(log: LoadedCsvLog | null | undefined): string {
  const d = (log as Partial<DecimatedCsvLog> | null | undefined)?.decimation;
  if (!d || d.kept === d.rows) return '';
  return ` (drawn from ${d.kept.toLocaleString('en')} of ${d.rows.toLocaleString('en')} rows: the first, last, lowest and highest of every ${d.rowsPerBucket.toLocaleString('en')})`;
}

/** The last rows of checkpoint_evals.csv, without the columns that are empty in every row shown. */
export function checkpointTable(log: LoadedCsvLog): ReportModel['checkpoints'] {
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
export async function rawLogs(root: string, paths: EvidencePaths): Promise<string[]> {
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
export function sourceFiles(runs: readonly Run[]): string[] {
  return runs.flatMap((run) => {
    const sources = [...new Set(run.series.map((s) => s.source))];
    // a file run's series name the file itself; a folder run's a file in it ('*monitor.csv': all of them)
    return sources.map((source) =>
      source === '' || source.includes('*') || run.path.endsWith(source) ? run.path : join(run.path, source),
    );
  });
}
