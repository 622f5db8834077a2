/**
 * The one way evidence writes into a folder: a file is written only when nothing is there or it holds
 * what evidence wrote there (the folder's ownership record, by content hash), always drawn first into a
 * staging folder beside it and renamed into place, and recorded as it is renamed. Every page, chart and
 * Markdown file of report, runs, plot and watch goes through it.
 */
import { mkdirSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseTempName, registerTemp, releaseTemp, removeStaleTemps, tempName } from '@evidence/node-kit';
import { hashOf } from './content-hash.js';
import { OWNED_FILES_RECORD, OwnedFiles } from './owned-files.js';

export { OWNED_FILES_RECORD };

/** Why a file was left as it is: another program (or the user) wrote it. */
export const NOT_OURS = 'a file evidence did not write is already there; left as it is';

/** The staging folder's name part: `.evidence-staging.<pid>.<hex>.tmp`. */
const STAGING = 'evidence-staging';

export interface OutputFolderOptions {
  /** write over files evidence did not write too (`--force`) */
  force?: boolean;
  /**
   * hold every file in the staging folder until `commit`, then rename them all into place at once:
   * a run killed while it draws leaves the earlier set whole, never half old and half new
   */
  batch?: boolean;
}

/** What a file is written from: text, bytes, or pieces of either (a file too large to be one string). */
export type FileData = string | Uint8Array | Iterable<string | Uint8Array>;

const toPosix = (path: string): string => path.split('\\').join('/');

