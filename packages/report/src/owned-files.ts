import { rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseJsonLimited, readInputText } from '@evidence/node-kit';
import { fileState, hashOf, legacyStampMatches } from './content-hash.js';
import { writeTextAtomic } from './io.js';

/**
 * The record, inside a folder evidence writes into, of the files evidence wrote there: `evidence report`,
 * `plot` and `watch` replace those, and nothing else.
 */
export const OWNED_FILES_RECORD = '.evidence-report.json';

const toPosix = (path: string): string => path.split('\\').join('/');

/**
 * A file is evidence's while its content is what evidence wrote: the record keeps each file's SHA-256,
 * not its time, so a copy (`cp -r`), a checkout or a `touch` keeps it evidence's, and any edit makes it
 * the user's.
 */
interface Record {
  /** the names evidence wrote whose content is still what it wrote, with that content's hash */
  hashes: Map<string, string>;
  /** names whose write is under way: the hash of what is about to be renamed into place */
  pending: Map<string, string>;
}

type Raw = { files: string[]; hashes: Map<string, string>; pending: Map<string, string>; stamps: object };

const isHash = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

/** The record as it is on disk, unchecked (empty when missing or unreadable). */
async function readRaw(dir: string): Promise<Raw> {
  const raw: Raw = { files: [], hashes: new Map(), pending: new Map(), stamps: {} };
  try {
    const record = parseJsonLimited(await readInputText(join(dir, OWNED_FILES_RECORD))) as {
      files?: unknown;
      sha256?: unknown;
      pending?: unknown;
      stamps?: unknown;
    };
    const object = (value: unknown): object => (value !== null && typeof value === 'object' ? value : {});
    const sha256 = object(record.sha256);
    const pending = object(record.pending);
    raw.stamps = object(record.stamps);
    for (const name of Array.isArray(record.files) ? record.files : []) {
      if (typeof name !== 'string') continue;
      raw.files.push(name);
      const hash = Object.hasOwn(sha256, name) ? (sha256 as { [k: string]: unknown })[name] : undefined;
      const next = Object.hasOwn(pending, name) ? (pending as { [k: string]: unknown })[name] : undefined;
      if (isHash(hash)) raw.hashes.set(name, hash);
      if (isHash(next)) raw.pending.set(name, next);
    }
  } catch {
    // no record (or an unreadable one): nothing here is ours
  }
  return raw;
}

/**
 * The names the record lists whose file holds what evidence wrote (or was about to rename into place
 * when a kill came): a file evidence wrote and somebody then edited, removed or replaced is no longer
 * ours, so their file is never written over.
 */
async function readRecord(dir: string): Promise<Record> {
  const raw = await readRaw(dir);
  const record: Record = { hashes: new Map(), pending: new Map() };
  for (const name of raw.files) {
    const path = join(dir, ...name.split('/'));
    const now = hashOf(path);
    if (now === null) continue; // gone, or no regular file: a file put there later is not ours
    const wrote = raw.hashes.get(name);
    // an older version's record has a size and time per file: honoured until the file is written again
    const legacy = wrote === undefined && legacyStampMatches(path, raw.stamps, name);
    if (now === wrote || now === raw.pending.get(name) || legacy) record.hashes.set(name, now);
  }
  return record;
}

export interface OwnedWrite {
  /** the file in the folder */
  path: string;
  /** SHA-256 of the content written there */
  hash: string;
}

/** The files evidence wrote into one folder, as its record lists them. */
export class OwnedFiles {
  /** the names this process recorded: its entries win over the record on disk */
  private readonly touched = new Set<string>();

  private constructor(
    /** the folder the record is in */
    readonly dir: string,
    private readonly record: Record,
  ) {}

  /** The record of `dir`; empty when there is none. */
  static async read(dir: string): Promise<OwnedFiles> {
    const root = resolve(dir);
    return new OwnedFiles(root, await readRecord(root));
  }

  /** The record of the folder `path` is in. */
  static async of(path: string): Promise<OwnedFiles> {
    return OwnedFiles.read(dirname(resolve(path)));
  }

  private name(path: string): string {
    return toPosix(relative(this.dir, resolve(path))) || basename(path);
  }

  /** Whether the record lists `name` as a file of evidence's holding what evidence wrote. */
  lists(name: string): boolean {
    return this.record.hashes.has(name);
  }

  /** Whether `path` may be written: nothing is there, or it holds exactly what evidence wrote there. */
  mayWrite(path: string): boolean {
    const now = fileState(path);
    if (now.kind !== 'file') return now.kind === 'missing'; // a folder, symlink or FIFO is never ours
    return this.record.hashes.get(this.name(path)) === now.hash;
  }

  /**
   * Evidence is about to rename `writes` into place: the record says so (with the new content's hash)
   * first, so a kill before `recordWritten` leaves files the next run knows as its own, by content;
   * a file a user saves there meanwhile has another hash and stays theirs.
   */
  async recordBegun(writes: readonly OwnedWrite[]): Promise<void> {
    for (const { path, hash } of writes) {
      const name = this.name(path);
      this.record.pending.set(name, hash);
      this.touched.add(name);
    }
    await this.save(writes[0]?.path);
  }

  /** `writes` are in place: their hashes are recorded, nothing is pending. */
  async recordWritten(writes: readonly OwnedWrite[]): Promise<void> {
    for (const { path, hash } of writes) {
      const name = this.name(path);
      this.record.hashes.set(name, hash);
      this.record.pending.delete(name);
      this.touched.add(name);
    }
    await this.save(writes[0]?.path);
  }

  /** Renames begun and not done (a failure): no longer pending. */
  async dropBegun(paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      const name = this.name(path);
      if (this.record.pending.delete(name)) this.touched.add(name);
    }
    await this.save(paths[0]);
  }

  /**
   * Writes the record (temp file and rename), merged with what it holds on disk now, so files another
   * evidence command recorded meanwhile stay listed. A failure names `path`: the record is part of
   * writing it (a full disk names the file the user asked for).
   */
  private async save(path: string | undefined): Promise<void> {
    if (this.touched.size === 0) return;
    try {
      await this.writeMerged();
    } catch (error) {
      const failure = error as NodeJS.ErrnoException;
      if (failure.code !== undefined && path !== undefined) {
        failure.path = resolve(path);
        failure.message = `${resolve(path)}: ${failure.message}`;
      }
      throw error;
    }
  }

  private async writeMerged(): Promise<void> {
    const disk = await readRaw(this.dir);
    const ours = (name: string) => this.touched.has(name);
    const hashes = new Map([...disk.hashes].filter(([name]) => !ours(name)));
    const pending = new Map([...disk.pending].filter(([name]) => !ours(name)));
    for (const [name, hash] of this.record.hashes)
      if (ours(name) || !hashes.has(name)) hashes.set(name, hash);
    for (const [name, hash] of this.record.pending) if (ours(name)) pending.set(name, hash);
    const files = [...new Set([...hashes.keys(), ...pending.keys()])].sort();
    const file = join(this.dir, OWNED_FILES_RECORD);
    // a record of nothing (a write begun and failed): no record at all, as before it began
    if (files.length === 0) return void (await rm(file, { force: true }));
    const sorted = (map: Map<string, string>) =>
      Object.fromEntries(files.filter((n) => map.has(n)).map((n) => [n, map.get(n)]));
    const record = {
      written_by: 'evidence',
      files,
      sha256: sorted(hashes),
      ...(pending.size > 0 ? { pending: sorted(pending) } : {}),
    };
    await writeTextAtomic(file, `${JSON.stringify(record, null, 2)}\n`);
  }
}
