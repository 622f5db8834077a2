import type { FileHandle } from 'node:fs/promises';
import { type CsvRow, emptyIssues, type ReadIssues } from '../types.js';
import { parseRow } from './cell-parse.js';
import { CHUNK_BYTES, CsvScanner, RecordTooLongError } from './csv-scan.js';
import { wholeLastRecord } from './last-line.js';
import { openRegularFile } from './open-regular.js';
import { acceptRow, CsvFormatError, skipRecord } from './row-check.js';

export interface FollowCsvOptions {
  /** Throw (a CsvFormatError) on a row with the wrong number of fields instead of skipping it. */
  strict?: boolean;
  /** At most this many bytes per `read()` (then `more` is true), so a huge log arrives in batches. Default 2 MiB. */
  maxBytesPerRead?: number;
}

/** What one `read()` found. */
export interface CsvFollowBatch {
  /** The file is not there (not yet created, or between a rotation's remove and create): nothing read. */
  missing: boolean;
  /** The file shrank or was replaced since the last read: it is read again from its first byte. */
  restarted: boolean;
  /** The header, in the batch that read it (the first, or the first after a restart); else null. */
  header: string[] | null;
  /** The complete rows appended since the last read, cast as readCsvLog casts them. */
  rows: CsvRow[];
  /** Rows of this batch with the wrong number of fields, not returned (1-based line numbers). */
  skipped: ReadIssues['skipped'];
  /** More bytes are already waiting (the read stopped at `maxBytesPerRead`): read again. */
  more: boolean;
}

/** A reader of a CSV log that is still being written. See followCsvLog. */
export interface CsvLogFollower {
  readonly path: string;
  /** The header once it has been read; null before (no file yet, or no complete first line). */
  readonly header: string[] | null;
  /** The unfinished last line (no newline yet), held back until it is complete. */
  readonly torn: ReadIssues['torn'];
  /**
   * The torn last line as a row when it is a whole record after all (wholeLastRecord: closed by its
   * quote, every field): only for a file nobody appends to any more, which the caller decides (age, not
   * one of evidence's own logs). Null otherwise.
   */
  wholeLastRow(): CsvRow | null;
  /** Rows skipped for their width since the file was (re)started. */
  readonly skippedCount: number;
  /** Reads the records completed since the last call. Never throws for a missing file. */
  read(): Promise<CsvFollowBatch>;
}

/**
 * Follows a CSV log that a trainer is still appending to (`tail -f` for a CSV): each `read()` returns
 * the complete rows written since the last one, starting at the byte where the last read stopped.
 * The same scanner and casts as readCsvLog, so the rows are exactly the ones a full read returns,
 * however the file was cut into appends. The caller owns the timing (fs.watch, a timer, a loop).
 */
export function followCsvLog(path: string, options: FollowCsvOptions = {}): CsvLogFollower {
  return new CsvFollower(path, options);
}

/** Which file a path named when we last read it: a different inode means it was replaced. */
interface FileIdentity {
  dev: number;
  ino: number;
}

const GONE: FileIdentity = { dev: -1, ino: -1 };

class CsvFollower implements CsvLogFollower {
  readonly path: string;
  private readonly strict: boolean;
  private readonly maxBytes: number;
  private scanner!: CsvScanner;
  private offset = 0;
  private identity: FileIdentity | null = null;
  private headerRow: string[] | null = null;
  private skippedTotal = 0;
  /** Where the scanner's callbacks put what they find during one read. */
  private batch!: CsvFollowBatch;
  private batchIssues: ReadIssues = emptyIssues();

  constructor(path: string, options: FollowCsvOptions) {
    this.path = path;
    this.strict = options.strict ?? false;
    const maxBytes = options.maxBytesPerRead ?? 2 * CHUNK_BYTES;
    // a caller's mistake, said at once: a zero, negative or fractional budget never reads a whole record
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1)
      throw new RangeError(
        `${path}: maxBytesPerRead must be a whole number of bytes ≥ 1, got ${String(options.maxBytesPerRead)}`,
      );
    this.maxBytes = maxBytes;
    this.startOver();
  }

  get header(): string[] | null {
    return this.headerRow;
  }

  get torn(): ReadIssues['torn'] {
    return this.scanner.torn();
  }

  wholeLastRow(): CsvRow | null {
    const torn = this.scanner.torn();
    const fields = torn && this.headerRow ? wholeLastRecord(torn.text, this.headerRow.length) : null;
    return fields && parseRow(this.headerRow as string[], fields);
  }

  get skippedCount(): number {
    return this.skippedTotal;
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
      handle = await openRegularFile(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      batch.missing = true;
      // Gone after we read it: whatever appears under the name next is a new file (even if the file
      // system hands it the old inode).
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
        this.offset = await this.scanner.scan(handle, this.offset, end);
      } catch (error) {
        // A strict-mode error or a failed read leaves the scanner part way: start clean next time
        // rather than hand on some records twice.
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
    this.headerRow = null;
    this.skippedTotal = 0;
    let width = 0;
    this.scanner = new CsvScanner({
      onHeader: (header) => {
        width = header.length;
        this.headerRow = header;
        this.batch.header = header;
        return undefined;
      },
      onRecord: (record) => {
        if (acceptRow(record.width, width, record.line, this.path, this.strict, this.batchIssues)) {
          this.batch.rows.push(parseRow(this.headerRow as string[], record.texts()));
        } else {
          this.skippedTotal++;
        }
      },
      onSkip: (line, reason) => {
        skipRecord(line, reason, this.path, this.strict, this.batchIssues);
        this.skippedTotal++;
      },
    });
  }
}
