/**
 * The one discovery: any folder (or file) into runs. The layout of the field's tools decides what a run
 * is and its group, task and run; `--pattern` decides what layout cannot tell.
 */
import type { Dirent } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { readConfigFile } from './config-files.js';
import { parseDelimited } from './delimited.js';
import { FORMAT_NAMES } from './formats.js';
import type { DiscoverOptions, Discovery, Layout, Run, RunMeta, SkippedRun } from './model.js';
import { compilePattern, matchPattern } from './pattern.js';
import {
  type RunPart,
  readCsvPart,
  readEvidenceCsvPart,
  readJsonArrayPart,
  readJsonFile,
  readJsonlPart,
  readMlflowPart,
  readMonitorPart,
  readRewardHistoryPart,
  readTensorboardPart,
  readTrainerStatePart,
  readWandbPanelParts,
  tablePart,
} from './readers.js';
import { companionFiles, companionParts, fileStore, folderStores, withCompanions } from './stores/index.js';
import { isEventFile } from './tensorboard/read.js';
import { wandbSeries } from './wandb-csv.js';

/** The task of every run whose layout and pattern say none. */
export const DEFAULT_TASK = 'all';
/** Columns that split a long-format table into runs, and that name its groups and tasks. */
export const RUN_COLUMNS = ['seed', 'run', 'run_id'];
const GROUP_COLUMNS = ['group', 'algo', 'algorithm', 'method', 'agent'];
const TASK_COLUMNS = ['task', 'env', 'env_id', 'environment', 'game'];
const EVIDENCE_LOGS = ['training_log.csv', 'reward_components.csv', 'checkpoint_evals.csv'];
/** JSON files that configure or describe a run, never a run's series. */
const CONFIG_JSON = new Set(['run.json', 'params.json', 'results.json', 'config.json', 'trainer_state.json']);
const READ_AT_ONCE = 8;

/** What the discovery looks for, for a "nothing found" or "not a run file" message. */
export const LOOKED_FOR =
  'an evidence folder, *monitor.csv, progress.csv, metrics.csv, events.out.tfevents.*, trainer_state.json, ' +
  'an mlruns/ or Ray trial folder, mlflow.db, a W&B run-*.wandb, evaluations.npz, progress.json, ' +
  'or a CSV/TSV, JSON array or JSONL of records';

/** A file given to a command that is no run file: the one line it prints. */
export class UnknownFileError extends Error {
  override name = 'UnknownFileError';
}

type Identity = Partial<Record<'group' | 'task' | 'run', string>>;

interface Candidate {
  abs: string;
  id: string;
  layout: Layout;
  /** Files of the run relative to the root, for --pattern. */
  files: string[];
  identity: Identity;
  /** Reads the run's parts; a table split into runs gives one part per run, keyed by its run name. */
  read(): Promise<RunPart[] | Map<string, { part: RunPart; identity: Identity }>>;
  /** A folder of several monitor files as one candidate per file, for a pattern that names each file a run. */
  split?: () => Candidate[];
}

const toPosix = (path: string): string => path.split(sep).join('/');
const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Every run under `root` (a folder or one file). Layouts known: evidence folders; SB3 Monitor folders
 * (all `*monitor.csv` of a folder are one run, joined by time); SB3 logger folders (progress.csv);
 * SB3 `tensorboard_log/{ALGO}_{n}`; CleanRL `runs/{env}__{exp}__{seed}__{time}`; rl-zoo
 * `{algo}/{env}_{n}`; Ray Tune / RLlib trials; Lightning `version_N`; HF Trainer / TRL output folders
 * (`checkpoint-N/` copies are one run); MLflow `mlruns/`; any other TensorBoard run; one folder per run
 * with progress.csv; CSV/TSV, JSON arrays and JSONL files, long-format tables split by their run
 * column, W&B panel exports split by run, TensorBoard CSV downloads. Runs that cannot be read are in
 * `skipped` with the reason; the others are read.
 */
