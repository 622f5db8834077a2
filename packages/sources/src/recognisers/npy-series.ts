/**
 * `.npy` files each holding one metric's values in order, a 1-D array (MushroomRL's Logger.log_numpy:
 * `<results>/<log_name>/J-<seed>.npy`, `R-<seed>.npy`, and any `np.save("returns.npy", returns)`): a
 * series named by its file over its `index`, or over a counter saved beside it (`timesteps.npy`). Known by
 * the array's header (shape and dtype), never by reading a dataset's bytes. A seed suffix (`-0`,
 * `_seed1`) makes a run per seed; without one the folder is the run.
 */
import { join } from 'node:path';
import { openInput, readInput } from '@evidence/node-kit';
import type { Folder, Recogniser, Source } from '../catalogue/types.js';
import { type RunPart, tablePart } from '../readers.js';
import { chooseX } from '../role-values.js';
import { npyHeader, parseNpy } from '../stores/npy.js';
import { stem } from './shared.js';

/**
 * `J-0`, `returns_seed1`, `loss-seed-2`, `TD3_Ant-v1_3`: the metric, then the run's seed, the last of the
 * name's `-`/`_`/`=` tokens when it is a whole number (after `seed`, `s`, `run` or `trial`).
 */
function seedOf(name: string): [metric: string, seed: string] {
  const found = /^(.+?)[-_=](?:(?:seed|s|run|trial)[-_=]?)?(\d+)$/i.exec(name);
  return found ? [found[1] as string, found[2] as string] : [name, ''];
}

/** Whether the array a `.npy` file's first bytes describe is one series: 1-D (or n × 1) and numeric. */
async function isSeries(path: string): Promise<boolean> {
  const handle = await openInput(path).catch(() => null);
  if (!handle) return false;
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const { descr, shape } = npyHeader(head.subarray(0, bytesRead), path);
    const series = shape.length === 1 || (shape.length === 2 && shape[1] === 1);
    return series && /^[<>|=]?([fiu][1248]|b1)$/.test(descr);
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

export const npySeries: Recogniser = {
  name: 'npy-series',
  async recognise(folder) {
    const runs = new Map<string, { metric: string; file: string }[]>();
    for (const file of folder.files) {
      if (!/\.npy$/i.test(file) || !(await folder.sniff(file)).what.includes('.npy')) continue;
      if (!(await isSeries(join(folder.abs, file)))) continue;
      const [metric, seed] = seedOf(stem(file));
      const list = runs.get(seed) ?? [];
      list.push({ metric, file });
      runs.set(seed, list);
    }
    // a file a seed (`TD3_Ant-v1_0.npy` … `_9.npy`): each file is its run, and its name says which
    const filePerRun = runs.size > 1 && [...runs.values()].every((metrics) => metrics.length === 1);
    const sources: Source[] = [];
    for (const [seed, metrics] of runs) {
      // a file that is a run names the run, not its values: `value`, as a headerless run's table
      const read = async () => [
        await readSeries(
          folder,
          filePerRun ? metrics.map(({ file }) => ({ metric: 'value', file })) : metrics,
        ),
      ];
      const files = metrics.map(({ file }) => folder.path(file));
      // one set of files is the folder's run; a set per seed is a run each, named by its seed
      if (runs.size === 1) sources.push({ role: 'join', layout: 'folder', files, read });
      else
        sources.push({
          role: 'own',
          layout: 'file',
          files,
          id: folder.path(filePerRun ? (metrics[0]?.file as string) : seed === '' ? 'unseeded' : seed),
          abs: folder.abs,
          read,
        });
    }
    return sources;
  },
};

/** The metrics of one run as a table: each file a column (shorter ones end in no point). */
async function readSeries(folder: Folder, metrics: { metric: string; file: string }[]): Promise<RunPart> {
  const arrays: [string, Float64Array][] = [];
  for (const { metric, file } of metrics) {
    const path = join(folder.abs, file);
    arrays.push([metric, parseNpy(await readInput(path), path).values]);
  }
  const rows = Math.max(...arrays.map(([, values]) => values.length));
  const columns = new Map(
    arrays.map(([metric, values]) => {
      const column = new Float64Array(rows).fill(Number.NaN);
      column.set(values);
      return [metric, column] as const;
    }),
  );
  const first = metrics[0]?.file ?? '';
  // no counter saved beside them: the values' index is their x (one value per call of the logger, an
  // epoch in MushroomRL's loop), a column of its own so every command can take it as the budget
  const x = chooseX(columns) ?? 'index';
  if (x === 'index')
    columns.set(
      'index',
      Float64Array.from({ length: rows }, (_, i) => i),
    );
  return tablePart('npy', columns, first, join(folder.abs, first), { x });
}
