/**
 * The task and group of each run, where its layout (or --pattern) said none, and how each was decided:
 * task from the run's metadata (run.json, a monitor header, config.json, params.json, args.yml,
 * hparams) or an environment id in its path; group from --group-by, else an algorithm token in its path,
 * else its folder; then, among runs of one group whose configurations differ by more than the seed, the
 * keys that differ (`lr=0.001`).
 */
import type { Run } from '../model.js';
import { ROLE_FOLDER } from './folder-identity.js';
import {
  algoFromPath,
  configLabel,
  envFromPath,
  flatConfig,
  foldCase,
  isRunIdName,
  varyingKeys,
} from './identity.js';
import type { CatalogueContext } from './types.js';

/**
 * A folder named by a date or a time (PFRL's `20240101T120000.000000`, Hydra's `2024-01-01/12-00-00`,
 * DrQ-v2's `2024.01.01`) says when a run started, not which group it is in.
 */
const STAMP =
  /^(\d{4}([-._]?)\d\d\2\d\d([T_ -]?\d\d[-:._]?\d\d([-:._]?\d\d([.,]\d+)?)?)?|\d\d([-:._])\d\d\6\d\d)$/;

export type Roles = Record<'group' | 'task' | 'x' | 'y', Record<string, number>> & {
  /** Why each x and y name was chosen, as the first run chosen so said (see role-values). */
  why?: Record<'x' | 'y', Record<string, string>>;
};

const count = (record: Record<string, number>, key: string) => {
  record[key] = (record[key] ?? 0) + 1;
};

/** Folders of a run's id (and the root's name), without the file a table run was split from. */
function segmentsOf(ctx: CatalogueContext, run: Run): string[] {
  const id = run.id.split('#')[0] as string;
  return [ctx.rootName, ...(id === '.' ? [] : id.split('/'))];
}

export function inferRoles(
  runs: Run[],
  ctx: CatalogueContext,
  named: Map<Run, Set<string>>,
  options: { groupBy?: string[]; patterned: boolean },
): Roles {
  const roles: Roles = { group: {}, task: {}, x: {}, y: {} };
  const said = options.patterned ? '--pattern' : 'layout';
  const byFolder = runsNamedByFolder(runs, named);
  const variants = new Map<Run, { value: string; variant: string }>();
  const groupFolders = new Map<Run, string[]>();
  for (const run of runs) {
    const keys = named.get(run) ?? new Set<string>();
    const segments = segmentsOf(ctx, run);
    const id = run.id.split('#')[0] as string;
    // an environment named by the run's own split key (a long table's task column) is the layout's
    if (keys.has('task') && run.task !== 'all') count(roles.task, said);
    else if (typeof run.meta.envId === 'string' && run.meta.envId) {
      // one name per environment whichever file said it: `walker_walk` in a config is the path's `walker-walk`
      const known = envFromPath([run.meta.envId]);
      run.task = known?.why.includes('dm_control') ? known.value : run.meta.envId;
      count(roles.task, `metadata (${metaSource(run)})`);
    } else {
      const env = envFromPath(segments);
      if (env) {
        run.task = env.value;
        count(roles.task, env.why);
      } else count(roles.task, 'none found: all');
    }
    if (options.groupBy) continue;
    if (keys.has('group')) count(roles.group, said);
    else {
      const algo =
        algoFromPath(segments) ??
        (typeof run.meta.algo === 'string' ? { value: run.meta.algo, why: 'metadata (algorithm)' } : null);
      if (algo) {
        run.group = algo.value;
        if ('variant' in algo) variants.set(run, algo);
        count(roles.group, algo.why);
      } else {
        // the run's folder, less the folders that only name its task or when it started
        // (and less a folder named for what it holds: rl_games' `<run>/summaries` is the run `<run>`)
        const path = id === '.' ? [] : id.split('/');
        let end = path.length;
        if (byFolder.has(run) && path.length > 1) {
          // `exp3/results.csv`: the file is the log's fixed name, its folder the run's
          run.run = path.at(-2) as string;
          end--;
        }
        if (ROLE_FOLDER.test(path.at(-1) ?? ''))
          while (end > 0 && ROLE_FOLDER.test(path[end - 1] ?? '')) end--;
        const folders = path.slice(0, Math.max(0, end - 1));
        if (folders.length > 0) {
          // nor a seed's (TD-MPC2's `<task>/<seed>/<exp>/eval.csv`)
          const parents = folders.filter((f) => !envFromPath([f]) && !STAMP.test(f) && !isRunIdName(f));
          run.group = parents.length > 0 ? parents.join('/') : ctx.rootName;
          groupFolders.set(run, parents);
        } else if (path.length > 1) run.group = ctx.rootName;
        count(roles.group, 'folder');
      }
    }
  }
  bareTasks(runs);
  tasksNamedByOthers(runs, ctx, roles);
  for (const [run, parents] of groupFolders) {
    // a folder named for the run's task (`Fetch_Push/` of `FetchPush-v1`) says what, not which group
    const kept = parents.filter((folder) => taskKey(folder) !== taskKey(run.task));
    run.group = kept.length > 0 ? kept.join('/') : ctx.rootName;
  }
  variantGroups(variants);
  if (options.groupBy) groupByKeys(runs, options.groupBy, roles);
  // a group --pattern named is the user's: configurations do not split it
  else if (!options.patterned) configGroups(runs, roles);
  sharedY(runs);
  const why: NonNullable<Roles['why']> = { x: {}, y: {} };
  for (const run of runs) {
    count(roles.x, run.x);
    count(roles.y, run.y ?? '(none)');
    if (run.why?.x) why.x[run.x] ??= run.why.x;
    if (run.why?.y) why.y[run.y ?? '(none)'] ??= run.why.y;
  }
  roles.why = why;
  return roles;
}

