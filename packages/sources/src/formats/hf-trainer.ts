/** Hugging Face's Trainer (and TRL's): trainer_state.json. */
import { type RunPart, readJsonFile, recordColumns, tablePart } from '../part.js';
import type { Format } from './format.js';

export const hfTrainerState: Format = {
  id: 'hf-trainer-state',
  label: 'Hugging Face Trainer trainer_state.json',
};

/**
 * Hugging Face Trainer / TRL `trainer_state.json`: `log_history` is one record per logging step (loss,
 * learning_rate, grad_norm, reward, kl…, eval_* at evaluations, train_* once at the end); x = step.
 * Its other keys (global_step, max_steps, train_batch_size…) are the configuration.
 */
export async function readTrainerStatePart(file: string, source: string): Promise<RunPart> {
  const state = (await readJsonFile(file)) as Record<string, unknown> | null;
  const history = state?.log_history;
  if (!Array.isArray(history)) throw new Error(`${file}: expected "log_history" to be an array of records`);
  const config: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state ?? {}))
    if (key !== 'log_history' && (value === null || typeof value !== 'object')) config[key] = value;
  const columns = recordColumns(history as Record<string, unknown>[], '/');
  const part = tablePart('hf-trainer-state', columns, source, file, {
    x: 'step',
    meta: { config, configFiles: [source] },
  });
  return part;
}
