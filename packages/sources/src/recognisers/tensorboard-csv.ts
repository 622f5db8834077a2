/**
 * TensorBoard's "Download CSV" (`Wall time,Step,Value`) and "Download JSON" (`[[wall_time, step,
 * value], …]`): the metric is the tag, from the file name TensorBoard gives it (`run-<run>-tag-<tag with
 * / as _>.csv`) or the file's own name. The downloads of one run are one run: named so, or, renamed,
 * known by their first point (one run logs its tags at one step within a second; another run started
 * at another time).
 */
import { join } from 'node:path';
import type { Recogniser, Source } from '../catalogue/types.js';
import { type RunPart, readCsvPart, readJsonFile, tablePart } from '../readers.js';
import { stem, tableOptions } from './shared.js';

export const tensorboardCsv: Recogniser = {
  name: 'tensorboard-csv',
  async recognise(folder) {
    const byRun = new Map<string, string[]>();
    const renamed: { name: string; start: FirstPoint | null }[] = [];
    for (const name of folder.files) {
      const sniff = await folder.sniff(name);
      const csv = sniff.table?.header?.join(',') === 'Wall time,Step,Value';
      if (!csv && !(sniff.kind === 'json-array' && TRIPLE.test(sniff.head))) continue;
      const run = /^run[-_](.+?)[-_]tag[-_].+$/.exec(stem(name))?.[1];
      if (run === undefined) renamed.push({ name, start: firstPoint(sniff.head, csv) });
      else byRun.set(run, [...(byRun.get(run) ?? []), name]);
    }
    for (const names of runsByFirstPoint(renamed)) byRun.set(stem(names[0] as string), names);
    const out: Source[] = [];
    for (const [run, names] of byRun)
      out.push({
        role: 'own',
        layout: 'file',
        files: names.map((n) => folder.path(n)),
        abs: names.length === 1 ? join(folder.abs, names[0] as string) : folder.abs,
        id: names.length === 1 ? folder.path(names[0] as string) : folder.path(`run-${run}`),
        identity: { run },
        read: async () =>
          Promise.all(
            names.map(async (n) =>
              /\.csv$/i.test(n) || (await folder.sniff(n)).kind !== 'json-array'
                ? readCsvPart(join(folder.abs, n), n, await tableOptions(folder, n))
                : readTriples(join(folder.abs, n), n),
            ),
          ),
      });
    return out;
  },
};

interface FirstPoint {
  wall: number;
  step: number;
}

/** The wall time and step of a download's first row, from its first bytes. */
function firstPoint(head: string, csv: boolean): FirstPoint | null {
  const cells = csv
    ? (head.split(/\r?\n/)[1] ?? '').split(',')
    : (/^\s*\[\s*\[([^\]]*)\]/.exec(head)?.[1] ?? '').split(',');
  const wall = Number(cells[0]);
  const step = Number(cells[1]);
  return cells.length >= 3 && Number.isFinite(wall) && Number.isFinite(step) ? { wall, step } : null;
}

/** Downloads that start at one step within a second of each other, in name order; the rest alone. */
function runsByFirstPoint(files: { name: string; start: FirstPoint | null }[]): string[][] {
  const timed = files
    .filter((f) => f.start !== null)
    .sort((a, b) => (a.start as FirstPoint).wall - (b.start as FirstPoint).wall);
  const runs: { start: FirstPoint; names: string[] }[] = [];
  for (const file of timed) {
    const start = file.start as FirstPoint;
    const run = runs.find((r) => r.start.step === start.step && Math.abs(start.wall - r.start.wall) <= 1);
    if (run) run.names.push(file.name);
    else runs.push({ start, names: [file.name] });
  }
  const alone = files.filter((f) => f.start === null).map((f) => [f.name]);
  return [...runs.map((r) => r.names.sort()), ...alone];
}

/** `[[1704110400.5, 2048, 10.5], …`: a JSON array whose rows are [wall time, step, value] numbers. */
const TRIPLE = /^\s*\[\s*\[\s*-?[\d.eE+-]+\s*,\s*-?\d+\s*,\s*(-?[\d.eE+-]+|NaN|-?Infinity|null)\s*\]/;

/** A "Download JSON" file: one row per value, the tag its metric, as the CSV download is read. */
async function readTriples(file: string, name: string): Promise<RunPart> {
  const rows = await readJsonFile(file);
  if (!Array.isArray(rows)) throw new Error(`${file}: expected [[wall_time, step, value], …]`);
  const cell = (row: unknown, i: number) => {
    const v = Array.isArray(row) ? row[i] : undefined;
    return typeof v === 'number' ? v : Number.NaN;
  };
  const tag = /-tag-(.+)\.json$/.exec(name)?.[1] ?? stem(name);
  const columns = new Map<string, Float64Array>([
    ['Step', Float64Array.from(rows, (r) => cell(r, 1))],
    [tag, Float64Array.from(rows, (r) => cell(r, 2))],
    ['Wall time', Float64Array.from(rows, (r) => cell(r, 0))],
  ]);
  const part = tablePart('tensorboard-csv', columns, name, file, { x: 'Step', wall: 'Wall time' });
  part.series = part.series.filter((s) => s.metric !== 'Wall time');
  part.y = tag;
  return part;
}
