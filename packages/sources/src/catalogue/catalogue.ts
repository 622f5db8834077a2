/**
 * The catalogue of a tree: every folder is shown to the recognisers (parents before children), each
 * claims what it knows among the files no earlier one claimed, and every file left is listed with what
 * it is. Then a folder's sources join as one run, other sources are runs of their own, configuration
 * goes to its run: nothing is read yet (reading is on demand, run by run).
 */

import { dirname, join, relative } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import { defaultY } from '../formats.js';
import type { Layout, RunMeta, SkippedRun } from '../model.js';
import type { RunPart } from '../readers.js';
import { RECOGNISERS } from '../recognisers/index.js';
import { folderIdentity, ROLE_FOLDER } from './folder-identity.js';
import { type Sniff, sniffFile } from './sniff.js';
import {
  type CatalogueContext,
  type ColumnsToRead,
  type Folder,
  type Identity,
  JOIN_RANK,
  type Source,
  type SplitRuns,
} from './types.js';
import { childRel, type FolderEntry, mapLimit } from './walk.js';

export interface Candidate {
  abs: string;
  id: string;
  layout: Layout;
  /** Its files, relative to the root: what --pattern is matched against. */
  files: string[];
  identity: Identity;
  /** What of the identity the layout (a tool's naming rule, a source) said, not the folder by default. */
  named: Identity;
  read(want?: ColumnsToRead): Promise<RunPart[] | SplitRuns>;
  split?: () => Candidate[];
}

/** How much a source says of its run (see Source.rank). */
const rankOf = (source: Source): number =>
  source.rank ?? (source.layout === 'folder' ? JOIN_RANK.table : JOIN_RANK.other);

export async function catalogue(
  ctx: CatalogueContext,
  options: { inside?: boolean } = {},
): Promise<{ candidates: Candidate[]; unread: SkippedRun[]; unreadable: SkippedRun[] }> {
  const { sourcesOf, unread, unreadable } = await recogniseTree(ctx);
  joinRoleFolders(ctx.tree.folders, sourcesOf);
  const candidates = assembleRuns(ctx, sourcesOf, unread, options);
  candidates.sort((a, b) => byPath(a.id, b.id));
  return { candidates, unread, unreadable };
}

/** Every folder shown to the recognisers, parents before children: its sources, and the files none claimed. */
async function recogniseTree(
  ctx: CatalogueContext,
): Promise<{ sourcesOf: Map<string, Source[]>; unread: SkippedRun[]; unreadable: SkippedRun[] }> {
  const { tree } = ctx;
  const claimed = new Set<string>();
  const sniffs = new Map<string, Promise<Sniff>>();
  const sniff = (rel: string): Promise<Sniff> => {
    let found = sniffs.get(rel);
    if (!found) {
      // a file that cannot be opened looks like binary data to every recogniser (none claims it as a
      // log), and says why: it never fails a recogniser, its folder's run or the command
      found = sniffFile(join(ctx.root, rel), rel.slice(rel.lastIndexOf('/') + 1)).catch(
        (error: NodeJS.ErrnoException): Sniff => {
          const why = notReadable(error);
          return { kind: 'binary', what: why, size: 0, mtimeMs: 0, head: '', unreadable: why };
        },
      );
      sniffs.set(rel, found);
    }
    return found;
  };
  const sourcesOf = new Map<string, Source[]>();
  const unread: SkippedRun[] = [];
  const unreadable: SkippedRun[] = [];

  const recognise = async (entry: FolderEntry): Promise<void> => {
    // a file that cannot be opened (no permission, gone) is skipped and said here, once, and none of
    // this folder's recognisers sees it
    const readable = new Set<string>();
    for (const name of entry.files) {
      if (claimed.has(childRel(entry.rel, name))) continue;
      const why = (await sniff(childRel(entry.rel, name))).unreadable;
      if (why) unreadable.push({ path: childRel(entry.rel, name), why });
      else readable.add(name);
    }
    const folder: Folder = {
      rel: entry.rel,
      abs: entry.abs,
      files: entry.files.filter((f) => readable.has(f)),
      dirs: entry.dirs,
      ctx,
      path: (name) => childRel(entry.rel, name),
      sniff: (name) => sniff(childRel(entry.rel, name)),
      filesOf: (sub) => tree.byRel.get(childRel(entry.rel, sub))?.files ?? [],
    };
    const sources: Source[] = [];
    for (const recogniser of RECOGNISERS) {
      if (folder.files.length === 0 && folder.dirs.length === 0) break;
      const found = await recogniser.recognise(folder);
      for (const source of found) for (const file of source.files) claimed.add(file);
      if (found.length > 0) folder.files = folder.files.filter((f) => !claimed.has(folder.path(f)));
      pushAll(sources, found);
    }
    for (const name of folder.files) {
      const what = describe(await sniff(folder.path(name)));
      unread.push({ path: folder.path(name), why: what });
    }
    sourcesOf.set(entry.rel, sources);
    // a folder's files are looked at by its recognisers and its ancestors' (recognised before it): from
    // here on, reads need their shape and age, not their first 64 KiB, so a sweep of thousands of run
    // folders holds the heads of the few being recognised, never every head at once
    for (const name of entry.files) dropHead(childRel(entry.rel, name));
  };
  const dropHead = (rel: string): void => {
    const found = sniffs.get(rel);
    if (!found) return;
    const shape = found.then(withoutHead);
    shape.catch(() => {}); // never rejects (an unreadable file is a sniff saying so): kept as a guard
    sniffs.set(rel, shape);
  };

  const depths = new Map<number, FolderEntry[]>();
  for (const entry of tree.folders) {
    const level = depths.get(entry.depth);
    if (level) level.push(entry);
    else depths.set(entry.depth, [entry]);
  }
  for (const depth of [...depths.keys()].sort((a, b) => a - b))
    await mapLimit(depths.get(depth) as FolderEntry[], 8, recognise);
  for (const rel of sniffs.keys()) dropHead(rel);
  return { sourcesOf, unread, unreadable };
}

