import { open } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { RunFormat } from './run-table.js';
import { MONITOR_SUFFIX } from './sb3-monitor.js';
import { isEventFile } from './tensorboard/read.js';
import { wandbSeries } from './wandb-csv.js';

/** Our evidence folder's fixed-column logs, read with csv-log's fast reader. */
export const EVIDENCE_CSV_NAMES = ['training_log.csv', 'reward_components.csv', 'checkpoint_evals.csv'];

/** What each format looks like on disk, for messages that say what was looked for. */
export const LOOKED_FOR = [
  'training_log.csv, reward_components.csv, checkpoint_evals.csv (evidence)',
  '*monitor.csv and progress.csv (Stable-Baselines3)',
  'events.out.tfevents.* (TensorBoard: torch, TF2, CleanRL, SB3, HF Trainer)',
  '*.csv with "Step" and "<run> - <metric>" columns (W&B panel export)',
  'other *.csv / *.tsv',
  '*.jsonl',
];

/** The format of one file, from its name and, for a CSV of unknown name, its header line; null if none. */
export async function detectFileFormat(path: string): Promise<RunFormat | null> {
  const name = basename(path);
  if (isEventFile(name)) return 'tensorboard';
  if (name.endsWith(MONITOR_SUFFIX)) return 'sb3-monitor';
  if (name === 'progress.csv') return 'sb3-progress';
  if (EVIDENCE_CSV_NAMES.includes(name)) return 'evidence-csv';
  const extension = extname(name).toLowerCase();
  if (extension === '.jsonl') return 'jsonl';
  if (extension !== '.csv' && extension !== '.tsv') return null;
  const first = await firstLine(path);
  if (first.startsWith('#{') && first.includes('"t_start"')) return 'sb3-monitor';
  const header = first.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
  return wandbSeries(header) ? 'wandb-csv' : 'csv';
}

async function firstLine(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.toString('utf8', 0, bytesRead).replace(/^\uFEFF/, '');
    const end = text.indexOf('\n');
    return (end === -1 ? text : text.slice(0, end)).replace(/\r$/, '');
  } finally {
    await handle.close();
  }
}