export async function discoverRuns(root: string, options: DiscoverOptions = {}): Promise<Discovery> {
  const compiled = options.pattern ? compilePattern(options.pattern) : null;
  const info = await stat(root);
  const skipped: SkippedRun[] = [];
  const ignored: string[] = [];
  const candidates: Candidate[] = [];
  const ctx: WalkContext = {
    root: resolve(root),
    rootName: basename(resolve(root)),
    exclude: options.exclude ? resolve(options.exclude) : null,
    runColumn: options.runColumn,
    candidates,
    skipped,
    ignored,
  };
  if (info.isDirectory()) await walk(ctx, ctx.root, options.depth ?? 8, options.inside === true);
  else if (!info.isFile()) {
    // a named pipe would block the first read forever
    throw new UnknownFileError(
      `${root}: is not a regular file (a named pipe or a device); only files are read`,
    );
  } else {
    ctx.root = dirname(ctx.root);
    ctx.rootName = basename(ctx.root);
    // a binary file named .csv would only yield a reader's complaint about its bytes: say what it is
    const added = (await isBinaryText(root)) ? 0 : await fileCandidates(ctx, ctx.root, [basename(root)]);
    if (added === 0) throw new UnknownFileError(await unknownFileMessage(root));
  }

  const chosen: { candidate: Candidate; identity: Identity }[] = [];
  for (const candidate of candidates) {
    if (!compiled) {
      chosen.push({ candidate, identity: candidate.identity });
      continue;
    }
    let matched: Identity | null = matchPattern(compiled, candidate.id);
    if (!matched && candidate.split) {
      // `{run}.monitor.csv`: the pattern makes each monitor file its own run
      const parts = candidate
        .split()
        .map((part) => ({ part, match: matchPattern(compiled, part.id) }))
        .filter((p): p is { part: Candidate; match: Identity } => p.match !== null);
      if (parts.length > 1) {
        for (const { part, match } of parts)
          chosen.push({
            candidate: part,
            identity: { ...part.identity, ...match, ...(match.run ? {} : { run: part.id }) },
          });
        continue;
      }
    }
    for (const path of candidate.files) {
      if (matched) break;
      matched = matchPattern(compiled, path);
    }
    if (!matched) skipped.push({ path: candidate.id, why: `does not match --pattern ${options.pattern}` });
    else
      chosen.push({
        candidate,
        identity: { ...candidate.identity, ...matched, ...(matched.run ? {} : { run: candidate.id }) },
      });
  }

  const results: (Run[] | Error)[] = new Array(chosen.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < chosen.length) {
      const i = next++;
      const { candidate, identity } = chosen[i] as (typeof chosen)[number];
      results[i] = await readCandidate(ctx, candidate, identity, compiled !== null).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
    }
  };
  await Promise.all(Array.from({ length: READ_AT_ONCE }, worker));

  const runs: Run[] = [];
  const binary = await Promise.all(
    chosen.map(({ candidate }, i) =>
      results[i] instanceof Error ||
      (results[i] as Run[]).every((run) => run.series.every((x) => x.values.length === 0))
        ? isBinaryText(candidate.abs)
        : false,
    ),
  );
  results.forEach((result, i) => {
    const { candidate } = chosen[i] as (typeof chosen)[number];
    if (binary[i]) {
      skipped.push({ path: candidate.id, why: 'binary data, not a text log (nothing read)' });
      return;
    }
    if (result instanceof Error) {
      skipped.push({ path: candidate.id, why: stripPath(result.message, candidate.abs) });
      return;
    }
    for (const run of result) {
      const points = run.series.reduce((n, s) => n + s.values.length, 0);
      if (points === 0)
        skipped.push({
          path: run.id,
          why: `${run.series.length > 0 ? 'no values to read' : run.format === 'tensorboard' ? 'no scalars logged' : 'no numeric column'}${run.issues.length > 0 ? ` (${stripPath(run.issues.join('; '), run.path)})` : ''}`,
        });
      else runs.push(run);
    }
  });
  return {
    root: resolve(root),
    runs,
    skipped,
    ignored,
    summary: summarize(runs, skipped, compiled !== null),
  };
}

/** A reason without the run's own path in front, and its files named relative to it. */
function stripPath(message: string, path: string): string {
  const own = message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
  return own.replaceAll(`${path}${sep}`, '');
}