/** Why a file could not be opened, in words (the system's code kept for a search). */
function notReadable(error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  const said: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    ENOENT: 'gone since the folder was listed',
    ENOTREG: 'not a regular file',
    ELOOP: 'a link that loops',
  };
  return `not readable (${said[code] ?? error.message}${said[code] ? `, ${code}` : ''})`;
}

/** Each folder's sources made runs: joined as its run or runs of their own, configuration given to its run. */
function assembleRuns(
  ctx: CatalogueContext,
  sourcesOf: ReadonlyMap<string, Source[]>,
  unread: SkippedRun[],
  options: { inside?: boolean },
): Candidate[] {
  const { tree } = ctx;
  const candidates: Candidate[] = [];
  const folderRuns = new Map<string, { candidate: Candidate; configs: Source[] }>();
  const pending: { rel: string; configs: Source[] }[] = [];
  for (const entry of tree.folders) {
    const sources = sourcesOf.get(entry.rel) ?? [];
    for (const source of sources.filter((s) => s.role === 'unread'))
      for (const file of source.files) unread.push({ path: file, why: source.why ?? 'not a run' });
    let joins = sources.filter((s) => s.role === 'join');
    let owns = sources.filter((s) => s.role === 'own');
    const configs = sources.filter((s) => s.role === 'config');
    if (joins.length > 0) {
      joins = [...joins, ...owns.filter((s) => s.joinable)];
      owns = owns.filter((s) => !s.joinable);
    }
    // a lone table with configuration beside it (PFRL's scores.txt and args.txt) is its folder's run
    if (joins.length === 0 && configs.length > 0 && owns.length === 1 && owns[0]?.joinable) {
      joins = owns;
      owns = [];
    }
    if (options.inside && entry.rel === '.') {
      owns = [...joins, ...owns];
      joins = [];
    }
    for (const source of owns) candidates.push(ownCandidate(ctx, source));
    if (joins.length === 0) {
      if (configs.length > 0) pending.push({ rel: entry.rel, configs });
      continue;
    }
    const candidate = folderCandidate(ctx, entry, joins, configs);
    folderRuns.set(entry.rel, { candidate, configs });
    candidates.push(candidate);
  }
  // configuration beside no log: the run of the folder above (rl-zoo's {env}/, Hydra's .hydra/), else
  // every run below it (Sample Factory's cfg.json over .summary/0, an experiment's config over its seeds)
  for (const { rel, configs } of pending) {
    const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '.';
    const above = rel === '.' ? undefined : folderRuns.get(parent);
    const below = [...folderRuns]
      .filter(([r]) => rel === '.' || r.startsWith(`${rel}/`))
      .map(([, run]) => run);
    const targets = above ? [above] : below;
    for (const target of targets) pushAll(target.configs, configs);
    if (targets.length === 0)
      for (const source of configs)
        for (const file of source.files)
          unread.push({ path: file, why: 'configuration, with no run log in its folder, above or below it' });
  }
  return candidates;
}

