import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
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
  /**
   * names evidence began writing, with when it began: recorded before the write, so a run killed
   * between the write and its stamp leaves a file the next run knows as its own (modified since then)
   */
  pending: Map<string, number>;
}

/** File times are coarser than the clock on some file systems: a write begun at t may be stamped t - 1 s. */
const CLOCK_SLACK_MS = 1000;

/** Whether a file stamped `now` is what evidence left: its recorded stamp, or written since it began. */
function stillOurs(now: Stamp, stamp: Stamp | undefined, since: number | undefined): boolean {
  if (since !== undefined && now[1] >= since - CLOCK_SLACK_MS) return true;
  return stamp === undefined || (stamp[0] === now[0] && stamp[1] === now[1]);
}

/**
 * The names the record lists that are still there as evidence left them: a file evidence wrote and
 * somebody then removed or replaced is no longer ours, so their file is never written over.
 */
async function readRecord(dir: string): Promise<Record> {
  const empty: Record = { names: new Set(), stamps: new Map(), pending: new Map() };
  try {
    const record = parseJsonLimited(await readInputText(join(dir, OWNED_FILES_RECORD))) as {
      files?: unknown;
      stamps?: unknown;
      pending?: unknown;
    };
    const files = Array.isArray(record.files) ? record.files : [];
    const given = record.stamps !== null && typeof record.stamps === 'object' ? record.stamps : {};
    const begun = record.pending !== null && typeof record.pending === 'object' ? record.pending : {};
    const names = new Set<string>();
    const stamps = new Map<string, Stamp>();
    const pending = new Map<string, number>();
    for (const name of files) {
      if (typeof name !== 'string') continue;
      const now = stampOf(join(dir, ...name.split('/')));
      const raw = Object.hasOwn(given, name) ? (given as { [name: string]: unknown })[name] : undefined;
      const stamp =
        Array.isArray(raw) && raw.length === 2 && raw.every(Number.isFinite) ? (raw as Stamp) : undefined;
      const since = Object.hasOwn(begun, name) ? (begun as { [name: string]: unknown })[name] : undefined;
      const sinceMs = typeof since === 'number' && Number.isFinite(since) ? since : undefined;
      if (now === null) {
        if (sinceMs !== undefined) pending.set(name, sinceMs); // begun, not yet there
        continue; // gone: a file put there later is not ours
      }
      if (!stillOurs(now, stamp, sinceMs)) continue; // changed or replaced since
      // a file written since its write began is the one evidence began: stamped now, settled at the next save
      if (sinceMs !== undefined && now[1] >= sinceMs - CLOCK_SLACK_MS) stamps.set(name, now);
      else {
        if (stamp) stamps.set(name, stamp);
        if (sinceMs !== undefined) pending.set(name, sinceMs);
      }
      names.add(name);
    }
    return { names, stamps, pending };
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
    const now = stampOf(path);
    return now !== null && stillOurs(now, this.record.stamps.get(name), this.record.pending.get(name));
  }

  /**
   * Evidence is about to write `path`: the record says so (and when) before the file is touched, so
   * a kill between the write and `recordWritten` leaves a file the next run completes, not refuses.
   */
  async recordBegun(path: string): Promise<void> {
    const name = this.name(path);
    this.record.names.add(name);
    this.record.pending.set(name, Date.now());
    this.touched.add(name);
    this.added = true;
    await this.saveNaming(path);
  }

  /** The writes of `paths` begun and not done (a chart with nothing to draw): no longer pending. */
  async dropBegun(paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      const name = this.name(path);
      if (!this.record.pending.delete(name)) continue;
      // listed only because its write began: with no file there, it was never evidence's
      if (!this.record.stamps.has(name) && stampOf(path) === null) this.record.names.delete(name);
      this.touched.add(name);
      this.added = true;
    }
    await this.save();
  }

  /** `path` was written by evidence (call `save` to keep it). */
  add(path: string): void {
    const name = this.name(path);
    this.record.names.add(name);
    const stamp = stampOf(path);
    if (stamp) this.record.stamps.set(name, stamp);
    this.record.pending.delete(name);
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
    await this.saveNaming(path);
  }

  /** `save`, a failure naming `path`: the record is part of writing it. */
  private async saveNaming(path: string): Promise<void> {
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
    if (files.length === 0) {
      // a record of nothing (a write begun and failed): no record at all, as before it began
      await rm(join(this.dir, OWNED_FILES_RECORD), { force: true });
      this.added = false;
      return;
    }
    const mine = (name: string) => this.touched.has(name);
    const pick = <T>(name: string, ours: Map<string, T>, theirs: Map<string, T>): T | undefined =>
      mine(name) ? ours.get(name) : (theirs.get(name) ?? ours.get(name));
    const entries = <T>(ours: Map<string, T>, theirs: Map<string, T>) =>
      Object.fromEntries(
        files.map((name) => [name, pick(name, ours, theirs)] as const).filter(([, v]) => v !== undefined),
      );
    const stamps = entries(this.record.stamps, onDisk.stamps);
    const pending = entries(this.record.pending, onDisk.pending);
    await writeTextAtomic(
      join(this.dir, OWNED_FILES_RECORD),
      `${JSON.stringify({ written_by: 'evidence', files, stamps, ...(Object.keys(pending).length > 0 ? { pending } : {}) }, null, 2)}\n`,
    );
    this.added = false;
  }
}