/**
 * Runs of one file each whose file has the same name in several folders (`exp/results.csv`,
 * `exp3/results.csv`): the name is the trainer's fixed log name, so the folder names the run, as a
 * folder of one known log does, and the folders above it its group. Not when a folder holds other runs
 * (`Fetch_Push/run1.txt`, `Fetch_Push/run2.txt`: the files are the runs) or every folder has one name
 * (TD-MPC2's `<seed>/default/eval.csv`: the folder names no run).
 */
function runsNamedByFolder(runs: readonly Run[], named: Map<Run, Set<string>>): Set<Run> {
  const fileOf = (run: Run): { folder: string; name: string } | null => {
    const files = run.meta.files;
    if (named.get(run)?.has('run') || !Array.isArray(files) || !files.includes(run.id)) return null;
    const slash = run.id.lastIndexOf('/');
    return slash < 0 ? null : { folder: run.id.slice(0, slash), name: run.id.slice(slash + 1) };
  };
  const runsIn = new Map<string, number>();
  for (const run of runs) {
    const folder = run.id.split('#')[0]?.replace(/\/[^/]*$/, '') as string;
    runsIn.set(folder, (runsIn.get(folder) ?? 0) + 1);
  }
  // each run's file worked out once, its members pushed (not copied) into their name's list
  const byName = new Map<string, { run: Run; folder: string }[]>();
  for (const run of runs) {
    const file = fileOf(run);
    if (!file) continue;
    const members = byName.get(file.name);
    if (members) members.push({ run, folder: file.folder });
    else byName.set(file.name, [{ run, folder: file.folder }]);
  }
  const out = new Set<Run>();
  for (const members of byName.values()) {
    const alone = members.every(({ folder }) => runsIn.get(folder) === 1);
    const names = new Set(members.map(({ folder }) => folder.split('/').at(-1)));
    if (members.length >= 2 && alone && names.size === members.length)
      for (const { run } of members) out.add(run);
  }
  return out;
}

/**
 * `PPO/` and `PPO_SimHash/` are two experiments, not one algorithm: a run's group is its path's variant
 * of the algorithm, unless every run of that algorithm has a variant of its own (a per-run name, as a
 * value distinct in every run never groups).
 */
function variantGroups(variants: Map<Run, { value: string; variant: string }>): void {
  const byAlgo = new Map<string, [Run, string][]>();
  for (const [run, { value, variant }] of variants) {
    const members = byAlgo.get(value);
    if (members) members.push([run, variant]);
    else byAlgo.set(value, [[run, variant]]);
  }
  for (const members of byAlgo.values()) {
    const names = new Set(members.map(([, variant]) => variant));
    if (names.size === 1 || names.size === members.length) continue;
    for (const [run, variant] of members) run.group = variant || run.group;
  }
}

