/**
 * The one way evidence writes into a folder: a file is written only when nothing is there or evidence
 * wrote what is there (the folder's ownership record says so), always as a temp file and a rename, and
 * recorded the moment it is written. Every page, chart and Markdown file of report, runs, plot and
 * watch goes through it.
 */
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { writeTextAtomic } from './io.js';
import { OWNED_FILES_RECORD, OwnedFiles } from './owned-files.js';

export { OWNED_FILES_RECORD };

/** Why a file was left as it is: another program (or the user) wrote it. */
export const NOT_OURS = 'a file evidence did not write is already there; left as it is';

export interface OutputFolderOptions {
  /** write over files evidence did not write too (`plot --force`) */
  force?: boolean;
}

const toPosix = (path: string): string => path.split('\\').join('/');

export class OutputFolder {
  /** the files written through this folder, in order */
  readonly written: string[] = [];
  /** the files left as they were because evidence did not write them */
  readonly refused: string[] = [];
  /** the writes begun and not yet claimed */
  private readonly begun = new Set<string>();

  private constructor(
    /** the folder written into */
    readonly dir: string,
    private readonly owned: OwnedFiles,
    private readonly force: boolean,
  ) {}

  /** The folder `dir` and its record (none yet: nothing there is evidence's). Creates nothing. */
  static async open(dir: string, options: OutputFolderOptions = {}): Promise<OutputFolder> {
    const root = resolve(dir);
    return new OutputFolder(root, await OwnedFiles.read(root), options.force === true);
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
    return this.force || this.owned.mayWrite(path);
  }

  /** Whether a name found in the folder is evidence's (its record, a temp file of one, the record itself). */
  isOurs(name: string): boolean {
    const target = /^\.(.+)\.[0-9a-f]{12}\.tmp$/.exec(name)?.[1] ?? name;
    return target === OWNED_FILES_RECORD || this.owned.mayWrite(join(this.dir, target));
  }

  /**
   * Writes `data` to `path` (a temp file and a rename) and records it; resolves to false, writing
   * nothing and noting the file in `refused`, when another program's file is there. A failed write
   * (a full disk, a read-only folder) throws: the file there is kept as it was.
   */
  async write(path: string, data: string | Uint8Array): Promise<boolean> {
    if (!this.mayWrite(path)) {
      this.refused.push(path);
      return false;
    }
    await this.begin(path);
    try {
      await writeTextAtomic(path, data);
    } catch (error) {
      await this.settle().catch(() => {}); // the write's own failure is the one to name
      throw error;
    }
    await this.claim(path);
    return true;
  }

  /**
   * Evidence is about to write `path` (itself, or a chart renderer's own temp file and rename): the
   * record says so first, so a kill before `claim` leaves a file the next run completes.
   */
  async begin(path: string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    await this.owned.recordBegun(path);
    this.begun.add(resolve(path));
  }

  /**
   * A chart renderer's write (its own temp file and rename) of `path`: begun, drawn, claimed. Resolves
   * to the path the renderer wrote; a renderer that throws leaves nothing pending.
   */
  async render(path: string, draw: () => Promise<string>): Promise<string> {
    await this.begin(path);
    let written: string;
    try {
      written = await draw();
    } catch (error) {
      await this.settle().catch(() => {}); // the renderer's own failure is the one to name
      throw error;
    }
    await this.claim(written);
    await this.settle();
    return written;
  }

  /** Writes begun and not done (nothing to draw, a failure) are no longer pending in the record. */
  async settle(): Promise<void> {
    if (this.begun.size === 0) return;
    const open = [...this.begun];
    this.begun.clear();
    await this.owned.dropBegun(open);
  }

  /**
   * `path` was just written by another writer of evidence (a chart renderer writing its own temp
   * file and rename): it is recorded at once, so the record only ever lists what evidence wrote.
   */
  async claim(path: string): Promise<void> {
    this.begun.delete(resolve(path));
    this.written.push(path);
    await this.owned.recordWritten(path);
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