/** Writes `data` to a new file and flushes it to disk, so the rename never puts an empty file in place. */
async function writeFlushed(path: string, data: FileData): Promise<void> {
  const handle = await open(path, 'wx');
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data);
    // each writeFile on a handle goes on from where the last one ended
    else for (const piece of data) await handle.writeFile(piece);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class OutputFolder {
  /** the files renamed into place through this folder, in order */
  readonly written: string[] = [];
  /** the files left as they were because evidence did not write them */
  readonly refused: string[] = [];
  /** stale temp files of killed runs removed when the folder was opened */
  readonly cleaned: string[] = [];
  /** the staging folder, created on the first write */
  private staging: string | null = null;
  /** every path staged by this folder and the file it becomes */
  private readonly staged = new Map<string, string>();
  /** staged files drawn whole, waiting for `commit` */
  private readonly ready: string[] = [];

  private constructor(
    /** the folder written into */
    readonly dir: string,
    private readonly owned: OwnedFiles,
    private readonly options: OutputFolderOptions,
  ) {}

  /**
   * The folder `dir` and its record (none yet: nothing there is evidence's). Creates nothing; removes
   * the temp files and staging folders that killed runs left there.
   */
  static async open(dir: string, options: OutputFolderOptions = {}): Promise<OutputFolder> {
    const root = resolve(dir);
    const folder = new OutputFolder(root, await OwnedFiles.read(root), options);
    // an older version's temp name (no pid) is removed only for a file the record lists
    const listed = (target: string) => target === OWNED_FILES_RECORD || folder.owned.lists(target);
    folder.cleaned.push(...(await removeStaleTemps(root, { ownsTarget: listed })));
    return folder;
  }

  /** The folder the file `path` is in. */
  static async of(path: string, options: OutputFolderOptions = {}): Promise<OutputFolder> {
    return OutputFolder.open(dirname(resolve(path)), options);
  }

  /** `name` inside the folder. */
  path(name: string): string {
    return join(this.dir, name);
  }

  /** A path as the folder's record names it (`sub/file.png`). */
  nameOf(path: string): string {
    return toPosix(relative(this.dir, resolve(path))) || basename(path);
  }

  /** Whether `path` may be written: nothing there, or evidence's unchanged file (or `force`). */
  mayWrite(path: string): boolean {
    return this.options.force === true || this.owned.mayWrite(path);
  }

  /** Whether a name found in the folder is evidence's (its record, a temp file of one, the record itself). */
  isOurs(name: string): boolean {
    const temp = parseTempName(name);
    if (temp?.target === STAGING) return true;
    const target = temp?.target ?? name;
    return target === OWNED_FILES_RECORD || this.owned.mayWrite(join(this.dir, target));
  }

  /**
   * A new path in the staging folder for the file `target`: a renderer draws there, then `stage`
   * readies it. The name ends as the target's does (a renderer may pick its format by it).
   */
  stagePath(target: string): string {
    if (this.staging === null) {
      mkdirSync(this.dir, { recursive: true });
      const staging = join(this.dir, tempName(STAGING));
      registerTemp(staging); // first: a signal handler about to exit removes it, even the moment it is made
      try {
        mkdirSync(staging);
      } catch (error) {
        releaseTemp(staging);
        throw namingTarget(error, target, staging); // a full disk names the file asked for
      }
      this.staging = staging;
    }
    const path = join(this.staging, `${this.staged.size}-${basename(target)}`);
    this.staged.set(path, resolve(target));
    return path;
  }

  /** The file a staged path becomes (a path not staged is itself). */
  targetOf(path: string): string {
    return this.staged.get(resolve(path)) ?? path;
  }

  /** Where the bytes of `path` are now: its staged file when this batch has one ready, else `path`. */
  whereNow(path: string): string {
    const target = resolve(path);
    const staged = this.ready.findLast((file) => this.staged.get(file) === target);
    return staged ?? path;
  }

  /** A failure on a staged file names the file it becomes (a renderer's ENOSPC, say). */
  nameTarget(error: unknown): unknown {
    const path = (error as NodeJS.ErrnoException | null)?.path;
    const target = path === undefined ? undefined : this.staged.get(resolve(path));
    return target === undefined || path === undefined ? error : namingTarget(error, target, path);
  }

  /**
   * A staged file is drawn whole: it goes into place at `commit` (at once, without `batch`). Resolves
   * to the file it becomes.
   */
  async stage(path: string): Promise<string> {
    const target = this.staged.get(resolve(path));
    if (target === undefined) throw new Error(`${path}: not a file staged by this folder`);
    this.ready.push(resolve(path));
    if (this.options.batch !== true) await this.commit();
    return target;
  }

  /**
   * Writes `data` to `path` (staged, then renamed into place) and records it; resolves to false,
   * writing nothing and noting the file in `refused`, when another program's file is there. A failed
   * write (a full disk, a read-only folder) throws: the file there is kept as it was.
   */
  async write(path: string, data: FileData): Promise<boolean> {
    if (!this.mayWrite(path)) {
      this.refused.push(path);
      return false;
    }
    const staged = this.stagePath(path);
    try {
      await writeFlushed(staged, data);
    } catch (error) {
      await this.discard().catch(() => {}); // the write's own failure is the one to name
      throw namingTarget(error, path, staged);
    }
    await this.stage(staged);
    return true;
  }

  /**
   * A chart renderer's write of `path`: drawn into the staging folder (`draw` gets the path to draw
   * to and resolves to the file it wrote), then staged. Resolves to the file it becomes.
   */
  async render(path: string, draw: (to: string) => Promise<string>): Promise<string> {
    const staged = this.stagePath(path);
    let drawn: string;
    try {
      drawn = await draw(staged);
    } catch (error) {
      await this.discard().catch(() => {}); // the renderer's own failure is the one to name
      throw namingTarget(error, path, staged);
    }
    return this.stage(drawn);
  }

  /**
   * Renames every staged file into place: first the record lists each with the hash of its new
   * content (so a kill among the renames leaves files the next run knows as its own), then the
   * renames (only the renames, so old and new files are mixed for no longer than they take), then the
   * record. A file somebody changed while this run drew is refused then. Staged files never readied
   * (nothing to draw) are removed with the staging folder.
   */
  async commit(): Promise<void> {
    const writes: { path: string; hash: string; staged: string }[] = [];
    for (const staged of this.ready.splice(0)) {
      const path = this.staged.get(staged) as string;
      const hash = hashOf(staged);
      if (!this.mayWrite(path)) this.refused.push(path);
      else if (hash !== null) writes.push({ path, hash, staged });
    }
    try {
      if (writes.length > 0) await this.owned.recordBegun(writes);
      const done: typeof writes = [];
      try {
        for (const write of writes) {
          await mkdir(dirname(write.path), { recursive: true });
          await rename(write.staged, write.path).catch((error) => {
            throw namingTarget(error, write.path, write.staged);
          });
          done.push(write);
          this.written.push(write.path);
        }
      } finally {
        if (done.length > 0) await this.owned.recordWritten(done);
        const failed = writes.filter((write) => !done.includes(write)).map((write) => write.path);
        if (failed.length > 0) await this.owned.dropBegun(failed).catch(() => {});
      }
    } finally {
      await this.discard();
    }
  }

  /** Removes the staging folder and whatever is still in it. */
  async discard(): Promise<void> {
    this.ready.length = 0; // `staged` stays: `targetOf` still maps a renderer's path to its file
    if (this.staging === null) return;
    const staging = this.staging;
    this.staging = null;
    await rm(staging, { recursive: true, force: true });
    releaseTemp(staging);
  }

  /**
   * Removes the files of an earlier run that this one did not write again: names matching `match`
   * directly in the folder that evidence wrote and nobody changed since (never another program's file,
   * even with `force`), so charts of metrics or runs gone do not sit beside the new page as if current.
   */
  async prune(match: RegExp): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const written = new Set(this.written.map((path) => resolve(path)));
    const removed: string[] = [];
    for (const name of names) {
      const path = join(this.dir, name);
      if (!match.test(name) || written.has(path) || !this.owned.mayWrite(path)) continue;
      await unlink(path).catch(() => {});
      removed.push(path);
    }
    return removed;
  }
}

/** A failure on a staged file names the file the user asked for, never the staging folder. */
function namingTarget(error: unknown, path: string, staged: string): unknown {
  const failure = error as NodeJS.ErrnoException;
  if (failure instanceof Error && failure.code !== undefined) {
    if (failure.path === undefined || failure.path === staged || failure.path.includes(`.${STAGING}.`)) {
      failure.message = `${path}: ${failure.message.replace(failure.path ?? staged, path)}`;
      failure.path = path;
    }
  }
  return error;
}
