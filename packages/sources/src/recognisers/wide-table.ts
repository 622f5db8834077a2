/**
 * A wide table with one column per seed (`env_step, rew, rew:shaded, rew:seed_0 … rew:seed_9`, as
 * Tianshou's merge_csv writes; `return_seed1`, `seed_2/return`): one run per seed, all of one group.
 * The columns that summarise the seeds (`rew`, `rew:shaded`) are said, not read as runs.
 */
import { join } from 'node:path';
import type { Recogniser, Source, SplitRuns } from '../catalogue/types.js';
import { readDelimitedFile } from '../delimited.js';
import { type TableOptions, tablePart } from '../readers.js';
import { chooseX } from '../role-values.js';
import { tableOptions } from './shared.js';

/** A column of one seed: its metric (base) and the seed's key; null when it is no seed column. */
export function seedColumn(name: string): { base: string; key: string } | null {
  const colon = /^(.+?):(.+)$/.exec(name);
  if (colon && /\d/.test(colon[2] as string))
    return { base: (colon[1] as string).trim(), key: (colon[2] as string).trim() };
  const after = /^(.+?)[\s_\-:]*(seed|run|trial)[\s_\-:=]*(\d+)$/i.exec(name);
  if (after)
    return { base: (after[1] as string).trim(), key: `${(after[2] as string).toLowerCase()}_${after[3]}` };
  const before = /^(seed|run|trial)[\s_\-:=]*(\d+)[\s_\-:/]+(.+)$/i.exec(name);
  if (before)
    return { base: (before[3] as string).trim(), key: `${(before[1] as string).toLowerCase()}_${before[2]}` };
  return null;
}

/** The seeds of a header, when some metric has a column for each of two or more. */
export function wideSeeds(header: readonly string[]): Map<string, Map<string, string>> | null {
  const byKey = new Map<string, Map<string, string>>(); // key -> base -> column
  const keysOfBase = new Map<string, Set<string>>();
  for (const name of header) {
    const seed = seedColumn(name);
    if (!seed) continue;
    byKey.set(seed.key, (byKey.get(seed.key) ?? new Map()).set(seed.base, name));
    keysOfBase.set(seed.base, (keysOfBase.get(seed.base) ?? new Set()).add(seed.key));
  }
  if (![...keysOfBase.values()].some((keys) => keys.size >= 2)) return null;
  // `seed_0/test_rew.csv`, `seed_1/test_rew.csv` → `seed_0`, `seed_1`: what all keys share says nothing
  const keys = [...byKey.keys()];
  let suffix = 0;
  while (
    keys.every((k) => k.length > suffix + 1 && k.at(-1 - suffix) === (keys[0] as string).at(-1 - suffix))
  )
    suffix++;
  return new Map([...byKey].map(([key, bases]) => [suffix > 0 ? key.slice(0, -suffix) : key, bases]));
}

export const wideTable: Recogniser = {
  name: 'wide-table',
  async recognise(folder) {
    const out: Source[] = [];
    for (const name of folder.files) {
      const header = (await folder.sniff(name)).table?.header;
      if (!header || !wideSeeds(header)) continue;
      const file = join(folder.abs, name);
      const options = await tableOptions(folder, name);
      out.push({
        role: 'own',
        layout: 'wide-table',
        files: [folder.path(name)],
        read: () => readWide(file, name, options),
      });
    }
    return out;
  },
};

async function readWide(file: string, name: string, options: TableOptions): Promise<SplitRuns> {
  const parsed = await readDelimitedFile(file, options);
  const seeds = wideSeeds(parsed.header) ?? new Map<string, Map<string, string>>();
  const columns = parsed.columns;
  const perSeed = new Set([...seeds.values()].flatMap((m) => [...m.values()]));
  const shared = new Map([...columns].filter(([column]) => !perSeed.has(column)));
  const x = chooseX(shared);
  const summaries = [...shared.keys()].filter((c) => c !== x);
  const out: SplitRuns = new Map();
  let first = true;
  for (const [key, bases] of seeds) {
    const own = new Map<string, Float64Array>();
    if (x) own.set(x, shared.get(x) as Float64Array);
    for (const [base, column] of bases) {
      const values = columns.get(column);
      if (values) own.set(base, values);
    }
    const issues = first ? [...parsed.issues] : [];
    if (first && summaries.length > 0)
      issues.push(
        `${file}: columns ${summaries.map((s) => `"${s}"`).join(', ')} summarise the seeds (not a run of their own); not read`,
      );
    first = false;
    const part = tablePart('wide-table', own, name, file, { ...(x ? { x } : {}), issues });
    out.set(key, { part, identity: { run: key } });
  }
  return out;
}