interface WalkContext {
  root: string;
  rootName: string;
  exclude: string | null;
  runColumn: string | undefined;
  candidates: Candidate[];
  skipped: SkippedRun[];
  ignored: string[];
}

const rel = (ctx: WalkContext, abs: string): string => toPosix(relative(ctx.root, abs)) || '.';

/** The group and run a layout does not name: the run's folder (relative to the root) and its own name. */
function defaultIdentity(ctx: WalkContext, id: string): Required<Identity> {
  if (id === '.')
    return { group: basename(dirname(ctx.root)) || ctx.rootName, task: DEFAULT_TASK, run: ctx.rootName };
  const slash = id.lastIndexOf('/');
  return {
    group: slash < 0 ? ctx.rootName : id.slice(0, slash),
    task: DEFAULT_TASK,
    run: slash < 0 ? id : id.slice(slash + 1),
  };
}

async function walk(ctx: WalkContext, dir: string, depth: number, plain = false): Promise<void> {
  if (ctx.exclude && (dir === ctx.exclude || dir.startsWith(ctx.exclude + sep))) return;
  const entries = (await readdir(dir, { withFileTypes: true })).sort(byName);
  let files = entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name);
  const dirs = entries
    .filter(
      (e) =>
        e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules' && e.name !== '__pycache__',
    )
    .map((e) => e.name);
  const id = rel(ctx, dir);
  const has = (name: string) => files.includes(name);
  const add = (layout: Layout, runFiles: string[], identity: Identity, read: Candidate['read']) =>
    ctx.candidates.push({
      abs: dir,
      id,
      layout,
      files: runFiles.map((f) => (id === '.' ? f : `${id}/${f}`)),
      identity: { ...defaultIdentity(ctx, id), ...identity },
      // the folder's evaluations.npz / progress.json are parts of its run, whatever its layout
      read: async () => {
        const parts = await read();
        return Array.isArray(parts) ? withCompanions(parts, await companionParts(dir, files)) : parts;
      },
    });

  if (plain) {
    await fileCandidates(ctx, dir, files);
    if (depth > 0) for (const sub of dirs) await walk(ctx, join(dir, sub), depth - 1);
    return;
  }
  if (has('runs.json') && has('RUNS.md')) {
    ctx.skipped.push({ path: id, why: 'a runs report, not a run' });
    return;
  }
  // W&B run folders and MLflow SQLite stores, by their content (src/stores/)
  const stores = await folderStores(dir, files);
  for (const store of stores.candidates) {
    const storeId = store.file === null ? id : rel(ctx, join(dir, store.file));
    const storeFiles = store.file === null ? files.map((f) => (id === '.' ? f : `${id}/${f}`)) : [storeId];
    const abs = store.file === null ? dir : join(dir, store.file);
    const identity = { ...defaultIdentity(ctx, storeId), ...store.identity };
    ctx.candidates.push({
      abs,
      id: storeId,
      layout: store.layout,
      files: storeFiles,
      identity,
      read: store.read,
    });
  }
  if (stores.whole) return;
  files = files.filter((f) => !stores.consumed.includes(f));
  // MLflow: mlruns/<experiment>/<run_id>/{meta.yaml, metrics/, params/, tags/}
  if (has('meta.yaml') && dirs.includes('metrics')) {
    const identity: Identity = { group: await mlflowExperiment(dirname(dir)), run: await mlflowRunName(dir) };
    add('mlflow', ['meta.yaml'], identity, async () => [await readMlflowPart(dir)]);
    return;
  }
  const histories = dirs.includes('curves') ? await rewardHistories(dir) : [];
  if (has('training_log.csv') || histories.length > 0) {
    add('evidence', [...files.filter((f) => EVIDENCE_LOGS.includes(f)), ...histories], {}, async () => {
      const parts: RunPart[] = [];
      for (const name of EVIDENCE_LOGS.filter(has))
        parts.push(await readEvidenceCsvPart(join(dir, name), name));
      if (!has('training_log.csv') && histories[0])
        parts.push(await readRewardHistoryPart(join(dir, histories[0]), histories[0]));
      if (has('run.json'))
        (parts[0] as RunPart).meta = {
          ...runJsonMeta(await readConfigFile(join(dir, 'run.json'))),
          configFiles: ['run.json'],
        };
      return parts;
    });
    return;
  }
  const checkpoints = dirs
    .filter((d) => /^checkpoint-\d+$/.test(d))
    .sort((a, b) => Number(b.slice(11)) - Number(a.slice(11)));
  if (
    has('trainer_state.json') ||
    (checkpoints.length > 0 && !(await isHfCheckpointless(dir, checkpoints)))
  ) {
    // The top-level state is written last; each checkpoint-N/ holds the history up to N: the newest is the run.
    const state = has('trainer_state.json') ? 'trainer_state.json' : `${checkpoints[0]}/trainer_state.json`;
    add('hf-trainer', [state], {}, async () => [await readTrainerStatePart(join(dir, state), state)]);
    return;
  }
  if (has('params.json') && (has('progress.csv') || has('result.json'))) {
    const identity: Identity = { group: basename(dirname(dir)), run: basename(dir) };
    add('ray-trial', ['progress.csv', 'result.json', 'params.json'].filter(has), identity, async () => {
      const params = await readConfigFile(join(dir, 'params.json'));
      const part =
        has('progress.csv') && !(await isEmpty(join(dir, 'progress.csv')))
          ? await readCsvPart(join(dir, 'progress.csv'), 'progress.csv')
          : await readJsonlPart(join(dir, 'result.json'), 'result.json', 'rllib-result');
      if (part.format === 'csv' || part.format === 'baselines-progress') part.format = 'rllib-progress';
      part.meta = { ...part.meta, config: params, configFiles: ['params.json'] };
      if (typeof params.env === 'string') part.meta.envId = params.env;
      return [part];
    });
    const env = await readConfigFile(join(dir, 'params.json')).then(
      (p) => (typeof p.env === 'string' ? p.env : undefined),
      () => undefined,
    );
    if (env) (ctx.candidates.at(-1) as Candidate).identity.task = env;
    return;
  }
  const events = files.filter(isEventFile);
  if (
    /^version_\d+$/.test(basename(dir)) &&
    (has('metrics.csv') || events.length > 0 || has('hparams.yaml'))
  ) {
    const identity: Identity = { group: basename(dirname(dir)), run: basename(dir) };
    add(
      'lightning',
      [has('metrics.csv') ? 'metrics.csv' : (events[0] ?? 'hparams.yaml')],
      identity,
      async () => {
        const parts: RunPart[] = [];
        if (has('metrics.csv')) parts.push(await readCsvPart(join(dir, 'metrics.csv'), 'metrics.csv'));
        if (events.length > 0) parts.push(await readTensorboardPart(dir));
        if (parts.length === 0) throw new Error(`${dir}: hparams.yaml but no metrics.csv or event file yet`);
        if (has('hparams.yaml'))
          (parts[0] as RunPart).meta = {
            ...(parts[0] as RunPart).meta,
            config: await readConfigFile(join(dir, 'hparams.yaml')),
            configFiles: ['hparams.yaml'],
          };
        return parts;
      },
    );
    return;
  }
  if (events.length > 0) {
    const { layout, identity } = tensorboardIdentity(ctx, dir);
    add(layout, events, identity, async () => [await readTensorboardPart(dir)]);
    return;
  }
  const monitors = files.filter((f) => f.endsWith('monitor.csv'));
  const zoo = /^(.+)_(\d+)$/.exec(basename(dir));
  if (zoo && dirs.includes(zoo[1] as string) && dir !== ctx.root) {
    const envDir = join(dir, zoo[1] as string);
    const configs = (await readdir(envDir).catch(() => [] as string[])).filter(
      (f) => f === 'config.yml' || f === 'args.yml',
    );
    if (configs.length > 0 && (monitors.length > 0 || has('progress.csv'))) {
      const identity: Identity = {
        group: basename(dirname(dir)),
        task: zoo[1] as string,
        run: zoo[2] as string,
      };
      add('rl-zoo', [...monitors, ...(has('progress.csv') ? ['progress.csv'] : [])], identity, async () => {
        const parts = await folderParts(dir, monitors, has('progress.csv'));
        const config: Record<string, unknown> = {};
        for (const name of configs)
          config[name.replace(/\.yml$/, '')] = await readConfigFile(join(envDir, name));
        (parts[0] as RunPart).meta = {
          ...(parts[0] as RunPart).meta,
          config,
          configFiles: configs.map((c) => `${zoo[1]}/${c}`),
          algo: basename(dirname(dir)),
        };
        return parts;
      });
      return;
    }
  }
  const runFiles = [
    ...monitors,
    ...(has('progress.csv') ? ['progress.csv'] : []),
    ...(has('metrics.csv') ? ['metrics.csv'] : []),
    ...(await companionFiles(dir, files)),
  ];
  if (runFiles.length > 0) {
    const layout: Layout =
      has('progress.csv') || runFiles.includes('progress.json')
        ? 'sb3-log'
        : monitors.length > 0
          ? 'sb3-monitor'
          : 'folder';
    add(layout, runFiles, {}, async () => {
      const parts = await folderParts(dir, monitors, has('progress.csv'));
      if (has('metrics.csv')) parts.push(await readCsvPart(join(dir, 'metrics.csv'), 'metrics.csv'));
      if (has('results.json'))
        (parts[0] as RunPart).meta.results = await readJsonFile(join(dir, 'results.json'));
      return parts;
    });
    if (monitors.length > 1) {
      (ctx.candidates.at(-1) as Candidate).split = () =>
        monitors.map((name) => {
          const abs = join(dir, name);
          const fileId = rel(ctx, abs);
          return {
            abs,
            id: fileId,
            layout: 'file' as const,
            files: [fileId],
            identity: defaultIdentity(ctx, fileId),
            read: async () => [await readMonitorPart([abs], abs, name)],
          };
        });
    }
    for (const f of files) if (!runFiles.includes(f)) ctx.ignored.push(id === '.' ? f : `${id}/${f}`);
  } else {
    await fileCandidates(ctx, dir, files);
  }
  if (depth === 0) return;
  for (const sub of dirs) await walk(ctx, join(dir, sub), depth - 1);
}

