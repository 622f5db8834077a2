import { isAscii } from 'node:buffer';
import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { ReadIssues } from '../types.js';
import { parseNumber } from './cell-parse.js';
import { openRegularFile } from './open-regular.js';

// Hand-written, not papaparse (measured necessary):
// - papaparse picks one newline for a whole parse, so a log with `\r\n` lines (Python's csv module)
//   and then `\n` lines (any other writer) came back as the `\r\n` rows plus one "torn" line: data
//   loss. Here every record ends at its own `\n`, with or without a `\r` before it.
// - A chart needs 2–3 numeric columns of 9 out of 1,000,000 rows: cutting out of a quote-free line
//   only the fields up to the last wanted one (the others are only counted, to check the width) and
//   casting only the wanted cells, straight from the chunk's text, reads such a log in under 60 % of
//   the CPU time our papaparse reader took (bench/run.ts measures papaparse beside it).
// Lines holding a quote take an exact RFC 4180 path (quoted commas, `""`, newlines inside quotes).

export const CHUNK_BYTES = 1 << 20;
/** The longest record read (bytes): far past any row, and it bounds the memory a quote that never closes takes. */
export const RECORD_MAX_BYTES = 16 * 1024 * 1024;

/** A record (a quoted cell that never closes, say) longer than RECORD_MAX_BYTES. */
export class RecordTooLongError extends Error {
  constructor(
    /** 1-based line the record starts on */
    readonly line: number,
    /** byte offset in the file where the record starts */
    readonly offset: number,
  ) {
    super(
      `a record longer than ${RECORD_MAX_BYTES / 2 ** 20} MiB starts on this line (a quoted cell that never closes?); not read`,
    );
    this.name = 'RecordTooLongError';
  }
}
const TORN_TEXT_MAX = 10_000;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const COMMA = 44;

export interface CsvScanOptions {
  /**
   * Called once with the header (BOM removed) before any record. May return how many leading
   * fields the caller reads (cells after them are counted but never cut out); default all.
   */
  onHeader(header: string[]): number | undefined;
  /** Every data record, in order. The record is reused: read it now, do not keep it. */
  onRecord(record: CsvRecord): void;
  /** After each chunk's records: bytes read so far and the snapshot's size. May pause the scan. */
  onChunk?(position: number, size: number): void | Promise<void>;
  /** A record that is not returned (a quote closed only by a later row's quote), at its first line, and why. */
  onSkip?(line: number, reason: string): void;
  /** Bytes read at a time (tests use tiny chunks to put a chunk boundary everywhere). */
  chunkBytes?: number;
}

/** One record of the file, as the scanner hands it to a reader (a reused cursor). */
export class CsvRecord {
  /** 1-based line the record starts on. */
  line = 0;
  /** Number of fields in the record (compare with the header's). */
  width = 0;
  /** A quoted record's unquoted fields; null for a plain record, whose fields are ranges of `source`. */
  fields: string[] | null = null;
  source = '';
  starts: Int32Array = new Int32Array(0);
  ends: Int32Array = new Int32Array(0);

  /** Field `i`'s text (i below the header width and the caller's field limit). */
  text(i: number): string {
    const fields = this.fields;
    return fields !== null ? (fields[i] as string) : this.source.slice(this.starts[i], this.ends[i]);
  }

  isEmpty(i: number): boolean {
    const fields = this.fields;
    return fields !== null ? fields[i] === '' : this.starts[i] === this.ends[i];
  }

  /** Field `i` as a number (see parseNumber), `undefined` when it is not one; empty is `undefined`. */
  number(i: number): number | undefined {
    return parseNumber(this.text(i));
  }

  /** All fields as text (needs the default field limit). */
  texts(): string[] {
    if (this.fields !== null) return this.fields;
    const out = new Array<string>(this.width);
    for (let i = 0; i < this.width; i++) out[i] = this.text(i);
    return out;
  }
}

/**
 * Streams a CSV file a 1 MiB chunk at a time, in bounded memory. Reads only up to the file's size at
 * the start, so a file that grows meanwhile yields a consistent snapshot. The text after the last
 * complete record (a line cut short by a crash) is reported as torn, never returned: a line without
 * its line end, whatever its fields, and a quoted cell that never closes, from the line it opens on
 * (the lines after it are that cell's text, not rows).
 */
export async function scanCsv(path: string, options: CsvScanOptions, issues: ReadIssues): Promise<void> {
  const handle = await openRegularFile(path);
  try {
    const size = (await handle.stat()).size;
    const scanner = new CsvScanner(options);
    try {
      await scanner.scan(handle, 0, size);
    } catch (error) {
      if (!(error instanceof RecordTooLongError)) throw error;
      // Reported where it starts (an error in strict mode); what follows it is not read.
      options.onSkip?.(error.line, `${error.message}, nor anything after it`);
      if (!scanner.headerSeen) options.onHeader([]);
      return;
    }
    if (!scanner.headerSeen) options.onHeader([]);
    issues.torn = scanner.torn();
  } finally {
    await handle.close();
  }
}

