/**
 * Any other table of records, whatever its extension (`.csv .tsv .txt .log`, none): a delimited table
 * (delimiter and header sniffed), JSON Lines, or a JSON array of records. A run's log by name
 * (`progress.*` of SB3, baselines, RLlib and SpinningUp's EpochLogger; `metrics.*` of Lightning and
 * Dreamer) joins its folder's run; any other is a run of its own, or joins a folder whose run another
 * source already is.
 */
import { join } from 'node:path';
import type { ColumnsToRead, Folder, Recogniser, Source, SplitRuns } from '../catalogue/types.js';
import { type RunPart, readCsvPart, readJsonArrayPart, readJsonlPart, tablePart } from '../readers.js';
import { statisticY } from '../roles.js';
import { isRunIdName, stem, tableOptions } from './shared.js';

/** Names trainers give the log of a run (its folder is the run). */
const RUN_LOG = /^(progress|metrics|scalars|train_log|training_log|stats)$/i;

export const tables: Recogniser = {
  name: 'tables',
  async recognise(folder) {
    const out: Source[] = [];
    for (const name of folder.files) {
      const sniff = await folder.sniff(name);
      // an empty table file is a run that has logged nothing yet: said as such, not as an unknown file
      // (a .csv or .tsv whose content is no clear table, even binary, is read as one: what is wrong
      // with a file named as a log is said as a skipped run, not only listed)
      const kind =
        (sniff.kind === 'empty' || sniff.kind === 'text' || sniff.kind === 'binary') &&
        /\.(csv|tsv|jsonl)$/i.test(name)
          ? /\.jsonl$/i.test(name)
            ? 'jsonl'
            : 'table'
          : sniff.kind;
      // an empty file is not opened again: 20,000 of them are listed, not read (each a run with nothing)
      const read =
        sniff.kind === 'empty'
          ? async () =>
              tablePart(kind === 'jsonl' ? 'jsonl' : 'csv', new Map(), name, join(folder.abs, name), {
                issues: [`${join(folder.abs, name)}: an empty file, nothing logged yet`],
              })
          : readerOf(folder, name, kind, sniff.table?.header === null ? sniff.table.fields : 0, sniff.head);
      if (kind === 'json-array' && sniff.kind !== 'empty') {
        out.push(jsonArraySource(folder, name));
        continue;
      }
      if (!read) continue;
      const joins = RUN_LOG.test(stem(name));
      out.push({
        role: joins ? 'join' : 'own',
        joinable: true,
        layout: joins ? 'folder' : 'file',
        files: [folder.path(name)],
        read: async (want) => [withStatisticY(await read(want), stem(name))],
      });
    }
    return out;
  },
};

/** A scores table's y is its mean column (see statisticY); any other part is left as read. */
function withStatisticY(part: RunPart, fileStem: string): RunPart {
  const y = statisticY(
    fileStem,
    part.series.map((s) => s.metric),
  );
  if (y !== null) part.y = y;
  return part;
}

function readerOf(
  folder: Folder,
  name: string,
  kind: string,
  headerless: number,
  head: string,
): ((want?: ColumnsToRead) => Promise<RunPart>) | null {
  const file = join(folder.abs, name);
  if (kind === 'table') {
    // named now: the read keeps no file's head (64 KiB each) while the others are read
    const columns = headerless > 0 ? { columns: headerlessNames(head, headerless, stem(name)) } : {};
    return async (want) =>
      readCsvPart(file, name, { ...(await tableOptions(folder, name)), ...columns }, want);
  }
  if (kind === 'jsonl')
    return async () =>
      readJsonlPart(
        file,
        name,
        name === 'result.json' ? 'rllib-result' : 'jsonl',
        await tableOptions(folder, name),
      );
  return null;
}

/** A JSON array of records: a run of its own, or in long format a run per block and pass, named by them. */
function jsonArraySource(folder: Folder, name: string): Source {
  const file = join(folder.abs, name);
  return {
    role: 'own',
    joinable: true,
    layout: 'file',
    files: [folder.path(name)],
    read: async () => {
      const read = await readJsonArrayPart(file, name);
      if (!Array.isArray(read)) return [withStatisticY(read, stem(name))];
      const runs: SplitRuns = new Map();
      for (const { group, run, part } of read) runs.set(run, { part, identity: { group, run } });
      return runs;
    },
  };
}

/**
 * Names of a headerless table's columns: its last `#` line before the data when it has one name per
 * column (`np.savetxt(header=...)` writes `# step return`); else, for two columns whose first counts up
 * in whole numbers (jaxrl's `np.savetxt(f"{seed}.txt", eval_returns, fmt=["%d", "%.1f"])`), `step` and
 * the metric the file is named after (`value` when its name is a run's: a seed); else `column 1`…
 */
function headerlessNames(head: string, fields: number, fileStem: string): string[] {
  const named = commentNames(head, fields);
  if (named || fields !== 2) return named ?? Array.from({ length: fields }, (_, i) => `column ${i + 1}`);
  const firsts = head
    .split('\n')
    .slice(0, -1)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.trim().split(/[\s,;\t|]+/)[0] ?? '');
  const counts =
    firsts.length > 0 &&
    firsts.every((c, i) => /^\d+$/.test(c) && (i === 0 || Number(c) > Number(firsts[i - 1])));
  return counts ? ['step', isRunIdName(fileStem) ? 'value' : fileStem] : ['column 1', 'column 2'];
}

function commentNames(head: string, fields: number): string[] | null {
  const comments = head.split('\n').filter((l) => l.startsWith('#'));
  const names = (comments.at(-1) ?? '')
    .replace(/^#\s*/, '')
    .trim()
    .split(/\s*[,\t;]\s*|\s+/)
    .filter(Boolean);
  return names.length === fields && new Set(names).size === fields ? names : null;
}
