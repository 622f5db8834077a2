/**
 * The catalogue of a tree: every folder is shown to the recognisers (parents before children), each
 * claims what it knows among the files no earlier one claimed, and every file left is listed with what
 * it is. Then a folder's sources join as one run, other sources are runs of their own, configuration
 * goes to its run: nothing is read yet (reading is on demand, run by run).
 */

import { join } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import type { Layout, RunMeta, SkippedRun } from '../model.js';
import type { RunPart } from '../readers.js';
import { RECOGNISERS } from '../recognisers/index.js';
import { folderIdentity } from './folder-identity.js';
import { type Sniff, sniffFile } from './sniff.js';
import type { CatalogueContext, ColumnsToRead, Folder, Identity, Source, SplitRuns } from './types.js';
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

/** Join sources first by how much they say of the run: its main part gives its format, x and y. */
const JOIN_RANK: Partial<Record<Layout, number>> = {
  evidence: 0,
  'hf-trainer': 0,
  'ray-trial': 0,
  folder: 1,
  sacred: 1,
  d3rlpy: 1,
  tensorboard: 2,
  'sb3-monitor': 3,
  file: 4,
};

export async function catalogue(
  ctx: CatalogueContext,
  options: { inside?: boolean } = {},
): Promise<{ candidates: Candidate[]; unread: SkippedRun[] }> {
  const { tree } = ctx;
  const claimed = new Set<string>();
  const sniffs = new Map<string, Promise<Sniff>>();
  const sniff = (rel: string): Promise<Sniff> => {
    let found = sniffs.get(rel);
    if (!found) {
      found = sniffFile(join(ctx.root, rel), rel.slice(rel.lastIndexOf('/') + 1));
      sniffs.set(rel, found);
    }
    return found;
  };
  const sourcesOf = new Map<string, Source[]>();
  const unread: SkippedRun[] = [];

  const recognise = async (entry: FolderEntry): Promise<void> => {
    const folder: Folder = {
      rel: entry.rel,
      abs: entry.abs,
      files: entry.files.filter((f) => !claimed.has(childRel(entry.rel, f))),
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
      const what = await sniff(folder.path(name)).then(
        (s) => describe(s),
        (error: NodeJS.ErrnoException) => `not readable (${error.code ?? error.message})`,
      );
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
    shape.catch(() => {}); // an unreadable file is said by whoever asks for it, as before
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
  candidates.sort((a, b) => byPath(a.id, b.id));
  return { candidates, unread };
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
  const ordered = [...joins].sort(
    (a, b) => (JOIN_RANK[a.layout ?? 'file'] ?? 4) - (JOIN_RANK[b.layout ?? 'file'] ?? 4),
  );
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
      for (const source of ordered) {
        const got = await (source.read as Source['read'] & {})(want);
        if (Array.isArray(got)) pushAll(parts, got);
        else for (const { part } of got.values()) parts.push(part);
      }
      const first = parts[0];
      if (first) {
        const metas: RunMeta[] = [];
        for (const source of configs) if (source.meta) metas.push(await source.meta().catch(() => ({})));
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
