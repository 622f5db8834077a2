import { open, stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import type { LineIssue } from './issues.js';

export interface CsvRow {
  /** 1-based line number of the row's first line in the file */
  line: number;
  cells: string[];
}

export interface CsvTailBatch {
  /** true when the file shrank or was replaced: everything is read again from the top, header included */
  restarted: boolean;
  header: string[] | null;
  rows: CsvRow[];
  issues: LineIssue[];
  /** more bytes are already waiting: call read() again (each call reads at most `maxBytes`) */
  more: boolean;
}

const CHUNK_BYTES = 1 << 20;
const MAX_BYTES_PER_READ = 2 * CHUNK_BYTES;

/**
 * Reads a CSV that may still be growing: each `read()` returns the complete rows appended since the last
 * call and keeps an unfinished last line back until its newline arrives.
 * Hand-written around papaparse because @evidence/csv-log reads a file once to its end and has no way to
 * resume from a byte offset, which `table --follow` needs; papaparse still does the field splitting.
 */
export class CsvTail {
  readonly path: string;
  #offset = 0;
  #decoder = new StringDecoder('utf8');
  #pending = '';
  #nextLine = 1;
  #header: string[] | null = null;

  constructor(path: string) {
    this.path = path;
  }

  get header(): string[] | null {
    return this.#header;
  }

  /** The unfinished last line, if the file does not end with a newline (yet). */
  get torn(): { line: number; text: string } | null {
    return this.#pending === '' ? null : { line: this.#nextLine, text: this.#pending };
  }

  async read(maxBytes = MAX_BYTES_PER_READ): Promise<CsvTailBatch> {
    const size = (await stat(this.path)).size;
    const restarted = size < this.#offset;
    if (restarted) this.#reset();
    const batch: CsvTailBatch = { restarted, header: null, rows: [], issues: [], more: false };
    if (size === this.#offset) return batch;
    const end = Math.min(size, this.#offset + maxBytes);
    const handle = await open(this.path, 'r');
    try {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, end - this.#offset));
      while (this.#offset < end) {
        const length = Math.min(buffer.length, end - this.#offset);
        const { bytesRead } = await handle.read(buffer, 0, length, this.#offset);
        if (bytesRead === 0) break;
        this.#offset += bytesRead;
        this.#consume(this.#decoder.write(buffer.subarray(0, bytesRead)), batch);
      }
    } finally {
      await handle.close();
    }
    batch.more = this.#offset < size;
    return batch;
  }

  #reset(): void {
    this.#offset = 0;
    this.#decoder = new StringDecoder('utf8');
    this.#pending = '';
    this.#nextLine = 1;
    this.#header = null;
  }

  #consume(text: string, batch: CsvTailBatch): void {
    let data = this.#pending + text;
    if (this.#nextLine === 1 && this.#header === null && data.charCodeAt(0) === 0xfeff) data = data.slice(1);
    const end = completeRecordsEnd(data); // the final newline is dropped below so papaparse adds no empty row
    this.#pending = data.slice(end);
    if (end === 0) return;
    const complete = data.slice(0, end - 1);
    const parsed = Papa.parse<string[]>(complete, { header: false, skipEmptyLines: false, newline: '\n' });
    // Only quoted cells can hold a newline; without quotes each record is one line.
    const quoted = complete.includes('"');
    for (const cells of parsed.data) {
      const last = cells.length - 1;
      if (cells[last]?.endsWith('\r')) cells[last] = (cells[last] as string).slice(0, -1); // \r\n line ends
      const line = this.#nextLine;
      this.#nextLine += quoted ? 1 + cells.reduce((count, cell) => count + countNewlines(cell), 0) : 1;
      if (cells.length === 1 && cells[0] === '') continue; // blank line
      if (this.#header === null) {
        this.#header = cells;
        batch.header = cells;
      } else if (cells.length !== this.#header.length) {
        batch.issues.push({
          file: this.path,
          line,
          reason: `expected ${this.#header.length} fields, found ${cells.length}; row skipped`,
        });
      } else {
        batch.rows.push({ line, cells });
      }
    }
  }
}

/** Index just past the last newline that is outside quotes: everything before it is whole records. */
export function completeRecordsEnd(text: string): number {
  let inQuotes = false;
  let end = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) inQuotes = !inQuotes;
    else if (code === 10 && !inQuotes) end = i + 1;
  }
  return end;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** A cell as the DESIGN's CSV readers read it: empty → null, nan/inf, True/False, else a number or text. */
export function parseCell(text: string): number | boolean | string | null {
  if (text === '') return null;
  // Plain numbers first: they are nearly every cell of a training log.
  const first = text.charCodeAt(0);
  if ((first >= 48 && first <= 57) || first === 45 || first === 43 || first === 46) {
    const number = Number(text);
    if (!Number.isNaN(number) && text.charCodeAt(text.length - 1) > 32) return number;
  }
  const word = WORDS.get(text.toLowerCase());
  return word === undefined ? text : word;
}

const WORDS = new Map<string, number | boolean>([
  ['nan', Number.NaN],
  ['inf', Number.POSITIVE_INFINITY],
  ['+inf', Number.POSITIVE_INFINITY],
  ['infinity', Number.POSITIVE_INFINITY],
  ['+infinity', Number.POSITIVE_INFINITY],
  ['-inf', Number.NEGATIVE_INFINITY],
  ['-infinity', Number.NEGATIVE_INFINITY],
  ['true', true],
  ['false', false],
]);
