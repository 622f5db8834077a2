/**
 * What every step of one report shares: the folders, the one guarded write, the lists of what was
 * skipped and which lines were bad, the progress, and how a file is named on the page.
 */
import { basename, relative } from 'node:path';
import type { ReportIssue } from '../eval-files.js';
import { type FileData, OutputFolder } from '../output-folder.js';

export interface ReportOptions {
  /** Episode reward field of the evaluation files. Default `cumulative_reward`. */
  rewardKey?: string;
  /** Bootstrap resamples. Default 10,000. */
  resamples?: number;
  /** Bootstrap seed. Default DEFAULT_BOOTSTRAP_SEED (0), the same as the CLI's and the trainer's. */
  seed?: number;
  /** Draw the charts (default true). With false none is drawn; the trainer's own charts are shown, marked so. */
  charts?: boolean;
  /** Heading of the report. Default: the run named by run.json (environment · algorithm · seed). */
  title?: string;
  /** Folder the report is written to. Default `<dir>/report`. */
  out?: string;
  /** Write over files evidence did not write too (`report --force`). Default false: they are left and named. */
  force?: boolean;
  /** One self-contained index.html: every image and GIF inside it as a data URI. Default false (linked files). */
  inline?: boolean;
  onProgress?: (done: number, total: number, what: string) => void;
  log?: (line: string) => void;
}

/** Why a file is left as it is. */
export const REFUSED =
  'a file this report did not write is already there; left as it is (--force replaces it, or give --out another folder)';

const toPosix = (path: string): string => path.split('\\').join('/');

export const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A failed write (a full disk, a read-only or vanished folder) is an error of the whole report, never a
 * chart "skipped": the files already there are kept as they were (each write is a temp file and a
 * rename) and index.html is not rewritten without the chart.
 */
export function throwIfWriteFailed(error: unknown): void {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ENOTREGULAR') throw error;
}

export class ReportContext {
  readonly skipped: { what: string; why: string }[] = [];
  readonly issues: ReportIssue[] = [];
  /** inputs that are there and were not read (a FIFO, a device, a folder where a file belongs) */
  readonly notRead: string[] = [];
  /** the steps counted by the progress (set once the inputs are known) */
  total = 0;
  private done = 0;

  private constructor(
    /** the folder read */
    readonly root: string,
    /** the folder written, through its one guarded write */
    readonly folder: OutputFolder,
    readonly options: ReportOptions,
  ) {}

  static async open(root: string, out: string, options: ReportOptions): Promise<ReportContext> {
    // one set: every file is drawn into a staging folder and all renamed into place at the end
    const folder = await OutputFolder.open(out, { batch: true, force: options.force === true });
    return new ReportContext(root, folder, options);
  }

  get out(): string {
    return this.folder.dir;
  }

  /** a file as the page names it: its path under the folder read */
  name(path: string): string {
    return toPosix(relative(this.root, path)) || basename(path);
  }

  /** a link from the page (in `out`) to a file */
  href(path: string): string {
    return toPosix(relative(this.out, path));
  }

  log(line: string): void {
    this.options.log?.(line);
  }

  progress(what: string): void {
    this.done++;
    this.options.onProgress?.(this.done, this.total, what);
  }

  isProtected(path: string): boolean {
    return !this.folder.mayWrite(path);
  }

  /** An input there and never opened (no regular file): the report says so and exits 1. */
  noteNotRead(path: string, error: unknown): void {
    if ((error as NodeJS.ErrnoException | null)?.code === 'ENOTREGULAR') this.notRead.push(path);
  }

  /** `path` is left as it is (another program's file): counted among the refused writes. */
  markRefused(path: string): void {
    if (!this.folder.refused.includes(path)) this.folder.refused.push(path);
  }

  /** `path` is left as it is, and the page says so. */
  refuse(path: string): void {
    this.markRefused(path);
    this.skipped.push({ what: this.name(path), why: REFUSED });
  }

  /** Writes `data` to `path` through the guarded write; a refused file is listed as skipped. */
  async write(path: string, data: FileData): Promise<boolean> {
    const wrote = await this.folder.write(path, data);
    if (wrote) this.log(`wrote ${this.name(path)}`);
    else this.refuse(path);
    return wrote;
  }

  /** Where a chart renderer draws the file `path`: the staging folder, renamed into place at the end. */
  stagePath(path: string): string {
    return this.folder.stagePath(path);
  }

  /** A file a chart renderer drew whole into its staging path: resolves to the file it becomes. */
  async stage(staged: string): Promise<string> {
    const path = await this.folder.stage(staged);
    this.log(`wrote ${this.name(path)}`);
    return path;
  }

  /** The file a staged path becomes. */
  targetOf(staged: string): string {
    return this.folder.targetOf(staged);
  }
}