/**
 * The scanner's state between reads: the bytes after the last complete record are carried over, so
 * scanning a file in any number of byte ranges (a log that is still growing) hands on exactly the
 * records one read of the whole file does.
 */
export class CsvScanner {
  private readonly options: CsvScanOptions;
  private readonly splitter: RecordSplitter;
  // buffer[0, carry): the bytes after the last complete record, read again with the next chunk.
  // Carried as bytes, not as a string, so each chunk decodes to one flat string (`rest + chunk`
  // would be a cons string for V8 to flatten) and an all-ASCII chunk decodes as a plain copy.
  private buffer: Buffer = Buffer.alloc(0);
  private carry = 0;

  constructor(options: CsvScanOptions) {
    this.options = options;
    this.splitter = new RecordSplitter(options);
  }

  get headerSeen(): boolean {
    return this.splitter.headerSeen;
  }

  /**
   * Hands on every record completed by the bytes `[from, to)` of the open file, which continue the
   * bytes scanned before. Returns where it stopped: `to`, or earlier when the file shrank under us.
   */
  async scan(handle: FileHandle, from: number, to: number): Promise<number> {
    let position = from;
    while (position < to) {
      const space = this.room(to - position);
      const { bytesRead } = await handle.read(this.buffer, this.carry, space, position);
      if (bytesRead === 0) break; // the file shrank under us: stop at what exists
      position += bytesRead;
      this.take(bytesRead);
      this.checkLength(position);
      await this.options.onChunk?.(position, to);
    }
    return position;
  }

  /** {@link scan}, synchronously, on a file descriptor (the writer's torn-record repair). */
  scanSync(fd: number, from: number, to: number): number {
    let position = from;
    while (position < to) {
      const space = this.room(to - position);
      const bytesRead = readSync(fd, this.buffer, this.carry, space, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      this.take(bytesRead);
      this.checkLength(position);
    }
    return position;
  }

  private checkLength(position: number): void {
    if (this.carry > RECORD_MAX_BYTES)
      throw new RecordTooLongError(this.splitter.line, position - this.carry);
  }

  /** Makes room after the carried bytes for the next read; returns how many bytes to read. */
  private room(left: number): number {
    // Half the carried bytes at least: a record longer than a chunk (a quote open for megabytes) is
    // decoded again per read, so reads grow with it and the total stays linear in its length.
    const chunkBytes = Math.max(
      1,
      Math.min(Math.max(this.options.chunkBytes ?? CHUNK_BYTES, this.carry >> 1), left),
    );
    if (this.buffer.length - this.carry < chunkBytes) {
      const bigger = Buffer.allocUnsafe(this.carry + chunkBytes * 2); // a record longer than a chunk
      this.buffer.copy(bigger, 0, 0, this.carry);
      this.buffer = bigger;
    }
    return chunkBytes;
  }

  /** Splits the carried bytes and `bytesRead` more after them; keeps the incomplete rest. */
  private take(bytesRead: number): void {
    let buffer = this.buffer;
    const filled = this.carry + bytesRead;
    // An incomplete UTF-8 sequence at the end waits for its next bytes (at the file's end it can only
    // be in the torn rest, which torn() decodes as it is).
    const whole = completeUtf8(buffer, filled);
    // latin1 is a plain copy, and the same text as UTF-8 when every byte is ASCII (the usual log).
    const ascii = isAscii(buffer.subarray(0, whole));
    const text = buffer.toString(ascii ? 'latin1' : 'utf8', 0, whole);
    const rest = text.slice(this.splitter.split(text));
    // Re-encoding `rest` is exact (invalid bytes are already U+FFFD), then the incomplete UTF-8 tail.
    const restBytes = Buffer.from(rest);
    const tail = buffer.subarray(whole, filled);
    if (restBytes.length + tail.length > buffer.length)
      buffer = Buffer.allocUnsafe(restBytes.length + tail.length + bytesRead);
    tail.copy(buffer, restBytes.length); // copy the tail first: it may overlap where rest goes
    restBytes.copy(buffer, 0);
    this.buffer = buffer;
    this.carry = restBytes.length + tail.length;
  }

  /** Bytes after the last complete record: a record still being written, or cut by a crash. */
  get pendingBytes(): number {
    return this.carry;
  }

  /** The bytes after the last complete record (a line still being written, or cut by a crash). */
  torn(): { line: number; text: string } | null {
    if (this.carry === 0) return null;
    const pending = this.buffer.toString('utf8', 0, this.carry);
    return {
      line: this.splitter.line,
      text: pending.length > TORN_TEXT_MAX ? `${pending.slice(0, TORN_TEXT_MAX)}…` : pending,
    };
  }
}

class RecordSplitter {
  headerSeen = false;
  /** Line on which the next record starts. */
  line = 1;
  private readonly options: CsvScanOptions;
  private readonly record = new CsvRecord();
  private headerWidth = 0;
  /** The header line as written (no BOM, no line end): a record with the same text is the header again. */
  private headerText = '';
  /** Fields a plain record is cut into (the rest are only counted). */
  private limit = 0;
  /** The first quote at or after the current record, -1 when none. */
  private nextQuote = -1;
  /** A comma at or after the current record (or the text's length), or -1 when not yet searched. */
  private nextComma = -1;
  /** The incomplete record the text ended in has a quoted cell open, with no quote from here on; else -1. */
  private openFrom = -1;