/**
 * A folder named for what it holds (`tb/`, `logs/`, `summaries/`) inside a folder whose own logs make it
 * a run is part of that run: DrQ-v2 writes `train.csv` and `eval.csv` with their event files in `tb/`.
 */
function joinRoleFolders(folders: readonly FolderEntry[], sourcesOf: Map<string, Source[]>): void {
  const isRun = (sources: readonly Source[]) =>
    sources.some((s) => s.role === 'join' || (s.role === 'own' && s.joinable));
  for (const entry of [...folders].reverse()) {
    const slash = entry.rel.lastIndexOf('/');
    if (entry.rel === '.' || !ROLE_FOLDER.test(entry.rel.slice(slash + 1))) continue;
    const parent = sourcesOf.get(slash < 0 ? '.' : entry.rel.slice(0, slash)) ?? [];
    const own = sourcesOf.get(entry.rel) ?? [];
    if (!isRun(parent)) continue;
    const joins = own.filter((s) => s.role === 'join');
    pushAll(parent, joins);
    sourcesOf.set(
      entry.rel,
      own.filter((s) => s.role !== 'join'),
    );
  }
}

function withoutHead(sniff: Sniff): Sniff {
  const { json: _json, ...shape } = sniff;
  return { ...shape, head: '' };
}

/** A folder's own run, then its files' runs, then its subfolders', each in name order (a walk's order). */
function byPath(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '.') return -1;
  if (b === '.') return 1;
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    const xLast = i === x.length - 1;
    const yLast = i === y.length - 1;
    if (xLast !== yLast) return xLast ? -1 : 1;
    return (x[i] as string) < (y[i] as string) ? -1 : 1;
  }
  return x.length - y.length;
}

function describe(sniff: Sniff): string {
  switch (sniff.kind) {
    case 'empty':
      return 'an empty file';
    case 'binary':
      return `${sniff.what}, not a log`;
    case 'json-object':
      return 'a JSON object, neither records nor a metric store';
    default:
      return `${sniff.what}: not a table of records`;
  }
}

/** The group and run a layout does not name: the run's folder (relative to the root) and its own name. */
export function defaultIdentity(ctx: CatalogueContext, id: string): Required<Identity> {
  if (id === '.') return { group: ctx.parentName || ctx.rootName, task: 'all', run: ctx.rootName };
  const slash = id.lastIndexOf('/');
  return {
    group: slash < 0 ? ctx.rootName : id.slice(0, slash),
    task: 'all',
    run: slash < 0 ? id : id.slice(slash + 1),
  };
}

function ownCandidate(ctx: CatalogueContext, source: Source): Candidate {
  const first = source.files[0] as string;
  const id = source.id ?? first;
  const read: Candidate['read'] = async (want) => {
    const got = await (source.read as Candidate['read'])(want);
    const parts = Array.isArray(got) ? got : [...got.values()].map((v) => v.part);
    for (const part of parts) part.meta.files = source.files;
    return got;
  };
  return {
    abs: source.abs ?? join(ctx.root, first),
    id,
    layout: source.layout ?? 'file',
    files: source.files,
    identity: { ...defaultIdentity(ctx, id), ...source.identity },
    named: { ...source.identity },
    read,
  };
}

