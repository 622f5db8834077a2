/**
 * A long-format table (`step,reward,seed` as paper repositories and pandas exports ship): one run per
 * value of its run column (`seed`, `run`, `run_id`, or --run-column); a group and a task column name
 * the run's group and task. Rows are gathered by index, once: linear in the table's size.
 */
import { join } from 'node:path';
import type { ColumnsToRead, Recogniser, Source, SplitRuns } from '../catalogue/types.js';
import { readWanted, type TableOptions, tablePart, withUnread } from '../readers.js';
import { stem, tableOptions } from './shared.js';

/** Columns that split a long-format table into runs, and that name its groups and tasks. */
export const RUN_COLUMNS = ['seed', 'run', 'run_id'];
const GROUP_COLUMNS = ['group', 'algo', 'algorithm', 'method', 'agent'];
const TASK_COLUMNS = ['task', 'env', 'env_id', 'environment', 'game'];

export const longTable: Recogniser = {
  name: 'long-table',
  async recognise(folder) {
    const out: Source[] = [];
    for (const name of folder.files) {
      const header = (await folder.sniff(name)).table?.header;
      if (!header) continue;
      const runColumn = folder.ctx.runColumn ?? RUN_COLUMNS.find((c) => header.includes(c));
      if (!runColumn || !header.includes(runColumn)) continue;
      const file = join(folder.abs, name);
      const options = await tableOptions(folder, name);
      out.push({
        role: 'own',
        layout: 'long-table',
        files: [folder.path(name)],
        identity: { group: stem(name) },
        read: (want) => readLongTable(file, name, runColumn, options, want),
      });
    }
    return out;
  },
};

export async function readLongTable(
  abs: string,
  name: string,
  runColumn: string,
  options: TableOptions,
  want?: ColumnsToRead,
): Promise<SplitRuns> {
  // the table's columns typed as they are read, each row's run key kept: no row's text is kept
  let at: { run: number; group: number; task: number } | null = null;
  const locate = (header: string[]) => {
    const index = (column: string | undefined) => (column ? header.indexOf(column) : -1);
    return {
      run: index(runColumn),
      group: index(GROUP_COLUMNS.find((c) => header.includes(c))),
      task: index(TASK_COLUMNS.find((c) => header.includes(c))),
    };
  };
  const byRun = new Map<string, number[]>();
  let last: { run?: string; group?: string; task?: string; rows: number[] } = { rows: [] };
  const { parsed, unread } = await readWanted(abs, options, want, () => {
    // a second read (see readWanted) gathers the rows again
    byRun.clear();
    last = { rows: [] };
    return {
      skip: (_column, index, header) => {
        at ??= locate(header);
        return index === at.run || index === at.group || index === at.task;
      },
      onRow: (field, row) => {
        const at_ = at as NonNullable<typeof at>;
        const run = field(at_.run);
        const group = at_.group < 0 ? '' : field(at_.group);
        const task = at_.task < 0 ? '' : field(at_.task);
        // rows of one run mostly follow each other: the same cells as the row before, the same run
        if (run === last.run && group === last.group && task === last.task) {
          last.rows.push(row);
          return;
        }
        const key = `${group.trim()}\u0000${task.trim()}\u0000${run.trim()}`;
        const rows = byRun.get(key) ?? [];
        if (rows.length === 0) byRun.set(key, rows);
        rows.push(row);
        last = { run, group, task, rows };
      },
    };
  });
  const columns = parsed.columns;
  const out: SplitRuns = new Map();
  let first = true;
  for (const [key, indexes] of byRun) {
    const [group, task, run] = key.split('\u0000') as [string, string, string];
    const own = new Map<string, Float64Array>();
    for (const [name, column] of columns) {
      const values = new Float64Array(indexes.length);
      for (let k = 0; k < indexes.length; k++) values[k] = column[indexes[k] as number] as number;
      own.set(name, values);
    }
    const part = withUnread(
      tablePart('csv', own, name, abs, { issues: first ? [...parsed.issues] : [] }),
      parsed.header,
      unread,
    );
    first = false;
    out.set([group, task, run].filter(Boolean).join('/'), {
      part,
      identity: { run, ...(group ? { group } : {}), ...(task ? { task } : {}) },
    });
  }
  return out;
}