  constructor(options: CsvScanOptions) {
    this.options = options;
  }

  /** Hands every complete record of `text` on; returns where the incomplete rest starts. */
  split(text: string): number {
    let start = 0;
    if (!this.headerSeen) {
      if (text.charCodeAt(0) === 0xfeff) start = 1; // a UTF-8 BOM before the header
      const header = parseQuoted(text, start);
      if (header === null) return 0;
      // a header of empty names is no header to repeat: a one-column log of empty cells is data
      if (header.fields.some((name) => name !== ''))
        this.headerText = text.slice(start, lineEndAt(text, start, header.next));
      this.startColumns(header.fields);
      this.line += header.lines;
      start = header.next;
    }
    this.record.source = text;
    this.nextComma = -1;
    this.nextQuote = text.indexOf('"', start); // -1 or ≥ start: most logs have none at all
    // One call per record rather than one long loop: V8 optimizes a small, often-called function
    // reliably; the long loop's on-stack replacement was measured 10x slower in some runs.
    for (;;) {
      const next = this.nextRecord(text, start);
      if (next === -1) return start;
      start = next;
    }
  }

  /** Hands on the record starting at `start`; returns where the next one starts, -1 when incomplete. */
  private nextRecord(text: string, start: number): number {
    const lf = text.indexOf('\n', start);
    if (lf === -1) return -1;
    const record = this.record;
    if (this.nextQuote !== -1 && this.nextQuote < lf) {
      // A quoted cell still open at the end of the last text stays open while no quote arrives: not
      // parsed again from its start for every chunk (that made a long one quadratic).
      if (start === 0 && this.openFrom !== -1 && text.indexOf('"', this.openFrom) === -1) return -1;
      const stall = { openFrom: -1 };
      const quoted = parseQuoted(text, start, stall);
      if (quoted === null) {
        this.openFrom = stall.openFrom === -1 ? -1 : stall.openFrom - start;
        return -1; // a quoted cell continues in the next chunk
      }
      this.openFrom = -1;
      // A quoted cell over several lines with text after its closing quote: a quote that never
      // closed (a torn record), closed by a later row's opening quote. The lines in between are that
      // cell's text, not rows: reading resumes at the line holding the quote that closed it.
      if (quoted.brokenClose !== -1) {
        const resume = text.lastIndexOf('\n', quoted.brokenClose) + 1;
        const first = this.line;
        this.line += countLines(text, start, resume);
        this.options.onSkip?.(first, brokenQuote(first, this.line));
        this.nextQuote = text.indexOf('"', resume);
        return resume;
      }
      record.fields = quoted.fields;
      record.width = quoted.fields.length;
      record.line = this.line;
      this.line += quoted.lines;
      this.nextQuote = text.indexOf('"', quoted.next);
      if (this.isHeaderAgain(text, start, lineEndAt(text, start, quoted.next) - start)) {
        this.options.onSkip?.(record.line, REPEATED_HEADER);
        return quoted.next;
      }
      // A blank line carries no data: drop it. With one column it is an empty cell, so kept.
      if (!(record.width === 1 && quoted.fields[0] === '' && this.headerWidth > 1))
        this.options.onRecord(record);
      return quoted.next;
    }
    const end = lf > start && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
    const line = this.line++;
    if (end === start && this.headerWidth > 1) return lf + 1; // blank line (see above)
    if (this.isHeaderAgain(text, start, end - start)) {
      this.options.onSkip?.(line, REPEATED_HEADER);
      return lf + 1;
    }
    record.line = line;
    this.cutPlain(text, start, end);
    this.options.onRecord(record);
    return lf + 1;
  }

  /**
   * The header's text again (two writers that each wrote the header of a new log): never a row, or
   * every column would become text. The length is compared first, so a row costs one comparison.
   */
  private isHeaderAgain(text: string, start: number, length: number): boolean {
    return (
      length === this.headerText.length && this.headerText !== '' && text.startsWith(this.headerText, start)
    );
  }

