/**
 * The whole tree under a root, listed once: every folder with its files and subfolders. Hidden folders
 * that tools write into (Sample Factory's `.summary/`, Hydra's `.hydra/`) are walked; version control,
 * caches and virtual environments are not, and each such folder is listed with why. There is no depth
 * cutoff unless asked, and then every folder not walked is listed too.
 *
 * Links: one to a folder or file inside the root is not followed (its target is listed under its own
 * path, so a run is named by where it lies, not by W&B's `latest-run`); one pointing outside the root is
 * followed once per target (by real path, so a link cycle ends).
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { SkippedRun } from '../model.js';

/** Folders no trainer writes a log into: version control, caches, package and environment folders. */
const NOT_WALKED = new Map<string, string>([
  ['.git', 'version control'],
  ['.hg', 'version control'],
  ['.svn', 'version control'],
  ['.bzr', 'version control'],
  ['.jj', 'version control'],
  ['node_modules', 'packages'],
  ['__pycache__', 'a cache'],
  ['.cache', 'a cache'],
  ['.mypy_cache', 'a cache'],
  ['.pytest_cache', 'a cache'],
  ['.ruff_cache', 'a cache'],
  ['.tox', 'a cache'],
  ['.nox', 'a cache'],
  ['.ipynb_checkpoints', "Jupyter's copies"],
  ['.venv', 'a virtual environment'],
  ['.idea', "an editor's settings"],
  ['.vscode', "an editor's settings"],
  ['.turbo', 'a cache'],
]);

export interface FolderEntry {
  /** Relative to the root with `/` ('.' for the root). */
  rel: string;
  abs: string;
  depth: number;
  files: string[];
  dirs: string[];
}