/** The monitor files (joined) and progress.csv of one folder, the progress curve first when there is one. */
async function folderParts(dir: string, monitors: string[], progress: boolean): Promise<RunPart[]> {
  const parts: RunPart[] = [];
  if (progress) parts.push(await readCsvPart(join(dir, 'progress.csv'), 'progress.csv'));
  if (monitors.length > 0)
    parts.push(
      await readMonitorPart(
        monitors.map((m) => join(dir, m)),
        dir,
        monitors.length === 1 ? (monitors[0] as string) : '*monitor.csv',
      ),
    );
  return parts;
}

/** Data files of a folder that is no run of its own: each one run (or one per run of a split table). */
async function fileCandidates(ctx: WalkContext, dir: string, files: string[]): Promise<number> {
  let added = 0;
  const downloads = new Map<string, string[]>();
  for (const name of files) {
    const abs = join(dir, name);
    if (abs === ctx.exclude) continue;
    const id = rel(ctx, abs);
    const push = (layout: Layout, identity: Identity, read: Candidate['read']) => {
      ctx.candidates.push({
        abs,
        id,
        layout,
        files: [id],
        identity: { ...defaultIdentity(ctx, id), ...identity },
        read,
      });
      added++;
    };
    const lower = name.toLowerCase();
    const store = await fileStore(abs, name);
    if (store) {
      push(store.layout, store.identity, store.read);
    } else if (isEventFile(name)) {
      push('file', {}, async () => [await readTensorboardPart(abs)]);
    } else if (name.endsWith('monitor.csv')) {
      push('file', {}, async () => [await readMonitorPart([abs], abs, name)]);
    } else if (name === 'trainer_state.json') {
      push('file', {}, async () => [await readTrainerStatePart(abs, name)]);
    } else if (/_reward_history\.json$/.test(name)) {
      push('file', {}, async () => [await readRewardHistoryPart(abs, name)]);
    } else if (EVIDENCE_LOGS.includes(name)) {
      push('file', {}, async () => [await readEvidenceCsvPart(abs, name)]);
    } else if (/\.(csv|tsv)$/.test(lower) || (lower.endsWith('.log') && (await startsWith(abs, 'epoch,')))) {
      const header = await headerOf(abs);
      const download = /^run-(.+)-tag-.+\.csv$/.exec(name);
      if (download && header.join(',') === 'Wall time,Step,Value') {
        downloads.set(download[1] as string, [...(downloads.get(download[1] as string) ?? []), name]);
        continue;
      }
      if (wandbSeries(header)) {
        push('wandb-panel', {}, async () => {
          const out = new Map<string, { part: RunPart; identity: Identity }>();
          for (const [run, part] of await readWandbPanelParts(abs, name))
            out.set(run, { part, identity: { run } });
          return out;
        });
        continue;
      }
      const runColumn = ctx.runColumn ?? RUN_COLUMNS.find((c) => header.includes(c));
      if (runColumn && header.includes(runColumn)) {
        push('long-table', { group: name.replace(/\.[ct]sv$/i, '') }, () =>
          readLongTable(abs, name, runColumn),
        );
        continue;
      }
      push('file', {}, async () => [await readCsvPart(abs, name)]);
    } else if (lower.endsWith('.jsonl')) {
      push('file', {}, async () => [await readJsonlPart(abs, name, 'jsonl')]);
    } else if (lower.endsWith('.json') && !CONFIG_JSON.has(name) && (await startsWith(abs, '['))) {
      push('file', {}, async () => [await readJsonArrayPart(abs, name)]);
    } else if (lower === 'result.json' && (await startsWith(abs, '{'))) {
      push('file', {}, async () => [await readJsonlPart(abs, name, 'rllib-result')]);
    } else {
      ctx.ignored.push(id);
    }
  }
  for (const [run, names] of downloads) {
    const abs = join(dir, `run-${run}`);
    const id = rel(ctx, abs);
    ctx.candidates.push({
      abs: dir,
      id,
      layout: 'file',
      files: names.map((n) => rel(ctx, join(dir, n))),
      identity: { ...defaultIdentity(ctx, id), run },
      read: async () => Promise.all(names.map((n) => readCsvPart(join(dir, n), n))),
    });
    added++;
  }
  return added;
}

