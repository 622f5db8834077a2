/**
 * A table of runs, one row each (W&B's runs table "Export as CSV": `Name, State, Notes, User, Tags,
 * Created, Runtime, Sweep`, then config and summary columns; MLflow's `search_runs()`: `run_id, status`,
 * `params.*`, `metrics.*`; Ray Tune's `ResultGrid.get_dataframe()`: `trial_id, done`, `config/*`): known
 * by a column naming runs and a column of their state. Each row is a run of one point, its summary
 * values at its x (`global_step` when there is one), its text and setting columns its configuration;
 * group and task from the columns that name them, else from the run's name (CleanRL's
 * `CartPole-v1__ppo__1__…`). Read as a long table it would be split by `seed` into runs mixing
 * algorithms.
 */
import { join } from 'node:path';
import { readInputText } from '@evidence/node-kit';
import { algoFromPath, envFromPath } from '../catalogue/identity.js';
import type { Recogniser, SplitRuns } from '../catalogue/types.js';
import { cellNumber } from '../cells.js';
import { parseDelimited } from '../delimited.js';
import { parsePythonLiteral } from '../python-literal.js';
import { type TableOptions, tablePart } from '../readers.js';
import { chooseX } from '../role-values.js';
import { isReturnName, isXName, normaliseName } from '../roles.js';
import { stem, tableOptions } from './shared.js';

const NAME = new Set(['name', 'runname', 'displayname', 'runid', 'run', 'trialid']);
/** A run's state: W&B's `State`, MLflow's `status`, Ray Tune's `done`. */
const STATE = new Set(['state', 'status', 'runstate', 'runstatus', 'done']);
/** The columns W&B, MLflow and Ray Tune add about a run, not its configuration (its state would split groups). */
const ABOUT = new Set([
  ...['notes', 'user', 'tags', 'created', 'runtime', 'sweep', 'duration', 'models', 'dataset', 'id'],
  ...['starttime', 'endtime', 'sourcetype', 'sourcename', 'sourceversion', 'experimentid', 'artifacturi'],
  ...['lifecyclestage', 'date', 'timestamp', 'hostname', 'nodeip', 'pid', 'logdir', 'path'],
]);
const GROUP = ['group', 'algo', 'algorithm', 'method', 'agent', 'exp_name', 'experiment'];
const TASK = ['task', 'env', 'env_id', 'env_name', 'environment', 'game'];

const find = (header: readonly string[], names: Set<string>) =>
  header.findIndex((h) => names.has(normaliseName(h)));

export const runsTable: Recogniser = {
  name: 'runs-table',
  async recognise(folder) {
    const out = [];
    for (const name of folder.files) {
      const sniff = await folder.sniff(name);
      const header = sniff.table?.header;
      // (W&B's docs export runs as `summary, config, name` columns of dicts, with no state)
      if (!header || find(header, NAME) < 0) continue;
      if (find(header, STATE) < 0 && !header.some((h) => h.toLowerCase() === 'summary')) continue;
      const options = await tableOptions(folder, name);
      // a run per row: no name twice among the first rows (a long table repeats its run column's)
      const head = parseDelimited(name, sniff.head, { ...options, lastLine: 'torn' }).rows;
      const nameAt = find(header, NAME);
      const names = head.map((row) => row.fields[nameAt]);
      if (new Set(names).size !== names.length) continue;
      const file = join(folder.abs, name);
      out.push({
        role: 'own' as const,
        layout: 'runs-table' as const,
        files: [folder.path(name)],
        identity: { group: stem(name) },
        read: () => readRunsTable(file, name, options),
      });
    }
    return out;
  },
};

