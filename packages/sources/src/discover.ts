/**
 * The one discovery: any folder (or file) into runs. The whole tree is listed, a catalogue of
 * recognisers (src/recognisers/) decides from content what each file is and which run it belongs to,
 * every file left is listed with why, then runs are read and their task and group inferred, and one
 * line says what was found and how. `--pattern` decides what the tree cannot tell.
 */

import { open, stat } from 'node:fs/promises';
import { basename, dirname, resolve, sep } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import { type Candidate, catalogue } from './catalogue/catalogue.js';
import { ACTIVE_SECONDS } from './catalogue/last-line.js';
import { withoutRepeats, yFingerprint } from './catalogue/logged-twice.js';
import { inferRoles } from './catalogue/roles-of-runs.js';
import { checkReadOptions, columnsToRead, selectSeries, wantedMetrics } from './catalogue/select.js';
import { summarize } from './catalogue/summary.js';
import type { CatalogueContext, ColumnsToRead, Identity, ReadOptions } from './catalogue/types.js';
import { type Tree, walkTree } from './catalogue/walk.js';
import { boundConfig, CONFIG_KEYS_MAX } from './config-bound.js';
import { FOLDER_LAYOUT } from './formats.js';
import type { DiscoverOptions, Discovery, Layout, RoleWhy, Run, RunMeta, SkippedRun } from './model.js';
import { compilePattern, matchPattern } from './pattern.js';
import type { RunPart } from './readers.js';
import { LOOKED_FOR } from './recognisers/index.js';
import { describeChoice, sniffY, usableY } from './role-values.js';
import { chooseY, isXName, xKind } from './roles.js';
import { isBinaryStore } from './stores/index.js';
import { isEventFile } from './tensorboard/read.js';

export { RUN_COLUMNS } from './recognisers/long-table.js';

/** The task of every run whose layout, path, metadata and pattern say none. */
export const DEFAULT_TASK = 'all';
const READ_AT_ONCE = 8;

/** A file given to a command that is no run file: the one line it prints. */
export class UnknownFileError extends Error {
  override name = 'UnknownFileError';
}

/** A run the catalogue found, not read yet: what the tree, its layout or the pattern say of it. */
export interface ListedRun {
  /** Relative to the root, with `/` ('.' for the root itself). */
  id: string;
  /** Absolute path of its folder or file. */
  path: string;
  layout: Layout;
  /** Its files (logs and configuration), relative to the root. */
  files: string[];
  /** Its group, task and run as named so far: discoverRuns infers the rest from the runs read. */
  group: string;
  task: string;
  run: string;
}

/** The runs under a root, listed from the tree and the files' first bytes: nothing is read yet. */
export interface RunList {
  root: string;
  runs: ListedRun[];
  /** Files (or folders) in no run, with why. */
  unread: SkippedRun[];
  /** Folders that cannot be listed, and runs --pattern does not match. */
  skipped: SkippedRun[];
  /**
   * One listed run read (a long table or a store split into several), keeping what `options` ask for:
   * a table's columns that no kept metric needs are never parsed.
   */
  read(run: ListedRun, options?: ReadOptions): Promise<Run[]>;
}

type Listing = { list: RunList; ctx: CatalogueContext; chosen: Chosen[]; patterned: boolean };

/**
 * Every run under `root` (a folder or one file), listed, not read: the catalogue's first step (list runs,
 * then read each with the metrics wanted). Takes discoverRuns' `pattern`, `runColumn`, `exclude`,
 * `inside` and `depth`.
 */
export async function listRuns(root: string, options: DiscoverOptions = {}): Promise<RunList> {
  return (await listing(root, options)).list;
}