  private startColumns(header: string[]): void {
    this.headerSeen = true;
    this.headerWidth = header.length;
    const limit = this.options.onHeader(header);
    this.limit = limit === undefined ? header.length : Math.min(limit, header.length);
    this.record.starts = new Int32Array(this.limit);
    this.record.ends = new Int32Array(this.limit);
  }

  /** Cuts the quote-free record `text[from, end)` into its first `limit` fields and counts the rest. */
  private cutPlain(text: string, from: number, end: number): void {
    const record = this.record;
    const { starts, ends } = record;
    const limit = this.limit;
    record.fields = null;
    // Commas are found with indexOf (native, vectorized): 2x faster than a charCodeAt loop. The
    // next comma is remembered, so a line without one never searches the chunk twice.
    let comma = this.nextComma;
    let width = 0;
    let i = from;
    for (;;) {
      if (comma < i) {
        comma = text.indexOf(',', i);
        if (comma === -1) comma = text.length;
      }
      const j = Math.min(comma, end);
      if (width < limit) {
        starts[width] = i;
        ends[width] = j;
      }
      width++;
      if (j === end) break;
      i = j + 1;
    }
    this.nextComma = comma;
    record.width = width;
  }
}

interface QuotedRecord {
  fields: string[];
  /** Where the next record starts. */
  next: number;
  /** Physical lines the record spans. */
  lines: number;
  /**
   * Where the closing quote of a cell over several lines is followed by text (`"a\nb"c`), else -1:
   * the quote that closed it opened a later row's cell. (On one line, `"a"b` is kept as `ab`, as
   * Python's csv module does; RFC 4180 does not allow it.)
   */
  brokenClose: number;
}

/**
 * One record starting at `start`, RFC 4180: a field in quotes may hold commas, newlines and `""`
 * (one quote). Text after a closing quote is kept as is (`"a"b` → `ab`), as Python's csv module does.
 * The record ends at `\n` or `\r\n` outside quotes; null when `text` ends before it does.
 */
export function parseQuoted(text: string, start: number, stall?: { openFrom: number }): QuotedRecord | null {
  const fields: string[] = [];
  let lines = 1;
  let brokenClose = -1;
  let i = start;
  for (;;) {
    let value = '';
    const quoted = text.charCodeAt(i) === QUOTE;
    const linesBefore = lines;
    if (quoted) {
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1 || close + 1 >= text.length) {
          // `""` may be cut by the chunk end; the record stays open until a quote arrives after `openFrom`
          if (stall) stall.openFrom = close === -1 ? text.length : close;
          return null;
        }
        const part = text.slice(i, close);
        for (let at = part.indexOf('\n'); at !== -1; at = part.indexOf('\n', at + 1)) lines++;
        value += part;
        if (text.charCodeAt(close + 1) === QUOTE) {
          value += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
    }
    let j = i;
    let c = 0;
    for (; j < text.length; j++) {
      c = text.charCodeAt(j);
      if (c === COMMA || c === LF) break;
    }
    if (j === text.length) return null;
    const stop = c === LF && j > i && text.charCodeAt(j - 1) === CR ? j - 1 : j;
    if (quoted && stop > i && lines > linesBefore && brokenClose === -1) brokenClose = i - 1;
    fields.push(stop > i ? value + text.slice(i, stop) : value);
    i = j + 1;
    if (c === LF) return { fields, next: i, lines, brokenClose };
  }
}

const REPEATED_HEADER =
  'the header line again (a duplicate header, written twice by concurrent writers?); skipped';

/** Where the record `text[start, next)` ends without its `\n` or `\r\n` (`next` is just after its line end). */
function lineEndAt(text: string, start: number, next: number): number {
  let end = next;
  if (end > start && text.charCodeAt(end - 1) === LF) end--;
  if (end > start && text.charCodeAt(end - 1) === CR) end--;
  return end;
}

function brokenQuote(first: number, resume: number): string {
  const last = resume - 1;
  const inside =
    last === first
      ? ''
      : last === first + 1
        ? `; line ${last} is its text, not a row`
        : `; lines ${first + 1}–${last} are its text, not rows`;
  return `a quoted cell opened on this line never closes${inside}; reading resumes at line ${resume}`;
}

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** The length of `bytes` without an incomplete UTF-8 sequence at its end (the next chunk completes it). */
function completeUtf8(bytes: Buffer, length: number): number {
  let lead = length - 1;
  while (lead >= 0 && length - lead < 4 && ((bytes[lead] as number) & 0xc0) === 0x80) lead--;
  if (lead < 0) return length;
  const first = bytes[lead] as number;
  const needs = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return length - lead >= needs ? length : lead;
}
