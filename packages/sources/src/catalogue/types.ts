/** The catalogue's vocabulary: a folder as recognisers see it, what they claim, and how it is read. */
import type { ColumnsToRead, Layout, RunMeta } from '../model.js';

export type { ColumnsToRead, MetricsOf, ReadOptions } from '../model.js';

import type { RunPart } from '../readers.js';
import type { Sniff } from './sniff.js';
import type { Tree } from './walk.js';

export type Identity = Partial<Record<'group' | 'task' | 'run', string>>;

/** Runs split out of one file (a long table, a W&B panel export, a wide table): each part and its identity. */
export type SplitRuns = Map<string, { part: RunPart; identity: Identity }>;

/** What a recogniser claims: files (relative to the root), and how they become a run or runs. */
export interface Source {
  /** The files it reads (or lists as not read), relative to the root with `/`: no other recogniser sees them. */
  files: string[];
  /**
   * `join`: a source of its folder's run, joined with the folder's other sources (event files, monitor
   * files, progress tables, metric stores); `own`: a run (or runs, split) of its own; `config`: the
   * configuration of its folder's run (or of the run of the folder above); `unread`: listed with `why`.
   */
  role: 'join' | 'own' | 'config' | 'unread';
  /**
   * For role `join`: how much of the run it says (JOIN_RANK): the folder's sources are joined in this
   * order, the first giving the run its format, x and y. Default: `table` for layout `folder`, else `other`.
   */
  rank?: number;
  /** A run of its own, unless its folder is a run by another source: then it joins it. */
  joinable?: boolean;
  layout?: Layout;
  identity?: Identity;
  /** Why the files are not read (role `unread`). */
  why?: string;
  /** `want`: the columns a table needs (see ColumnsToRead); a source may read every column anyway. */
  read?: (want?: ColumnsToRead) => Promise<RunPart[] | SplitRuns>;
  /**
   * Configuration (role `config`), read when its run is. A file it cannot read is said in `issues` (or
   * the whole of it fails): the run is read without that configuration.
   */
  meta?: (issues?: string[]) => Promise<RunMeta>;
  /** For role `own`: where the run is (absolute) and its id; default its first file. */
  abs?: string;
  id?: string;
  /** Several monitor files: one source per file, for a --pattern that names each file a run. */
  split?: () => Source[];
}

export interface CatalogueContext {
  root: string;
  rootName: string;
  /** The name of the root's parent folder (the group of a run that is the root itself). */
  parentName: string;
  tree: Tree;
  runColumn: string | undefined;
  /** Seconds: a file modified more recently is being written; its last line without a line end is torn. */
  activeSeconds: number;
  now: number;
}

/** Sources of one run, by how much each says of it: a run's own record (configuration and metrics), a
 * table of its metrics, event files, per-episode files, anything else. */
export const JOIN_RANK = { whole: 0, table: 1, events: 2, episodes: 3, other: 4 } as const;

/** A folder as a recogniser sees it: its files that nothing claimed yet, and how to look at them. */
export interface Folder {
  /** Relative to the root with `/` ('.' for the root). */
  rel: string;
  abs: string;
  /** Names of its files not claimed yet, sorted. */
  files: string[];
  dirs: string[];
  ctx: CatalogueContext;
  /** What a file is (cached); `name` may be `sub/name` for a file below. */
  sniff(name: string): Promise<Sniff>;
  /** Names of the files of a subfolder (`sub` relative to this folder), [] when it is not there. */
  filesOf(sub: string): string[];
  /** Root-relative path of a file of this folder. */
  path(name: string): string;
}

/** One entry of the catalogue: looks at a folder's unclaimed files and claims what it recognises. */
export interface Recogniser {
  name: string;
  recognise(folder: Folder): Promise<Source[]>;
}
