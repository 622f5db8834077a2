/**
 * Our own evidence folder: `training_log.csv`, `reward_components.csv`, `checkpoint_evals.csv`,
 * `curves/<mode>/<mode>_reward_history.json`, `run.json`. The one place `run.json` is read into a run.
 */
import { join } from 'node:path';
import { JOIN_RANK, type Recogniser } from '../catalogue/types.js';
import type { RunMeta } from '../model.js';
import { type RunPart, readEvidenceCsvPart, readRewardHistoryPart } from '../readers.js';
import { RUN_FILE, readRunJson } from '../run-json.js';

export const EVIDENCE_LOGS = ['training_log.csv', 'reward_components.csv', 'checkpoint_evals.csv'];

export const evidence: Recogniser = {
  name: 'evidence',
  async recognise(folder) {
    const histories = folder.dirs.includes('curves')
      ? (folder.ctx.tree.byRel
          .get(folder.path('curves'))
          ?.dirs.map((mode) => `curves/${mode}/${mode}_reward_history.json`)
          .filter((name) =>
            folder
              .filesOf(name.slice(0, name.lastIndexOf('/')))
              .includes(name.slice(name.lastIndexOf('/') + 1)),
          ) ?? [])
      : [];
    const logs = EVIDENCE_LOGS.filter((name) => folder.files.includes(name));
    // any of its logs makes the folder ours (a report reads its training log itself and hides it here)
    if (logs.length === 0 && histories.length === 0) return [];
    const dir = folder.abs;
    const runJson = folder.files.includes(RUN_FILE);
    // the evaluation episodes evidence writes beside its logs are the report's to read and judge
    const evals = folder.files.filter((f) => /(^|_)eval\.jsonl$/.test(f));
    return [
      ...(evals.length > 0
        ? [
            {
              role: 'unread' as const,
              files: evals.map((f) => folder.path(f)),
              why: "evidence's evaluation episodes (read by `evidence report`), not a training curve",
            },
          ]
        : []),
      {
        role: 'join',
        layout: 'evidence',
        rank: JOIN_RANK.whole,
        files: [...logs, ...histories, ...(runJson ? [RUN_FILE] : [])].map((f) => folder.path(f)),
        read: async () => {
          const parts: RunPart[] = [];
          for (const name of logs) parts.push(await readEvidenceCsvPart(join(dir, name), name));
          if (!logs.includes('training_log.csv') && histories[0])
            parts.push(await readRewardHistoryPart(join(dir, histories[0]), histories[0]));
          if (runJson && parts[0])
            parts[0].meta = {
              ...runJsonMeta(asConfig(await readRunJson(join(dir, RUN_FILE)))),
              configFiles: [RUN_FILE],
            };
          return parts;
        },
      },
    ];
  },
};

/** A parsed run.json as a run's config: an object as it is, nothing as {}, any other value under `value`. */
function asConfig(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return { value };
  return value as Record<string, unknown>;
}

/** What our run.json says of the run: its environment, algorithm, seed, and all of it as the config. */
export function runJsonMeta(value: Record<string, unknown>): RunMeta {
  const meta: RunMeta = { config: value };
  const env = value.env_id ?? value.environment ?? value.env;
  if (typeof env === 'string') meta.envId = env;
  else if (env && typeof env === 'object' && typeof (env as Record<string, unknown>).id === 'string')
    meta.envId = (env as Record<string, unknown>).id as string;
  if (typeof value.algorithm === 'string') meta.algo = value.algorithm;
  if (typeof value.seed === 'number') meta.seed = value.seed;
  return meta;
}