async function listing(root: string, options: DiscoverOptions): Promise<Listing> {
  const compiled = options.pattern ? compilePattern(options.pattern) : null;
  const info = await stat(root);
  let base = resolve(root);
  let tree: Tree;
  let inside = options.inside === true;
  if (info.isDirectory())
    tree = await walkTree(base, {
      exclude: options.exclude ? resolve(options.exclude) : null,
      ...(options.depth === undefined ? {} : { depth: options.depth }),
    });
  else if (!info.isFile()) {
    // a named pipe would block the first read forever
    throw new UnknownFileError(
      `${root}: is not a regular file (a named pipe or a device); only files are read`,
    );
  } else {
    base = dirname(base);
    const entry = { rel: '.', abs: base, depth: 0, files: [basename(root)], dirs: [] };
    tree = { root: base, folders: [entry], byRel: new Map([['.', entry]]), notWalked: [], unreadable: [] };
    // a file given is a run of its own, never its folder's
    inside = true;
  }
  const ctx: CatalogueContext = {
    root: base,
    rootName: basename(base),
    parentName: basename(dirname(base)),
    tree,
    runColumn: options.runColumn,
    activeSeconds: ACTIVE_SECONDS,
    now: Date.now(),
  };
  const { candidates, unread, unreadable } = await catalogue(ctx, { inside });
  pushAll(unread, tree.notWalked);
  if (!info.isDirectory()) {
    if (unreadable[0]) throw new Error(`${root}: ${unreadable[0].why}`);
    // a binary file named .csv would only yield a reader's complaint about its bytes: say what it is
    if (candidates.length === 0 || (await isBinaryText(root)))
      throw new UnknownFileError(await unknownFileMessage(root));
  }
  const skipped: SkippedRun[] = [...tree.unreadable, ...unreadable];
  const chosen = choose(candidates, compiled, options.pattern, skipped);
  const patterned = compiled !== null;
  const listed = new Map<ListedRun, Chosen>();
  for (const one of chosen) {
    const { candidate, identity } = one;
    const run: ListedRun = {
      id: candidate.id,
      path: candidate.abs,
      layout: patterned ? 'pattern' : candidate.layout,
      files: candidate.files,
      group: identity.group ?? DEFAULT_TASK,
      task: identity.task ?? DEFAULT_TASK,
      run: identity.run ?? candidate.id,
    };
    listed.set(run, one);
  }
  const list: RunList = {
    root: resolve(root),
    runs: [...listed.keys()],
    unread,
    skipped,
    async read(run, readOptions = {}) {
      const one = listed.get(run);
      if (!one) throw new Error(`${run.id}: not a run of this list`);
      checkReadOptions(readOptions);
      return readChosen(one, patterned, readOptions);
    },
  };
  return { list, ctx, chosen, patterned };
}

/**
 * Every run under `root` (a folder or one file). Every readable file under it is read into a run or
 * listed in `unread` with why; runs that cannot be read are in `skipped` with the reason.
 */
export async function discoverRuns(root: string, options: DiscoverOptions = {}): Promise<Discovery> {
  checkReadOptions(options);
  const { list, ctx, chosen, patterned } = await listing(root, options);
  const { unread } = list;
  const skipped = [...list.skipped];
  const results: (Run[] | Error)[] = new Array(chosen.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < chosen.length) {
      const i = next++;
      // each run cut to what was asked for at once: memory holds the kept metrics, not every run's all
      results[i] = await readChosen(chosen[i] as Chosen, patterned, options).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
    }
  };
  await Promise.all(Array.from({ length: READ_AT_ONCE }, worker));

  const read: Run[] = [];
  const named = new Map<Run, Set<string>>();
  for (let i = 0; i < chosen.length; i++) {
    const { candidate, identity } = chosen[i] as Chosen;
    const result = results[i] as Run[] | Error;
    const empty = result instanceof Error || result.every((run) => pointsRead(run) === 0);
    if (empty && (await isBinaryText(candidate.abs))) {
      skipped.push({ path: candidate.id, why: 'binary data, not a text log (nothing read)' });
      continue;
    }
    if (result instanceof Error) {
      skipped.push({ path: candidate.id, why: stripPath(result.message, candidate.abs) });
      continue;
    }
    for (const run of result) {
      if (pointsRead(run) === 0)
        skipped.push({
          path: run.id,
          why: `${(asRead.get(run)?.series ?? 0) > 0 ? 'no values to read' : run.format === 'tensorboard' ? 'no scalars logged' : 'no numeric column'}${run.issues.length > 0 ? ` (${stripPath(run.issues.join('; '), run.path)})` : ''}`,
        });
      else {
        read.push(run);
        origins.set(run, { chosen: chosen[i] as Chosen, patterned });
        const said = Object.keys(patterned ? identity : (candidate.named ?? {}));
        named.set(run, new Set([...said, ...(patterned ? [] : (splitNamed.get(run) ?? []))]));
      }
    }
  }
  const runs = withoutRepeats(
    read,
    (run) => fingerprints.get(run) ?? null,
    (run) => namesOf(run).length,
    skipped,
  );
  const roles = inferRoles(runs, ctx, named, {
    ...(options.groupBy ? { groupBy: options.groupBy } : {}),
    patterned,
  });
  return {
    root: list.root,
    runs,
    skipped,
    ignored: unread.map((u) => u.path),
    unread,
    roles,
    summary: summarize(runs, skipped, unread, roles, patterned),
  };
}