/** A task's name compared without its version, namespace, case and separators: `Fetch_Push` is `FetchPush-v1`. */
const taskKey = (name: string): string =>
  name
    .replace(/^.*\//, '')
    .replace(/\.[A-Za-z]{2,5}$/, '')
    .replace(/-v\d+$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .toLowerCase();

/**
 * A run no file names the task of, whose path names another run's task (`FetchPickAndPlace_openai.txt`
 * beside a run whose configuration says `FetchPickAndPlace-v1`): that task, by a whole folder or file
 * name or one of its `_`/`-` tokens.
 */
function tasksNamedByOthers(runs: Run[], ctx: CatalogueContext, roles: Roles): void {
  const known = new Map<string, string>();
  for (const run of runs)
    if (run.task !== 'all' && taskKey(run.task) !== '') known.set(taskKey(run.task), run.task);
  if (known.size === 0) return;
  for (const run of runs) {
    if (run.task !== 'all') continue;
    const names = segmentsOf(ctx, run).slice(1);
    const candidates = names.flatMap((name) => [name, ...name.split(/[_\-.\s=@#]+/)]);
    const task = candidates.map((name) => known.get(taskKey(name))).find((t) => t !== undefined);
    if (task === undefined) continue;
    run.task = task;
    if (roles.task['none found: all'] !== undefined) roles.task['none found: all']--;
    if (roles.task['none found: all'] === 0) delete roles.task['none found: all'];
    count(roles.task, 'path (the task of other runs)');
  }
}

/**
 * `ICM/Hopper-v2` beside `Hopper-v2` elsewhere in the tree: the folder above the id was an experiment's,
 * not a namespace (as `ALE/` is), and one task keeps one name.
 */
function bareTasks(runs: Run[]): void {
  const tasks = new Set(runs.map((run) => run.task));
  for (const run of runs) {
    const bare = run.task.slice(run.task.lastIndexOf('/') + 1);
    if (bare !== run.task && tasks.has(bare)) run.task = bare;
  }
}

/**
 * Runs of one format answer one question: a run whose values refused the y most of its kind chose (a
 * trial that ended before its first episode, its return column empty) keeps that y when it logged the
 * metric at all, and says so, rather than being compared on a loss.
 */
function sharedY(runs: Run[]): void {
  const byFormat = new Map<string, Run[]>();
  for (const run of runs) {
    const members = byFormat.get(run.format);
    if (members) members.push(run);
    else byFormat.set(run.format, [run]);
  }
  for (const members of byFormat.values()) {
    const votes = new Map<string, number>();
    for (const run of members) if (run.y !== null) votes.set(run.y, (votes.get(run.y) ?? 0) + 1);
    const [top, count] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (top === undefined || (count ?? 0) * 2 <= members.length) continue;
    for (const run of members)
      if (run.y !== top && run.series.some((s) => s.metric === top)) {
        run.why = {
          ...run.why,
          y: `the y of ${count} of ${members.length} runs like it; its own values of ${top} do not vary`,
        };
        run.y = top;
      }
  }
}

function metaSource(run: Run): string {
  if (run.meta.monitor) return 'monitor header env_id';
  const files = run.meta.configFiles;
  return Array.isArray(files) && files.length > 0 ? String(files[0]) : 'its files';
}

function groupByKeys(runs: Run[], keys: string[], roles: Roles): void {
  for (const run of runs) {
    const config = flatConfig((run.meta.config ?? {}) as Record<string, unknown>);
    run.group = configLabel(config, keys);
    count(roles.group, `--group-by ${keys.join(',')}`);
  }
}

/** Whether `key` holds one value per task among runs of two tasks or more: a setting of the task, not the group's. */
function byTask(members: readonly Run[], configs: readonly Map<string, string>[], key: string): boolean {
  const taskValue = new Map<string, string | undefined>();
  members.forEach((run, i) => {
    const value = configs[i]?.get(key);
    if (taskValue.has(run.task) && taskValue.get(run.task) !== value) taskValue.set(run.task, '\u0000many');
    else taskValue.set(run.task, value);
  });
  return taskValue.size >= 2 && ![...taskValue.values()].includes('\u0000many');
}

/** Within each group, configurations that differ by more than the seed make groups of their own. */
function configGroups(runs: Run[], roles: Roles): void {
  const byGroup = new Map<string, Run[]>();
  for (const run of runs) {
    if (!run.meta.config) continue;
    const key = run.group;
    const members = byGroup.get(key);
    if (members) members.push(run);
    else byGroup.set(key, [run]);
  }
  const configured = runs.filter((run) => run.meta.config);
  const all = foldCase(configured.map((run) => flatConfig(run.meta.config as Record<string, unknown>)));
  const folded = new Map(configured.map((run, i) => [run, all[i] as Map<string, string>]));
  for (const members of byGroup.values()) {
    const configs = members.map((run) => folded.get(run) as Map<string, string>);
    const varying = varyingKeys(configs, all);
    const perRun = varying.perRun;
    // a setting each task has its own value of (rl-zoo's per-environment hyper-parameters) is the task's
    const keys = varying.settings.filter((key) => !byTask(members, configs, key));
    const more = perRun.length > 4 ? `, … ${perRun.length - 4} more` : '';
    const alone =
      perRun.length > 0 ? `; per-run values not grouped: ${perRun.slice(0, 4).join(', ')}${more}` : '';
    if (keys.length === 0 || keys.length > 6) {
      if (alone) roles.group[`configuration${alone}`] = members.length;
      continue;
    }
    members.forEach((run, i) => {
      run.group = `${run.group} ${configLabel(configs[i] as Map<string, string>, keys)}`;
    });
    roles.group[`configuration minus seed (${keys.join(', ')}${alone})`] = members.length;
  }
}
