import { isAscii } from 'node:buffer';
import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { openInput } from '@evidence/node-kit';
import { type ReadIssues, tornAt } from '../types.js';
import { parseNumber } from './cell-parse.js';

// csv-log's one CSV parser, hand-written (zero dependencies, and measured): papaparse picks one newline
// for a whole parse, so `\r\n` rows then `\n` rows lost data; and cutting only the wanted fields of a
// quote-free line reads a log in under 60 % of papaparse's CPU time (bench/run.ts). Lines holding a
// quote take an exact RFC 4180 path.

export const CHUNK_BYTES = 1 << 20;
/** The longest record read (bytes): bounds the memory a quote that never closes takes. */
export const RECORD_MAX_BYTES = 16 * 1024 * 1024;

/** A record (a quoted cell that never closes, say) longer than RECORD_MAX_BYTES. */
export class RecordTooLongError extends Error {
  constructor(
    readonly line: number,
    /** byte offset of the record's start */
    readonly offset: number,
  ) {
    super(
      `a record longer than ${RECORD_MAX_BYTES / 2 ** 20} MiB starts on this line (a quoted cell that never closes?); not read`,
    );
    this.name = 'RecordTooLongError';
  }
}
const LF = 10;
const CR = 13;
const QUOTE = 34;
const COMMA = 44;

export interface CsvScanOptions {
  /** Called once with the header (BOM removed); may return how many leading fields to cut out (default all). */
  onHeader(header: string[]): number | undefined;
  /** Every data record, in order. The record is reused: read it now, do not keep it. */
  onRecord(record: CsvRecord): void;
  /** A record that is not returned, at its first line, and why. */
  onSkip?(line: number, reason: string): void;
  /** Bytes read at a time (tests put a chunk boundary everywhere). */
  chunkBytes?: number;
}

/** One record as the scanner hands it on (a reused cursor). */
export class CsvRecord {
  /** 1-based line the record starts on */
  line = 0;
  /** number of fields */
  width = 0;
  /** a quoted record's unquoted fields; null for a plain record, whose fields are ranges of `source` */
  fields: string[] | null = null;
  source = '';
  starts: Int32Array = new Int32Array(0);
  ends: Int32Array = new Int32Array(0);

  /** Field `i`'s text (below the caller's field limit). */
  text(i: number): string {
    const fields = this.fields;
    return fields !== null ? (fields[i] as string) : this.source.slice(this.starts[i], this.ends[i]);
  }

  isEmpty(i: number): boolean {
    const fields = this.fields;
    return fields !== null ? fields[i] === '' : this.starts[i] === this.ends[i];
  }

  /** Field `i` as a number (parseNumber); `undefined` when empty or not one. */
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
 * Streams a CSV file a chunk at a time, in bounded memory, up to its size at the start (a consistent
 * snapshot of a growing file). The text after the last complete record is `issues.torn`, never returned:
 * a line without its line end, and a quoted cell that never closes, from the line it opens on.
 */
export async function scanCsv(path: string, options: CsvScanOptions, issues: ReadIssues): Promise<void> {
  for await (const _ of scanCsvChunks(path, options, issues));
}

/** scanCsv, yielding after each chunk's records (bytes read, snapshot size); leaving early closes the file. */
export async function* scanCsvChunks(
  path: string,
  options: CsvScanOptions,
  issues: ReadIssues,
): AsyncGenerator<{ position: number; size: number }> {
  const handle = await openInput(path);
  try {
    const size = (await handle.stat()).size;
    const scanner = new CsvScanner(options);
    try {
      for await (const position of scanner.reads(handle, 0, size)) yield { position, size };
      issues.torn = scanner.torn();
    } catch (error) {
      if (!(error instanceof RecordTooLongError)) throw error;
      // reported where it starts (an error in strict mode); what follows it is not read
      options.onSkip?.(error.line, `${error.message}, nor anything after it`);
    }
    if (!scanner.headerSeen) options.onHeader([]);
  } finally {
    await handle.close();
  }
}

/**
 * Splits bytes into records, carrying the bytes after the last complete record between reads: any cut
 * of a file into byte ranges hands on the same records.
 */
export class CsvScanner {
  headerSeen = false;
  /** line the next record starts on */
  line = 1;
  private readonly record = new CsvRecord();
  // buffer[0, carry): the bytes after the last complete record. Bytes, not a string: each chunk then
  // decodes to one flat string, and an all-ASCII chunk as a plain copy.
  private buffer: Buffer = Buffer.alloc(0);
  private carry = 0;
  private headerWidth = 0;
  /** the header line as written: a record with the same text is the header again */
  private headerText = '';
  /** fields a plain record is cut into (the rest are only counted) */
  private limit = 0;
  /** the first quote / comma at or after the current record (-1: none / not searched yet) */
  private nextQuote = -1;
  private nextComma = -1;
  /** where the incomplete last record's open quoted cell has no quote after it; else -1 */
  private openFrom = -1;

  constructor(private readonly options: CsvScanOptions) {}

  /**
   * Hands on every record completed by the bytes `[from, to)`, which continue those scanned before,
   * yielding the position after each read (the last: `to`, or less when the file shrank under us).
   */
  async *reads(handle: FileHandle, from: number, to: number): AsyncGenerator<number> {
    for (let position = from; position < to; ) {
      const space = this.room(to - position); // first: it may replace the buffer
      const { bytesRead } = await handle.read(this.buffer, this.carry, space, position);
      if (bytesRead === 0) return; // the file shrank under us: stop at what exists
      position = this.take(bytesRead, position);
      yield position;
    }
  }