/** Where each run discoverRuns gave came from, to read it again (withSeries). */
const origins = new WeakMap<Run, { chosen: Chosen; patterned: boolean }>();

/**
 * The runs of a discovery read again, one source at a time, in the discovery's order, each with its
 * identity as discovered (group, task, run, meta) and its series, restarts and issues as read now,
 * keeping what `options` ask for. With a discovery made with `metrics: []` (identities, roles and
 * configuration, no series held), a one-pass writer (export) holds one source's runs at a time, not
 * every run's series.
 */
export async function* withSeries(discovery: Discovery, options: ReadOptions = {}): AsyncGenerator<Run> {
  checkReadOptions(options);
  // the sources in order, each read once; READ_AT_ONCE of them read ahead while the caller writes
  const sources: { origin: { chosen: Chosen; patterned: boolean }; runs: Run[] }[] = [];
  for (const run of discovery.runs) {
    const origin = origins.get(run);
    if (!origin) throw new Error(`${run.id}: not a run discoverRuns gave`);
    const last = sources.at(-1);
    if (last?.origin.chosen === origin.chosen) last.runs.push(run);
    else sources.push({ origin, runs: [run] });
  }
  const reads: Promise<Run[]>[] = [];
  const start = (i: number) => {
    const source = sources[i];
    if (source && !reads[i]) {
      reads[i] = readChosen(source.origin.chosen, source.origin.patterned, options);
      // a failure is the caller's when it gets there, never an unhandled rejection before
      reads[i].catch(() => {});
    }
  };
  for (let i = 0; i < sources.length; i++) {
    for (let k = i; k < i + READ_AT_ONCE; k++) start(k);
    const again = new Map((await (reads[i] as Promise<Run[]>)).map((r) => [r.id, r]));
    delete reads[i];
    for (const run of (sources[i] as (typeof sources)[number]).runs) {
      const read = again.get(run.id);
      yield {
        ...run,
        series: read?.series ?? [],
        restarts: read?.restarts ?? [],
        issues: read?.issues ?? [`${run.id}: gone when read again; nothing exported`],
      };
    }
  }
}

/**
 * A chosen run read and cut to what `options` keep. Its tables parse only the columns the kept metrics
 * need (columnsToRead); a run that turns out to want one left out (a y decided from the values) is read
 * again whole.
 */
async function readChosen(
  { candidate, identity }: Chosen,
  patterned: boolean,
  options: ReadOptions,
): Promise<Run[]> {
  const want = columnsToRead(options);
  let runs = await readCandidate(candidate, identity, patterned, want);
  if (want && runs.some((run) => wantsUnread(run, options)))
    runs = await readCandidate(candidate, identity, patterned, undefined);
  return runs.map((run) => selected(run, options));
}

/** Columns each run's tables left unparsed (RunPart.unread), and its metric names read or not. */
const unreadColumns = new WeakMap<Run, { unread: string[]; names: string[] }>();

function namesOf(run: Run): string[] {
  return unreadColumns.get(run)?.names ?? [...new Set(run.series.map((s) => s.metric))];
}