/**
 * A long-format table (`step,reward,seed` as paper repositories and pandas exports ship): one run per
 * value of its run column; a group and a task column, when there, name the run's group and task.
 */
async function readLongTable(
  abs: string,
  name: string,
  runColumn: string,
): Promise<Map<string, { part: RunPart; identity: Identity }>> {
  const { readFile } = await import('node:fs/promises');
  const parsed = parseDelimited(abs, await readFile(abs, 'utf8'), { lastLine: 'torn' });
  const at = (column: string | undefined) => (column ? parsed.header.indexOf(column) : -1);
  const runAt = at(runColumn);
  const groupAt = at(GROUP_COLUMNS.find((c) => parsed.header.includes(c)));
  const taskAt = at(TASK_COLUMNS.find((c) => parsed.header.includes(c)));
  const byRun = new Map<string, typeof parsed.rows>();
  for (const row of parsed.rows) {
    const key = [groupAt, taskAt, runAt]
      .map((i) => (i < 0 ? '' : (row.fields[i] ?? '').trim()))
      .join('\u0000');
    byRun.set(key, [...(byRun.get(key) ?? []), row]);
  }
  const { numericColumns } = await import('./delimited.js');
  const out = new Map<string, { part: RunPart; identity: Identity }>();
  let first = true;
  for (const [key, rows] of byRun) {
    const [group, task, run] = key.split('\u0000') as [string, string, string];
    const issues = first ? [...parsed.issues] : [];
    first = false;
    const drop = new Set([runAt, groupAt, taskAt].filter((i) => i >= 0));
    const keep = (fields: string[]) => fields.filter((_, i) => !drop.has(i));
    const sub = {
      ...parsed,
      header: keep(parsed.header),
      rows: rows.map((row) => ({ line: row.line, fields: keep(row.fields) })),
      issues,
    };
    const columns = numericColumns(abs, sub);
    const part = tablePart('csv', columns, name, abs, { issues: sub.issues });
    const identity: Identity = { run };
    if (group) identity.group = group;
    if (task) identity.task = task;
    out.set([group, task, run].filter(Boolean).join('/'), { part, identity });
  }
  return out;
}

