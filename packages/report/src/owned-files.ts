import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseJsonLimited, readInputText } from '@evidence/node-kit';
import { writeTextAtomic } from './io.js';

/**
 * The record, inside a folder evidence writes into, of the files evidence wrote there: `evidence report`,
 * `plot` and `watch` replace those, and nothing else.
 */
export const OWNED_FILES_RECORD = '.evidence-report.json';

const toPosix = (path: string): string => path.split('\\').join('/');

/**
 * The names the record lists that are still there: a file evidence wrote and somebody then removed is
 * no longer ours, so a file of theirs put in its place later is never written over.
 */
async function readRecord(dir: string): Promise<Set<string>> {
  try {
    const record = parseJsonLimited(await readInputText(join(dir, OWNED_FILES_RECORD))) as {
      files?: unknown;
    };
    const files = Array.isArray(record.files) ? record.files : [];
    return new Set(
      files.filter((f): f is string => typeof f === 'string' && existsSync(join(dir, ...f.split('/')))),
    );
  } catch {
    return new Set(); // no record (or an unreadable one): nothing here is ours
  }
}

/** The files evidence wrote into one folder, as its record lists them. */
export class OwnedFiles {
  private constructor(
    /** the folder the record is in */
    readonly dir: string,
    private readonly names: Set<string>,
  ) {}

  /** whether a name was added since the record was read or last saved */
  private added = false;

  /** The record of `dir`; empty when there is none. */
  static async read(dir: string): Promise<OwnedFiles> {
    const root = resolve(dir);
    return new OwnedFiles(root, await readRecord(root));
  }

  /** The record of the folder `path` is in, and the name the record knows `path` by. */
  static async of(path: string): Promise<OwnedFiles> {
    return OwnedFiles.read(dirname(resolve(path)));
  }

  private name(path: string): string {
    return toPosix(relative(this.dir, resolve(path))) || basename(path);
  }

  /** Whether `path` may be written: nothing is there, or evidence wrote what is there. */
  mayWrite(path: string): boolean {
    return !existsSync(path) || this.names.has(this.name(path));
  }

  /** `path` was written by evidence (call `save` to keep it). */
  add(path: string): void {
    const name = this.name(path);
    if (this.names.has(name)) return;
    this.names.add(name);
    this.added = true;
  }

  /**
   * `path` was just written by evidence: it is added and the record saved at once, so the record only
   * ever lists files evidence wrote (a chart skipped or a write that failed is never claimed, and a
   * file the user puts there later is theirs). A kill between the write and the save leaves a file
   * the record does not list: the next run refuses it rather than risk a user's file.
   */
  async recordWritten(path: string): Promise<void> {
    this.add(path);
    try {
      await this.save();
    } catch (error) {
      // the record is part of writing `path`: a full disk names the file the user asked for
      const failure = error as NodeJS.ErrnoException;
      if (failure.code !== undefined) {
        failure.path = resolve(path);
        failure.message = `${resolve(path)}: ${failure.message}`;
      }
      throw error;
    }
  }

  /**
   * Writes the record (temp file and rename), merged with what it holds on disk now, so files another
   * evidence command recorded meanwhile stay listed. Writes nothing when nothing was added.
   */
  async save(): Promise<void> {
    if (!this.added) return;
    const files = [...new Set([...(await readRecord(this.dir)), ...this.names])].sort();
    await writeTextAtomic(
      join(this.dir, OWNED_FILES_RECORD),
      `${JSON.stringify({ written_by: 'evidence', files }, null, 2)}\n`,
    );
    this.added = false;
  }
}