function wantsUnread(run: Run, options: ReadOptions): boolean {
  const unread = unreadColumns.get(run)?.unread;
  if (!unread) return false;
  // the values refused the y the names proposed, or no named counter was the x: the columns left
  // unread may hold the right one, so the run is read whole (every command then sees the same run)
  // (and a run that read nothing but its x is read whole, so it is skipped only when it is empty)
  if (run.series.length === 0 || run.y !== chooseY(namesOf(run))) return true;
  if (!(isXName(run.x) && xKind(run.x) !== 'time')) return true;
  const wanted = wantedMetrics(options, { metrics: namesOf(run), x: run.x, y: run.y });
  return unread.some((name) => wanted === null || wanted.has(name) || name === run.x || name === run.y);
}

/** The points and series each run held as read, before its series were cut to the metrics asked for. */
const asRead = new WeakMap<Run, { points: number; series: number }>();
const pointsRead = (run: Run): number => asRead.get(run)?.points ?? 0;

/** Each run's y as read, whole (yFingerprint), to find one run logged twice whatever is kept of it. */
const fingerprints = new WeakMap<Run, string | null>();

function selected(run: Run, options: ReadOptions): Run {
  const kept = selectSeries(run, options, namesOf(run));
  const points = run.series.reduce((n, s) => n + s.values.length, 0);
  asRead.set(kept, { points, series: run.series.length });
  fingerprints.set(kept, yFingerprint(run));
  const said = splitNamed.get(run);
  if (said) splitNamed.set(kept, said);
  return kept;
}

type Chosen = { candidate: Candidate; identity: Identity };

/** The candidates a --pattern matches (each with what it names), or all of them without one. */
function choose(
  candidates: Candidate[],
  compiled: ReturnType<typeof compilePattern> | null,
  pattern: string | undefined,
  skipped: SkippedRun[],
): Chosen[] {
  const chosen: Chosen[] = [];
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
    if (!matched) skipped.push({ path: candidate.id, why: `does not match --pattern ${pattern}` });
    else
      chosen.push({
        candidate,
        identity: { ...candidate.identity, ...matched, ...(matched.run ? {} : { run: candidate.id }) },
      });
  }
  return chosen;
}

/** A reason without the run's own path in front, and its files named relative to it. */
function stripPath(message: string, path: string): string {
  const own = message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
  return own.replaceAll(`${path}${sep}`, '');
}

/** What each run split out of one file (an MLflow store, a long table) said of itself: the layout's. */
const splitNamed = new WeakMap<Run, string[]>();

async function readCandidate(
  candidate: Candidate,
  identity: Identity,
  patterned: boolean,
  want: ColumnsToRead | undefined,
): Promise<Run[]> {
  const result = await candidate.read(want);
  let layout: Layout = patterned ? 'pattern' : candidate.layout;
  if (Array.isArray(result)) {
    // a folder whose main table a tool's logger wrote is that logger's folder
    if (layout === 'folder') layout = FOLDER_LAYOUT[result[0]?.format ?? 'csv'] ?? layout;
    return byEnvironment(result).map((parts, _i, all) =>
      toRun(
        candidate.abs,
        all.length === 1 ? candidate.id : `${candidate.id}#${parts[0]?.meta.envId}`,
        layout,
        identity,
        parts,
      ),
    );
  }
  const runs: Run[] = [];
  for (const [key, { part, identity: own }] of result) {
    const run = toRun(
      candidate.abs,
      `${candidate.id}#${key}`,
      layout,
      { ...identity, ...own, ...(patterned ? identity : {}) },
      [part],
    );
    splitNamed.set(run, Object.keys(own));
    runs.push(run);
  }
  return runs;
}

/** A run never spans two environments: parts of one folder that name different ones are runs apart. */
function byEnvironment(parts: RunPart[]): RunPart[][] {
  const envs = [...new Set(parts.map((p) => p.meta.envId).filter((e): e is string => typeof e === 'string'))];
  if (envs.length <= 1) return [parts];
  const groups = envs.map((env) => parts.filter((p) => p.meta.envId === env));
  // parts that name none go with the first (the folder's main log)
  pushAll(
    groups[0] as RunPart[],
    parts.filter((p) => typeof p.meta.envId !== 'string'),
  );
  return groups;
}

