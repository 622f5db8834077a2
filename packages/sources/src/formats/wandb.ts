/** Weights & Biases: its panel export and run.history() CSVs, its run files (stores/wandb-run.ts reads them). */
import { pushAll } from '@evidence/node-kit';
import { readDelimitedFile } from '../delimited.js';
import { type LastLine, type RunPart, TORN, tablePart } from '../part.js';
import { chooseY } from '../roles.js';
import { splitWandbRuns, wandbSeries } from '../wandb-csv.js';
import type { Format } from './format.js';

/** "Export panel data": Step, `<run> - <metric>`, __MIN, __MAX; one run per run named. */
export const wandbPanel: Format = { id: 'wandb-panel', label: 'W&B panel export' };

/** run.history() / run.scan_history() saved as CSV: x = _step, wall time = _timestamp. */
export const wandbHistory: Format = {
  id: 'wandb-history',
  label: 'W&B run.history() CSV',
  claim: (header) =>
    header.includes('_step') && (header.includes('_runtime') || header.includes('_timestamp')),
  whole: true,
  read: ({ columns, source, file, meta, issues }) => {
    const part = tablePart('wandb-history', columns, source, file, {
      x: '_step',
      wall: '_timestamp',
      meta,
      issues,
    });
    part.y = chooseY(
      part.series.map((s) => s.metric),
      ['_runtime', '_timestamp'],
    );
    return part;
  },
};

export const wandbRun: Format = { id: 'wandb-run', label: 'W&B run file' };

/** A W&B panel export: one part per run, x = Step, each metric with its __MIN/__MAX band. */
export async function readWandbPanelParts(
  file: string,
  source: string,
  rule: LastLine = TORN,
): Promise<Map<string, RunPart>> {
  const parsed = await readDelimitedFile(file, rule);
  const series = wandbSeries(parsed.header);
  if (!series) throw new Error(`${file}:1: not a W&B panel export`);
  const columns = parsed.columns;
  const table = { path: file, format: 'wandb-csv' as const, columns, meta: { wandb: series }, issues: [] };
  const out = new Map<string, RunPart>();
  for (const run of splitWandbRuns(table)) {
    const part = tablePart('wandb-panel', run.columns, source, file, { x: series[0]?.x ?? 'step' });
    part.y = series.find((s) => s.run === run.meta.run)?.metric ?? part.y;
    out.set(String(run.meta.run), part);
  }
  const first = out.values().next().value;
  if (first) pushAll(first.issues, parsed.issues);
  return out;
}