  /** {@link reads}, synchronously, on a file descriptor; returns where the complete records end. */
  recordsEndSync(fd: number, from: number, to: number): number {
    let position = from;
    for (let read = 1; read > 0 && position < to; ) {
      const space = this.room(to - position);
      read = readSync(fd, this.buffer, this.carry, space, position);
      if (read > 0) position = this.take(read, position);
    }
    return position - this.carry;
  }

  /** Makes room after the carried bytes for the next read; returns how many bytes to read. */
  private room(left: number): number {
    // at least half the carried bytes: a record longer than a chunk is decoded again per read, so reads
    // grow with it and the total stays linear
    const chunkBytes = Math.max(
      1,
      Math.min(Math.max(this.options.chunkBytes ?? CHUNK_BYTES, this.carry >> 1), left),
    );
    if (this.buffer.length - this.carry < chunkBytes) {
      const bigger = Buffer.allocUnsafe(this.carry + chunkBytes * 2);
      this.buffer.copy(bigger, 0, 0, this.carry);
      this.buffer = bigger;
    }
    return chunkBytes;
  }

  /** Splits the carried bytes and `bytesRead` more read at `position`; keeps the incomplete rest. */
  private take(bytesRead: number, position: number): number {
    let buffer = this.buffer;
    const filled = this.carry + bytesRead;
    // an incomplete UTF-8 sequence at the end waits for its next bytes
    const whole = completeUtf8(buffer, filled);
    // latin1 is a plain copy, and the same text as UTF-8 when every byte is ASCII (the usual log).
    const ascii = isAscii(buffer.subarray(0, whole));
    const text = buffer.toString(ascii ? 'latin1' : 'utf8', 0, whole);
    const rest = text.slice(this.split(text));
    // re-encoding `rest` is exact (invalid bytes are already U+FFFD); then the incomplete UTF-8 tail
    const restBytes = Buffer.from(rest);
    const tail = buffer.subarray(whole, filled);
    if (restBytes.length + tail.length > buffer.length)
      buffer = Buffer.allocUnsafe(restBytes.length + tail.length + bytesRead);
    tail.copy(buffer, restBytes.length); // copy the tail first: it may overlap where rest goes
    restBytes.copy(buffer, 0);
    this.buffer = buffer;
    this.carry = restBytes.length + tail.length;
    const end = position + bytesRead;
    if (this.carry > RECORD_MAX_BYTES) throw new RecordTooLongError(this.line, end - this.carry);
    return end;
  }

  /** The bytes after the last complete record (a line still being written, or cut by a crash). */
  torn(): ReadIssues['torn'] {
    return this.carry === 0 ? null : tornAt(this.line, this.buffer.toString('utf8', 0, this.carry));
  }

  /** Hands every complete record of `text` on; returns where the incomplete rest starts. */
  private split(text: string): number {
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
    // one call per record, not one long loop: measured up to 10x faster (V8's on-stack replacement)
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
      // a quoted cell left open stays open until a quote arrives: not parsed again per chunk (quadratic)
      if (start === 0 && this.openFrom !== -1 && text.indexOf('"', this.openFrom) === -1) return -1;
      const stall = { openFrom: -1 };
      const quoted = parseQuoted(text, start, stall);
      if (quoted === null) {
        this.openFrom = stall.openFrom === -1 ? -1 : stall.openFrom - start;
        return -1; // a quoted cell continues in the next chunk
      }
      this.openFrom = -1;
      // a quote that never closed, closed by a later row's opening quote: the lines between are its
      // text, not rows; reading resumes at the line of that later quote
      if (quoted.brokenClose !== -1) {
        const resume = text.lastIndexOf('\n', quoted.brokenClose) + 1;
        const first = this.line;
        for (let at = text.indexOf('\n', start); at !== -1 && at < resume; at = text.indexOf('\n', at + 1))
          this.line++;
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
      // a blank line is dropped; with one column it is an empty cell, kept
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

  /** The header's text again (two writers each wrote it): never a row, or every column would become text. */
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
    // indexOf is 2x faster than a charCodeAt loop; the next comma is remembered across lines
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
  /** where the next record starts */
  next: number;
  /** physical lines the record spans */
  lines: number;
  /** where a cell over several lines is followed by text after its closing quote (`"a\nb"c`), else -1 */
  brokenClose: number;
}

/**
 * One RFC 4180 record starting at `start`, ending at `\n` or `\r\n` outside quotes; null when `text`
 * ends first. Text after a closing quote is kept (`"a"b` → `ab`), as Python's csv module does.
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
          // `""` may be cut by the chunk's end
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

/** The length of `bytes` without an incomplete UTF-8 sequence at its end (the next chunk completes it). */
function completeUtf8(bytes: Buffer, length: number): number {
  let lead = length - 1;
  while (lead >= 0 && length - lead < 4 && ((bytes[lead] as number) & 0xc0) === 0x80) lead--;
  if (lead < 0) return length;
  const first = bytes[lead] as number;
  const needs = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return length - lead >= needs ? length : lead;
}