function toRun(path: string, id: string, layout: Layout, identity: Identity, parts: RunPart[]): Run {
  const main = parts[0];
  if (!main) throw new Error(`${path}: nothing to read`);
  const meta: RunMeta = {};
  for (const part of [...parts].reverse()) Object.assign(meta, part.meta);
  const configIssue = boundRunConfig(meta, path);
  const run: Run = {
    path,
    id,
    layout,
    format: main.format,
    group: identity.group ?? DEFAULT_TASK,
    task: identity.task ?? DEFAULT_TASK,
    run: identity.run ?? id,
    series: parts.flatMap((p) => p.series),
    x: main.x,
    ...runY(parts),
    meta,
    restarts: parts.flatMap((p) => p.restarts),
    issues: [...parts.flatMap((p) => p.issues), ...(configIssue ? [configIssue] : [])],
  };
  const unread = parts.flatMap((p) => p.unread ?? []);
  if (unread.length > 0) {
    const names = parts.flatMap((p) => p.names ?? p.series.map((s) => s.metric));
    unreadColumns.set(run, { unread, names: [...new Set(names)] });
  }
  return run;
}

/** A run's configuration cut to CONFIG_KEYS_MAX keys (each command walks it): the issue saying so. */
function boundRunConfig(meta: RunMeta, path: string): string | null {
  if (!meta.config) return null;
  const { config, leftOut } = boundConfig(meta.config);
  if (leftOut === 0) return null;
  meta.config = config;
  const files = meta.configFiles?.length ? ` (${meta.configFiles.join(', ')})` : '';
  return `${path}: its configuration${files} has ${(CONFIG_KEYS_MAX + leftOut).toLocaleString('en')} keys: the first ${CONFIG_KEYS_MAX.toLocaleString('en')} kept, ${leftOut.toLocaleString('en')} left out`;
}

/**
 * A run's y: the first its parts chose (its main part's first) whose values a chart can show; when none
 * can, the values of all its series decide (sniffY), and the reason names the y refused.
 */
function runY(parts: RunPart[]): { y: string | null; why?: RoleWhy } {
  const series = parts.flatMap((p) => p.series);
  const rows = Math.max(0, ...series.map((s) => s.values.length));
  const longest = new Map<string, ArrayLike<number>>();
  for (const s of series)
    if ((longest.get(s.metric)?.length ?? -1) < s.values.length) longest.set(s.metric, s.values);
  const proposed = parts.filter((p) => p.y !== null);
  const whyX = main(parts).why?.x;
  const withX = (y: string) => ({ ...(whyX ? { x: whyX } : {}), y });
  for (const part of proposed) {
    const y = part.y as string;
    if (!usableY(longest.get(y), rows)) continue;
    // the values' own choice among the part's series, or the y its format names
    const own = sniffY(
      part.series.map((s) => [s.metric, s.values] as const),
      [part.x],
    );
    return { y, why: withX(own.name === y ? describeChoice(own) : "its format's y") };
  }
  const choice = sniffY(longest, [main(parts).x]);
  const refused = proposed[0]?.y;
  if (refused && choice.name !== null && choice.name !== refused)
    choice.refused.unshift(`${refused} does not vary`);
  return { y: choice.name, why: withX(describeChoice(choice)) };
}

const main = (parts: RunPart[]): RunPart => parts[0] as RunPart;

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

/** A file (not an event file or a store, which are binary by design) whose first bytes are not text. */
async function isBinaryText(path: string): Promise<boolean> {
  if (isEventFile(basename(path))) return false;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile() || info.size === 0 || (await isBinaryStore(path))) return false;
  return looksBinary(await firstBytes(path, 4096).catch(() => ''));
}

/** One line for a file that is no run file: what it looks like, what was expected. */
async function unknownFileMessage(path: string): Promise<string> {
  const head = await firstBytes(path, 4096).catch(() => '');
  const seen =
    head.length === 0
      ? 'an empty file'
      : looksBinary(head)
        ? 'binary data'
        : `text starting ${JSON.stringify(head.split('\n')[0]?.slice(0, 40))}`;
  return `${path}: not a run file (${seen}); expected ${LOOKED_FOR}`;
}
