import type { FileHandle } from 'node:fs/promises';
import { openInput } from '@evidence/node-kit';
import { type CsvRow, emptyIssues, type ReadIssues } from '../types.js';
import { parseRow } from './cell-parse.js';
import { CHUNK_BYTES, CsvScanner, RecordTooLongError } from './csv-scan.js';
import { wholeLastRecord } from './last-line.js';
import { acceptRow, CsvFormatError, skipRecord } from './row-check.js';

export interface FollowCsvOptions {
  /** Throw (a CsvFormatError) on a row with the wrong number of fields instead of skipping it. */
  strict?: boolean;
  /** At most this many bytes per `read()` (then `more` is true). Default 2 MiB. */
  maxBytesPerRead?: number;
}

/** What one `read()` found. */
export interface CsvFollowBatch {
  /** The file is not there (not yet created, or mid-rotation): nothing read. */
  missing: boolean;
  /** The file shrank or was replaced since the last read: it is read again from its first byte. */
  restarted: boolean;
  /** The header, in the batch that read it (the first, or the first after a restart); else null. */
  header: string[] | null;
  /** The complete rows appended since the last read, cast as readCsvLog casts them. */
  rows: CsvRow[];
  /** Rows of this batch not returned, and why. */
  skipped: ReadIssues['skipped'];
  /** More bytes are already waiting (the read stopped at `maxBytesPerRead`). */
  more: boolean;
}

/** A reader of a CSV log that is still being written. See followCsvLog. */
export interface CsvLogFollower {
  readonly path: string;
  /** The header once read; null before. */
  readonly header: string[] | null;
  /** The unfinished last record, held back until it is complete. */
  readonly torn: ReadIssues['torn'];
  /**
   * `torn` as a row when it is whole after all (wholeLastRecord): for a file nobody appends to any
   * more, which the caller decides (its age; not one of evidence's own logs). Else null.
   */
  wholeLastRow(): CsvRow | null;
  /** Rows skipped since the file was (re)started. */
  readonly skippedCount: number;
  /** Reads the records completed since the last call. Never throws for a missing file. */
  read(): Promise<CsvFollowBatch>;
}

/**
 * Follows a CSV log still being appended to (`tail -f` for a CSV): each `read()` returns the complete
 * rows written since the last one, exactly the rows a full read returns however the appends cut the
 * file. The caller owns the timing (fs.watch, a timer, a loop).
 */
export function followCsvLog(path: string, options: FollowCsvOptions = {}): CsvLogFollower {
  return new CsvFollower(path, options);
}

const GONE = { dev: -1, ino: -1 };

class CsvFollower implements CsvLogFollower {
  readonly path: string;
  private readonly strict: boolean;
  private readonly maxBytes: number;
  private scanner!: CsvScanner;
  private offset = 0;
  /** the file the path named when last read: another inode means it was replaced */
  private identity: typeof GONE | null = null;
  header: string[] | null = null;
  skippedCount = 0;
  /** where the scanner's callbacks put what one read finds */
  private batch!: CsvFollowBatch;
  private batchIssues: ReadIssues = emptyIssues();

  constructor(path: string, options: FollowCsvOptions) {
    this.path = path;
    this.strict = options.strict ?? false;
    const maxBytes = options.maxBytesPerRead ?? 2 * CHUNK_BYTES;
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1)
      throw new RangeError(
        `${path}: maxBytesPerRead must be a whole number of bytes ≥ 1, got ${String(options.maxBytesPerRead)}`,
      );
    this.maxBytes = maxBytes;
    this.startOver();
  }

  get torn(): ReadIssues['torn'] {
    return this.scanner.torn();
  }

  wholeLastRow(): CsvRow | null {
    const torn = this.scanner.torn();
    const fields = torn && this.header ? wholeLastRecord(torn.text, this.header.length) : null;
    return fields && parseRow(this.header as string[], fields);
  }

  async read(): Promise<CsvFollowBatch> {
    const batch: CsvFollowBatch = {
      missing: false,
      restarted: false,
      header: null,
      rows: [],
      skipped: [],
      more: false,
    };
    let handle: FileHandle;
    try {
      handle = await openInput(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      batch.missing = true;
      // whatever appears under the name next is a new file, even with the old inode
      if (this.identity !== null) this.identity = GONE;
      return batch;
    }
    try {
      const { size, dev, ino } = await handle.stat();
      const replaced = this.identity !== null && (this.identity.dev !== dev || this.identity.ino !== ino);
      if (replaced || size < this.offset) {
        this.startOver();
        batch.restarted = true;
      }
      this.identity = { dev, ino };
      this.batch = batch;
      this.batchIssues = { torn: null, skipped: batch.skipped };
      const end = Math.min(size, this.offset + this.maxBytes);
      try {
        for await (const at of this.scanner.reads(handle, this.offset, end)) this.offset = at;
      } catch (error) {
        // the scanner is part way: start clean rather than hand on records twice
        this.startOver();
        if (error instanceof RecordTooLongError)
          throw new CsvFormatError(this.path, error.line, error.message);
        throw error;
      }
      batch.more = this.offset < size;
      return batch;
    } finally {
      await handle.close();
    }
  }

  private startOver(): void {
    this.offset = 0;
    this.header = null;
    this.skippedCount = 0;
    let width = 0;
    this.scanner = new CsvScanner({
      onHeader: (header) => {
        width = header.length;
        this.header = header;
        this.batch.header = header;
        return undefined;
      },
      onRecord: (record) => {
        if (acceptRow(record.width, width, record.line, this.path, this.strict, this.batchIssues)) {
          this.batch.rows.push(parseRow(this.header as string[], record.texts()));
        } else {
          this.skippedCount++;
        }
      },
      onSkip: (line, reason) => {
        skipRecord(line, reason, this.path, this.strict, this.batchIssues);
        this.skippedCount++;
      },
    });
  }
}