export interface Tree {
  root: string;
  /** Every folder walked, parents before their children. */
  folders: FolderEntry[];
  byRel: Map<string, FolderEntry>;
  /** Folders not entered, with why (version control, a cache, a link seen before, deeper than asked). */
  notWalked: SkippedRun[];
  /** Folders that could not be listed (no permission): runs may be there, so they are skipped runs. */
  unreadable: SkippedRun[];
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const childRel = (rel: string, name: string) => (rel === '.' ? name : `${rel}/${name}`);

/** Lists the tree, reading folders a few at a time (a 10,000-file tree in well under a second). */
export async function walkTree(
  root: string,
  options: { exclude?: string | null; depth?: number } = {},
): Promise<Tree> {
  const maxDepth = options.depth ?? Number.POSITIVE_INFINITY;
  const tree: Tree = { root, folders: [], byRel: new Map(), notWalked: [], unreadable: [] };
  const realRoot = await realpath(root).catch(() => root);
  const seen = new Set<string>([realRoot]);
  let level: { rel: string; abs: string }[] = [{ rel: '.', abs: root }];
  for (let depth = 0; level.length > 0; depth++) {
    const listed = await mapLimit(level, 16, async ({ rel, abs }) => {
      const entries = await listFolder(abs, rel, tree).catch((error: NodeJS.ErrnoException) => {
        const why = error.code === 'EACCES' || error.code === 'EPERM' ? 'permission denied' : error.message;
        tree.unreadable.push({ path: rel, why: `folder not readable (${why})` });
        return [] as Entry[];
      });
      return { rel, abs, entries };
    });
    const next: { rel: string; abs: string }[] = [];
    for (const { rel, abs, entries } of listed) {
      const entry: FolderEntry = { rel, abs, depth, files: [], dirs: [] };
      for (const dirent of entries) {
        const path = join(abs, dirent.name);
        if (options.exclude && (path === options.exclude || path.startsWith(options.exclude + sep))) continue;
        let isDir = dirent.isDirectory();
        let isFile = dirent.isFile();
        if (dirent.isSymbolicLink()) {
          const target = await stat(path).catch(() => null);
          isDir = target?.isDirectory() ?? false;
          isFile = target?.isFile() ?? false;
          const why = target ? await linkSkipped(path, realRoot, seen) : 'a broken link';
          if (why) {
            tree.notWalked.push({ path: childRel(rel, dirent.name), why });
            continue;
          }
        }
        if (isFile) entry.files.push(dirent.name);
        else if (isDir) entry.dirs.push(dirent.name);
        // never opened: a pipe's open waits for a writer, a device never ends
        else
          tree.notWalked.push({
            path: childRel(rel, dirent.name),
            why: `${dirent.isSymbolicLink() ? 'a link to ' : ''}not a regular file (a pipe, socket or device), not read`,
          });
      }
      entry.files.sort(byName);
      entry.dirs.sort(byName);
      // a Python virtual environment is known by its pyvenv.cfg, whatever its name
      if (rel !== '.' && entry.files.includes('pyvenv.cfg')) {
        tree.notWalked.push({ path: rel, why: 'a Python virtual environment (pyvenv.cfg), not walked' });
        continue;
      }
      const walked: string[] = [];
      for (const name of entry.dirs) {
        const sub = childRel(rel, name);
        const why = NOT_WALKED.get(name);
        if (why) {
          tree.notWalked.push({ path: sub, why: `${why}, not walked` });
          continue;
        }
        if (depth + 1 > maxDepth) {
          tree.notWalked.push({ path: sub, why: `deeper than --depth ${maxDepth}, not walked` });
          continue;
        }
        const real = await realpath(join(abs, name)).catch(() => join(abs, name));
        const system = systemFolder(real, realRoot);
        if (system) {
          tree.notWalked.push({ path: sub, why: system });
          continue;
        }
        if (seen.has(real)) {
          tree.notWalked.push({ path: sub, why: 'a link to a folder already walked' });
          continue;
        }
        seen.add(real);
        walked.push(name);
        next.push({ rel: sub, abs: join(abs, name) });
      }
      entry.dirs = walked;
      tree.folders.push(entry);
      tree.byRel.set(rel, entry);
    }
    level = next;
  }
  return tree;
}

/**
 * Why a link is not followed, or null to follow it: its target lies inside the root (listed there under
 * its own path), or it is outside and was reached before (once per target). Marks a followed file seen.
 */
async function linkSkipped(path: string, realRoot: string, seen: Set<string>): Promise<string | null> {
  const real = await realpath(path).catch(() => null);
  if (real === null) return 'a broken link';
  if (real === realRoot || real.startsWith(realRoot + sep))
    return `a link to ${relative(realRoot, real).split(sep).join('/') || '.'} in this folder, read there`;
  // a link to `/` or to a folder holding this one would walk the whole machine (and /proc) to find it
  if (realRoot.startsWith(real.endsWith(sep) ? real : real + sep))
    return `a link to ${real}, a folder holding this one, not walked`;
  const system = systemFolder(real, realRoot);
  if (system) return system;
  const file = (await stat(real).catch(() => null))?.isFile() ?? false;
  if (seen.has(real)) return file ? 'a link to a file already listed' : 'a link to a folder already walked';
  // a folder is marked seen where it is queued (below), a file here
  if (file) seen.add(real);
  return null;
}

/** The kernel's own file systems: files made up as they are read, endless or blocking (no run is there). */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev'];

/** Why a folder (a real path) is not walked when it is the kernel's, unless the root itself is inside it. */
function systemFolder(real: string, realRoot = ''): string | null {
  const system = SYSTEM_FOLDERS.find((top) => real === top || real.startsWith(`${top}/`));
  if (!system || realRoot === system || realRoot.startsWith(`${system}/`)) return null;
  return `${real}: the system's ${system} (made up as it is read, no run there), not read`;
}

type Entry = Dirent & { name: string };

/**
 * A folder's entries by name. A name that is not UTF-8 (a Latin-1 `caf\xe9` from an old system) has no
 * string path to open it by: it is listed as not read, its bytes shown escaped, never as a missing file.
 */
async function listFolder(abs: string, rel: string, tree: Tree): Promise<Entry[]> {
  const raw = await readdir(abs, { withFileTypes: true, encoding: 'buffer' });
  const out: Entry[] = [];
  for (const dirent of raw) {
    const bytes = dirent.name as unknown as Buffer;
    const name = bytes.toString('utf8');
    if (Buffer.from(name, 'utf8').equals(bytes)) {
      out.push(Object.assign(dirent, { name }) as unknown as Entry);
      continue;
    }
    const shown = [...bytes]
      .map((b) => (b < 0x80 ? String.fromCharCode(b) : `\\x${b.toString(16)}`))
      .join('');
    tree.unreadable.push({
      path: childRel(rel, shown),
      why: 'its name is not UTF-8 (bytes shown as \\xNN), so it cannot be opened by name: not read; rename it to read it',
    });
  }
  return out;
}

/** Every file of a folder and of the folders below it, relative to the root. */
export function filesUnder(tree: Tree, rel: string): string[] {
  const out: string[] = [];
  for (const folder of tree.folders)
    if (folder.rel === rel || rel === '.' || folder.rel.startsWith(`${rel}/`))
      for (const name of folder.files) out.push(childRel(folder.rel, name));
  return out;
}

/** Runs `fn` over `items`, at most `limit` at a time, results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export { childRel };