async function readCandidate(
  ctx: WalkContext,
  candidate: Candidate,
  identity: Identity,
  patterned: boolean,
): Promise<Run[]> {
  const result = await candidate.read();
  let layout: Layout = patterned ? 'pattern' : candidate.layout;
  // a folder with progress.csv is an SB3 logger folder only when SB3 wrote it
  if (Array.isArray(result) && layout === 'sb3-log' && result[0]?.format !== 'sb3-progress')
    layout = 'folder';
  if (Array.isArray(result)) return [toRun(candidate.abs, candidate.id, layout, identity, result)];
  const runs: Run[] = [];
  for (const [key, { part, identity: own }] of result)
    runs.push(
      toRun(
        candidate.abs,
        `${candidate.id}#${key}`,
        layout,
        { ...identity, ...own, ...(patterned ? identity : {}) },
        [part],
      ),
    );
  void ctx;
  return runs;
}

function toRun(path: string, id: string, layout: Layout, identity: Identity, parts: RunPart[]): Run {
  const main = parts[0];
  if (!main) throw new Error(`${path}: nothing to read`);
  const meta: RunMeta = {};
  for (const part of [...parts].reverse()) Object.assign(meta, part.meta);
  return {
    path,
    id,
    layout,
    format: main.format,
    group: identity.group ?? DEFAULT_TASK,
    task: identity.task ?? DEFAULT_TASK,
    run: identity.run ?? id,
    series: parts.flatMap((p) => p.series),
    x: main.x,
    y: main.y ?? parts.find((p) => p.y)?.y ?? null,
    meta,
    restarts: parts.flatMap((p) => p.restarts),
    issues: parts.flatMap((p) => p.issues),
  };
}