async function readRunsTable(file: string, source: string, options: TableOptions): Promise<SplitRuns> {
  const parsed = parseDelimited(file, await readInputText(file), options);
  const { header } = parsed;
  const nameAt = find(header, NAME);
  const stateAt = find(header, STATE);
  const runs: SplitRuns = new Map();
  for (const { line, fields } of parsed.rows) {
    const cell = (i: number) => (i < 0 ? '' : (fields[i] ?? '').trim());
    let run = cell(nameAt) || `line ${line}`;
    while (runs.has(run)) run = `${run} (line ${line})`;
    const columns = new Map<string, Float64Array>();
    const config: Record<string, string | number> = {};
    header.forEach((column, i) => {
      // a cell holding a dict (`str(run.summary._json_dict)`, `str(run.config)`): its metrics or settings
      const nested = /^(summary|config)$/i.test(column) ? dictOf(cell(i)) : undefined;
      if (nested) {
        for (const [key, value] of leaves(nested)) {
          if (/^summary$/i.test(column)) {
            if (typeof value === 'number' && !key.startsWith('_wandb'))
              columns.set(key, Float64Array.of(value));
          } else if (value !== null && value !== '')
            config[key] = typeof value === 'boolean' ? String(value) : value;
        }
        return;
      }
      // (pandas' unnamed index column, MLflow's `tags.…` and run facts are no setting)
      if (i === nameAt || i === stateAt || column === '' || /^tags\./.test(column)) return;
      if (ABOUT.has(normaliseName(column))) return;
      const value = cellNumber(cell(i));
      // a summary metric (MLflow's `metrics.…`, W&B's namespaced and `_step`, a return, an x) is a
      // series; any other column is a setting (MLflow's `params.…`, Ray Tune's `config/…` named without
      // their prefix)
      const setting = /^(params\.|config[./])/.test(column);
      const name = column.replace(/^(metrics\.|params\.|config[./])/, '');
      const metric =
        column.startsWith('metrics.') ||
        (!setting && (name.includes('/') || name.startsWith('_') || isXName(name) || isReturnName(name)));
      if (value !== undefined && metric) columns.set(name, Float64Array.of(value));
      else if (!metric && cell(i) !== '' && cell(i) !== '-')
        config[name] = value === undefined || Number.isNaN(value) ? cell(i) : value;
    });
    // the x of its summary (CleanRL's `global_step` before W&B's own `_step` counter), else the point's
    // index: every run is one point, and each command can take it as the budget
    const own = new Map([...columns].filter(([name]) => !name.startsWith('_')));
    const x = chooseX(own) ?? chooseX(columns) ?? 'index';
    if (x === 'index') columns.set('index', Float64Array.of(0));
    const part = tablePart('csv', columns, source, `${file}:${line}`, { x });
    part.meta = { ...part.meta, config, configFiles: [`${source} line ${line}`] };
    if (stateAt >= 0) part.meta.state = cell(stateAt);
    // the setting naming them (a column, `params.…`, `config/…` or a key of a `config` dict, in the
    // table's order), else the run's name
    const named = (keys: string[]) => {
      const found = Object.entries(config).find(([key]) => keys.includes(key.toLowerCase()));
      return found === undefined ? undefined : String(found[1]);
    };
    const group = named(GROUP) || algoFromPath([run])?.value;
    const task = named(TASK) || envFromPath([run])?.value;
    runs.set(run, {
      part,
      identity: { run, ...(group ? { group } : {}), ...(task ? { task } : {}) },
    });
  }
  return runs;
}

/** A cell's dict, written as JSON or as Python's repr, or undefined. */
function dictOf(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = parsePythonLiteral(text);
  }
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A dict's scalar leaves under dotted keys; W&B's `{value, desc}` config entries give their value. */
function leaves(value: Record<string, unknown>, prefix = ''): [string, string | number | boolean | null][] {
  const out: [string, string | number | boolean | null][] = [];
  for (const [key, item] of Object.entries(value)) {
    const wrapped = item && typeof item === 'object' && !Array.isArray(item) && 'value' in item;
    const inner =
      wrapped && Object.keys(item).every((k) => k === 'value' || k === 'desc')
        ? (item as { value: unknown }).value
        : item;
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      out.push(...leaves(inner as Record<string, unknown>, `${prefix}${key}.`));
    else if (inner === null || ['string', 'number', 'boolean'].includes(typeof inner))
      out.push([`${prefix}${key}`, inner as string | number | boolean | null]);
  }
  return out;
}
