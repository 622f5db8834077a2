import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseJsonLimited, readInputText } from '@evidence/node-kit';
import { writeTextAtomic } from './io.js';

/**
 * The record, inside a folder evidence writes into, of the files evidence wrote there: `evidence report`,
 * `plot` and `watch` replace those, and nothing else.
 */
export const OWNED_FILES_RECORD = '.evidence-report.json';

const toPosix = (path: string): string => path.split('\\').join('/');

/** Size and modification time of a file as evidence left it: a file changed since is not ours any more. */
type Stamp = [size: number, mtimeMs: number];

function stampOf(path: string): Stamp | null {
  try {
    const info = statSync(path);
    return info.isFile() ? [info.size, info.mtimeMs] : null;
  } catch {
    return null;
  }
}

interface Record {
  /** the names evidence wrote that are still there */
  names: Set<string>;
  /** each name's stamp when evidence wrote it (records of older versions have none) */
  stamps: Map<string, Stamp>;
}

/**
 * The names the record lists that are still there as evidence left them: a file evidence wrote and
 * somebody then removed or replaced is no longer ours, so their file is never written over.
 */
async function readRecord(dir: string): Promise<Record> {
  const empty: Record = { names: new Set(), stamps: new Map() };
  try {
    const record = parseJsonLimited(await readInputText(join(dir, OWNED_FILES_RECORD))) as {
      files?: unknown;
      stamps?: unknown;
    };
    const files = Array.isArray(record.files) ? record.files : [];
    const given = record.stamps !== null && typeof record.stamps === 'object' ? record.stamps : {};
    const names = new Set<string>();
    const stamps = new Map<string, Stamp>();
    for (const name of files) {
      if (typeof name !== 'string') continue;
      const now = stampOf(join(dir, ...name.split('/')));
      if (now === null) continue; // gone: a file put there later is not ours
      const stamp = Object.hasOwn(given, name) ? (given as { [name: string]: unknown })[name] : undefined;
      if (Array.isArray(stamp) && stamp.length === 2 && stamp.every(Number.isFinite)) {
        if (stamp[0] !== now[0] || stamp[1] !== now[1]) continue; // changed or replaced since
        stamps.set(name, stamp as Stamp);
      }
      names.add(name);
    }
    return { names, stamps };
  } catch {
    return empty; // no record (or an unreadable one): nothing here is ours
  }
}

/** The files evidence wrote into one folder, as its record lists them. */
export class OwnedFiles {
  private constructor(
    /** the folder the record is in */
    readonly dir: string,
    private readonly record: Record,
  ) {}

  /** the names this process wrote: their stamps are newer than the record's on disk */
  private readonly touched = new Set<string>();

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

  /**
   * Whether `path` may be written: nothing is there, or evidence wrote what is there and nobody has
   * changed it since (its size and modification time are still those evidence recorded).
   */
  mayWrite(path: string): boolean {
    if (!existsSync(path)) return true;
    const name = this.name(path);
    if (!this.record.names.has(name)) return false;
    const recorded = this.record.stamps.get(name);
    if (!recorded) return true; // a record of an older version: the name is all it has
    const now = stampOf(path);
    return now !== null && now[0] === recorded[0] && now[1] === recorded[1];
  }

  /** `path` was written by evidence (call `save` to keep it). */
  add(path: string): void {
    const name = this.name(path);
    this.record.names.add(name);
    const stamp = stampOf(path);
    if (stamp) this.record.stamps.set(name, stamp);
    this.touched.add(name);
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
    const onDisk = await readRecord(this.dir);
    const files = [...new Set([...onDisk.names, ...this.record.names])].sort();
    const stamps = Object.fromEntries(
      files
        .map((name) => {
          const ours = this.record.stamps.get(name);
          return [name, this.touched.has(name) ? ours : (onDisk.stamps.get(name) ?? ours)] as const;
        })
        .filter(([, stamp]) => stamp !== undefined),
    );
    await writeTextAtomic(
      join(this.dir, OWNED_FILES_RECORD),
      `${JSON.stringify({ written_by: 'evidence', files, stamps }, null, 2)}\n`,
    );
    this.added = false;
  }
}