/** CleanRL's `{env}__{exp}__{seed}__{time}` and SB3's `{ALGO}_{n}` name the run; others by their folder. */
function tensorboardIdentity(ctx: WalkContext, dir: string): { layout: Layout; identity: Identity } {
  const name = basename(dir);
  const cleanrl = /^(.+?)__(.+)__(\d+)__(\d+)$/.exec(name);
  if (cleanrl)
    return {
      layout: 'cleanrl',
      identity: { task: cleanrl[1] as string, group: cleanrl[2] as string, run: cleanrl[3] as string },
    };
  const sb3 = /^([A-Z][A-Za-z0-9]*)_(\d+)$/.exec(name);
  if (sb3) {
    const parent = basename(dirname(dir));
    // rl-zoo passes tensorboard_log/<env id>: the parent is the task when it looks like a Gym id
    const task = dir !== ctx.root && /-v\d+$/.test(parent) ? parent : DEFAULT_TASK;
    return { layout: 'sb3-tensorboard', identity: { group: sb3[1] as string, run: sb3[2] as string, task } };
  }
  return { layout: 'tensorboard', identity: {} };
}

async function rewardHistories(dir: string): Promise<string[]> {
  const modes = await readdir(join(dir, 'curves'), { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const mode of modes.filter((m) => m.isDirectory()).sort(byName)) {
    const name = `curves/${mode.name}/${mode.name}_reward_history.json`;
    if (
      await stat(join(dir, name)).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      found.push(name);
  }
  return found;
}

/** An HF output folder whose checkpoint folders hold no trainer_state.json is not one. */
async function isHfCheckpointless(dir: string, checkpoints: string[]): Promise<boolean> {
  return !(await stat(join(dir, checkpoints[0] as string, 'trainer_state.json')).then(
    () => true,
    () => false,
  ));
}

function runJsonMeta(value: Record<string, unknown>): RunMeta {
  const meta: RunMeta = { config: value };
  const env = value.env_id ?? value.environment ?? value.env;
  if (typeof env === 'string') meta.envId = env;
  else if (env && typeof env === 'object' && typeof (env as Record<string, unknown>).id === 'string')
    meta.envId = (env as Record<string, unknown>).id as string;
  if (typeof value.algorithm === 'string') meta.algo = value.algorithm;
  if (typeof value.seed === 'number') meta.seed = value.seed;
  return meta;
}

async function mlflowExperiment(dir: string): Promise<string> {
  const meta = await readConfigFile(join(dir, 'meta.yaml')).catch(() => ({}) as Record<string, unknown>);
  return typeof meta.name === 'string' ? meta.name : basename(dir);
}

async function mlflowRunName(dir: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const tag = await readFile(join(dir, 'tags', 'mlflow.runName'), 'utf8').catch(() => '');
  if (tag.trim()) return tag.trim();
  const meta = await readConfigFile(join(dir, 'meta.yaml')).catch(() => ({}) as Record<string, unknown>);
  return typeof meta.run_name === 'string' && meta.run_name ? meta.run_name : basename(dir);
}

async function headerOf(path: string): Promise<string[]> {
  const text = await firstBytes(path, 64 * 1024);
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const line = (lines.find((l) => !l.startsWith('#')) ?? '').replace(/\r$/, '');
  const delimiter = /\.tsv$/i.test(path) ? '\t' : ',';
  return parseDelimited(path, `${line}\n`, { lastLine: 'torn' }).header.length > 0
    ? line.split(delimiter).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'))
    : [];
}

async function startsWith(path: string, char: string): Promise<boolean> {
  return (await firstBytes(path, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith(char);
}

async function isEmpty(path: string): Promise<boolean> {
  return (await stat(path)).size === 0;
}

async function firstBytes(path: string, length: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    await handle.close();
  }
}

const looksBinary = (head: string): boolean =>
  head.includes('\u0000') || /[\u0001-\u0008\u000e-\u001a]/.test(head);

/** A file (not a TensorBoard event file, which is binary by design) whose first bytes are not text. */
async function isBinaryText(path: string): Promise<boolean> {
  if (isEventFile(basename(path)) || (await fileStore(path, basename(path)))) return false;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return false;
  return looksBinary(await firstBytes(path, 4096).catch(() => ''));
}

/** One line for a file that is no run file: what it looks like, what was expected. */
async function unknownFileMessage(path: string): Promise<string> {
  const head = await firstBytes(path, 4096).catch(() => '');
  const binary = looksBinary(head);
  const seen =
    head.length === 0
      ? 'an empty file'
      : binary
        ? 'binary data'
        : `text starting ${JSON.stringify(head.split('\n')[0]?.slice(0, 40))}`;
  return `${path}: not a run file (${seen}); expected ${LOOKED_FOR}`;
}

/** "12 runs in 3 groups (a, b, c) × 2 tasks (x, y), from cleanrl folders; 1 skipped". */
function summarize(runs: Run[], skipped: SkippedRun[], patterned: boolean): string {
  const list = (values: string[]) => {
    const unique = [...new Set(values)];
    return `${unique.length} ${unique.length === 1 ? '' : ''}(${unique.slice(0, 4).join(', ')}${unique.length > 4 ? ', …' : ''})`;
  };
  const layouts = new Map<string, number>();
  for (const run of runs) layouts.set(run.layout, (layouts.get(run.layout) ?? 0) + 1);
  const from = [...layouts].map(([layout, n]) => `${n} ${layout}`).join(', ');
  const formats = [...new Set(runs.map((r) => FORMAT_NAMES[r.format]))].join(', ');
  const groups = new Set(runs.map((r) => r.group)).size;
  const tasks = new Set(runs.map((r) => r.task)).size;
  return (
    `${runs.length} run${runs.length === 1 ? '' : 's'} in ${groups} group${groups === 1 ? '' : 's'} ${list(runs.map((r) => r.group)).replace(/^\d+ /, '')}` +
    ` × ${tasks} task${tasks === 1 ? '' : 's'} ${list(runs.map((r) => r.task)).replace(/^\d+ /, '')}` +
    `, by ${patterned ? '--pattern' : 'layout'} (${from}; ${formats})` +
    (skipped.length > 0 ? `; ${skipped.length} skipped` : '')
  );
}
