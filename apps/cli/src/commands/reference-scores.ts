// `runs --reference FILE`: each task's random and expert scores (rliable's Atari tables), so normalized
// scores are absolute, (score − random)/(expert − random), not relative to the runs compared.
import { readFile } from 'node:fs/promises';
import { readCsvLog } from '@evidence/csv-log';
import type { Normalize } from '@evidence/report';
import { InputError, UsageError } from '../errors.js';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** JSON: {"task": {"random": r, "expert": e}} or {"task": [r, e]}. */
async function fromJson(path: string, label: string): Promise<Record<string, [number, number]>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw new InputError(label, `not valid JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new InputError(label, 'expected an object {"task": {"random": r, "expert": e}, …}');
  const out: Record<string, [number, number]> = {};
  for (const [task, value] of Object.entries(parsed)) {
    const pair = Array.isArray(value)
      ? value
      : value && typeof value === 'object'
        ? [(value as Record<string, unknown>).random, (value as Record<string, unknown>).expert]
        : [];
    if (pair.length !== 2 || !finite(pair[0]) || !finite(pair[1]))
      throw new InputError(
        label,
        `task ${JSON.stringify(task)}: expected {"random": number, "expert": number}, got ${JSON.stringify(value)}`,
      );
    out[task] = [pair[0], pair[1]];
  }
  return out;
}

/** CSV: a header with task, random and expert, then one row per task. */
async function fromCsv(path: string, label: string): Promise<Record<string, [number, number]>> {
  const rows = readCsvLog(path);
  const out: Record<string, [number, number]> = {};
  let line = 1;
  for await (const row of rows) {
    line++;
    const { task, random, expert } = row as Record<string, unknown>;
    if (task === undefined || task === null || !finite(random) || !finite(expert))
      throw new InputError(
        `${label}:${line}`,
        `expected the columns task, random and expert (numbers), got ${JSON.stringify(row)}`,
      );
    out[String(task)] = [random, expert];
  }
  const bad = rows.issues.skipped[0] ?? rows.issues.torn;
  if (bad)
    throw new InputError(
      `${label}:${bad.line}`,
      'reason' in bad ? bad.reason : 'the last line has no line end',
    );
  return out;
}

/** The normalization `--reference FILE` gives: random maps to 0, expert to 1. */
export async function referenceScores(path: string, label: string): Promise<Normalize> {
  const ranges = /\.json$/i.test(path)
    ? await fromJson(path, label)
    : /\.[ct]sv$/i.test(path)
      ? await fromCsv(path, label)
      : (() => {
          throw new UsageError(`--reference: expected a .json or .csv file, got ${JSON.stringify(label)}`);
        })();
  for (const [task, [random, expert]] of Object.entries(ranges))
    if (!(expert > random))
      throw new InputError(
        label,
        `task ${JSON.stringify(task)}: the expert score (${expert}) must be above the random one (${random})`,
      );
  return { label: `reference scores from ${label} (random = 0, expert = 1)`, ranges };
}