function folderCandidate(
  ctx: CatalogueContext,
  entry: FolderEntry,
  joins: Source[],
  configs: Source[],
): Candidate {
  const ordered = [...joins].sort((a, b) => rankOf(a) - rankOf(b));
  const named = folderIdentity(
    ctx.rootName,
    entry.rel,
    ordered.some((s) => s.layout === 'tensorboard'),
  );
  const configLayout = configs.find((c) => c.layout)?.layout;
  const said: Identity = { ...named.identity };
  for (const source of [...ordered].reverse()) Object.assign(said, source.identity);
  for (const source of configs) Object.assign(said, source.identity);
  const identity: Identity = { ...defaultIdentity(ctx, entry.rel), ...said };
  const main = ordered[0] as Source;
  const layout = configLayout ?? named.layout ?? main.layout ?? 'folder';
  const candidate: Candidate = {
    abs: entry.abs,
    id: entry.rel,
    layout,
    files: [...ordered.flatMap((s) => s.files), ...configs.flatMap((s) => s.files)],
    identity,
    named: said,
    read: async (want) => {
      const parts: RunPart[] = [];
      const files: string[] = [];
      // one source that cannot be read (a zip bomb beside a progress.csv) is said, the others still read;
      // the run fails only when none can be
      const failed: Error[] = [];
      for (const source of ordered) {
        const got = await (source.read as Source['read'] & {})(want).catch((error: Error) => {
          failed.push(error);
          return [] as RunPart[];
        });
        const read = Array.isArray(got) ? got : [...got.values()].map((v) => v.part);
        // a source of a file per part (a table per phase) names each part's file
        read.forEach((part, i) => {
          parts.push(part);
          files.push(source.files[read.length === source.files.length ? i : 0] ?? '');
        });
      }
      // a metric of a table and of event files is read from the table, whatever their rank
      const logged = new Map<string, string>();
      const events = (part: RunPart) => part.format === 'tensorboard';
      const emptied = new Set<RunPart>();
      for (const tensorboard of [false, true])
        parts.forEach((part, i) => {
          if (events(part) !== tensorboard) return;
          const had = part.series.length;
          withoutCopies(part, logged, join(ctx.root, files[i] as string), entry.abs);
          if (had > 0 && part.series.length === 0) emptied.add(part);
        });
      // a part left with nothing of its own (event files copying a table) is not the run's main part:
      // the table gives the run its x and y
      parts.sort((a, b) => Number(emptied.has(a)) - Number(emptied.has(b)));
      const first = parts[0];
      if (!first && failed[0]) throw failed[0];
      for (const error of failed) first?.issues.push(`${error.message}; the run is read without it`);
      if (first) {
        const metas: RunMeta[] = [];
        for (const source of configs)
          if (source.meta)
            metas.push(
              await source.meta(first.issues).catch((error: Error) => {
                first.issues.push(`${error.message}; this configuration not read`);
                return {};
              }),
            );
        first.meta = mergeMeta([...metas, first.meta]);
        first.meta.files = [...ordered.flatMap((s) => s.files), ...configs.flatMap((s) => s.files)];
      }
      return parts;
    },
  };
  if (ordered.length === 1 && main.split) {
    const split = main.split;
    candidate.split = () => split().map((s) => ownCandidate(ctx, s));
  }
  return candidate;
}

/**
 * A part less the metrics an earlier source of the run logged (dowel, SB3 and DrQ-v2 write the same
 * values to a table and to event files): each is read once, from the source ranked first (a table, where
 * its x is), and one issue says so. `logged` gains the part's own metrics, named by `file` (absolute)
 * relative to the run's `folder`.
 */
function withoutCopies(part: RunPart, logged: Map<string, string>, file: string, folder: string): void {
  const copies = [...new Set(part.series.map((s) => s.metric).filter((m) => logged.has(m)))];
  // what a table logs, its x and every metric read or not (a read of some leaves the others unparsed)
  const name = relative(folder, file);
  for (const metric of [part.x, ...(part.names ?? part.series.map((s) => s.metric))])
    if (!logged.has(metric) && metric !== 'row') logged.set(metric, name);
  if (copies.length === 0) return;
  const copied = new Set(copies);
  const from = [...new Set(copies.map((m) => logged.get(m) as string))].join(', ');
  part.series = part.series.filter((s) => !copied.has(s.metric));
  if (part.names) part.names = part.names.filter((name) => !copied.has(name));
  if (part.unread) part.unread = part.unread.filter((name) => !copied.has(name));
  if (part.y !== null && copied.has(part.y)) part.y = defaultY(part.series.map((s) => s.metric));
  const what = part.format === 'tensorboard' ? 'tag(s) of the event files' : 'metric(s)';
  part.issues.push(
    `${part.format === 'tensorboard' ? dirname(file) : file}: ${copies.length} ${what} also logged in ${from} (${copies.slice(0, 3).join(', ')}${copies.length > 3 ? ', …' : ''}): read from ${from}, where their x is`,
  );
}

/** Later metas win, but configurations are merged key by key and configuration files listed once. */
function mergeMeta(metas: RunMeta[]): RunMeta {
  const out: RunMeta = {};
  for (const meta of metas) {
    const { config, configFiles, ...rest } = meta;
    Object.assign(out, rest);
    if (config) out.config = { ...(out.config ?? {}), ...config };
    if (configFiles) out.configFiles = [...new Set([...(out.configFiles ?? []), ...configFiles])];
  }
  return out;
}
