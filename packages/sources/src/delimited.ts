import { StringDecoder } from 'node:string_decoder';
import { readAsDataWords, tornRecordWords, unclosedHeaderWords } from '@evidence/csv-log';
import { openInput } from '@evidence/node-kit';
import Papa from 'papaparse';
import { cellValue, cellValueAt } from './cell-value.js';
import { cellNumber } from './cells.js';
import { lastRecord } from './last-record.js';
import { ownString } from './own-string.js';

/** The rows of a CSV/TSV file as text, with each row's line number (1-based, its last physical line). */
export interface DelimitedText {
  header: string[];
  /** Data rows with exactly as many fields as the header. */
  rows: { line: number; fields: string[] }[];
  delimiter: string;
  /** The `#` lines before the header, without their `#`. */
  leadingComments: string[];
  issues: string[];
}

export interface ParseDelimitedOptions {
  /**
   * A last record without its line end: `torn` (a file another process is still writing: reported,
   * never read) or `keep-if-complete` (a settled export: kept when csv-log's rule finds it whole, see
   * last-record.ts; reported otherwise).
   */
  lastLine: 'torn' | 'keep-if-complete';
  /** Why the last line rule was chosen, said when it is applied ("the file was last written 3 s ago"). */
  lastLineWhy?: string;
  /** The delimiter the content showed (sniffed); ' ' splits on runs of spaces and tabs. */
  delimiter?: string;
  /** Column names of a file without a header row: every row is data. */
  columns?: string[];
}

/** Lines a table's delimiter is decided from (its head): the same in a whole text and a stream. */
const HEAD_LINES = 64;

/**
 * The text a scan reads: no byte-order mark, one line end for the whole file (SB3's monitor writes its
 * comment line with \n and its rows with \r\n, and papaparse guesses a single line end from the start),
 * and, for columns aligned with spaces (SpinningUp's console tables, `np.savetxt`), one tab per gap.
 */
function normalised(block: string, first: boolean, spaces: boolean): string {
  let text = first && block.charCodeAt(0) === 0xfeff ? block.slice(1) : block;
  if (text.includes('\r')) text = text.replace(/\r\n/g, '\n');
  if (spaces) text = text.replace(/^[ \t]+|[ \t]+$/gm, '').replace(/[ \t]+/g, '\t');
  return text;
}

/** Where a text's `#` lines at its start end. */
function commentsEnd(text: string, from = 0): number {
  let offset = from;
  while (text.startsWith('#', offset)) {
    const end = text.indexOf('\n', offset);
    offset = end === -1 ? text.length : end + 1;
  }
  return offset;
}

/**
 * The delimiter of a table, decided from its head (the first HEAD_LINES lines): tab for .tsv, a comma
 * when the header (read with quotes) has several comma-separated fields, else papaparse's guess among
 * `,` tab `;` `|` (alone it can take a `;` inside a quoted column name for the delimiter).
 */
function headDelimiter(path: string, head: string, options: ParseDelimitedOptions): string {
  if (options.delimiter === ' ') return '\t';
  if (options.delimiter) return options.delimiter;
  if (/\.(tsv|tab)$/i.test(path)) return '\t';
  const text = normalised(head, true, false);
  const body = text.slice(commentsEnd(text));
  const firstLine = Papa.parse<string[]>(body, { delimiter: ',', preview: 1, comments: '#' }).data[0];
  if (firstLine && firstLine.length > 1) return ',';
  const guessed = Papa.parse<string[]>(body, {
    preview: 10,
    comments: '#',
    skipEmptyLines: 'greedy',
    newline: '\n',
    delimitersToGuess: [',', '\t', ';', '|'],
  });
  return guessed.meta.delimiter || ',';
}

/** The end of a head: just after its HEAD_LINES-th line end, or -1 when the text has fewer lines. */
function headEnd(text: string): number {
  let at = -1;
  for (let k = 0; k < HEAD_LINES; k++) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) return -1;
  }
  return at + 1;
}

/**
 * Where the text's last complete row ends: just after the last line end outside a quoted field (a
 * quote opens a field only at its start, as papaparse reads it; `#` lines are comments), 0 when none.
 * A stream is cut there, so no row, quoted field or multi-line cell is ever split between two reads.
 */
export function rowsEnd(text: string, delimiter: string): number {
  if (!text.includes('"')) return text.lastIndexOf('\n') + 1;
  const spaces = delimiter === ' ';
  let safe = 0;
  let fieldStart = true;
  let lineStart = true;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (lineStart && c === 35 /* # */) {
      const end = text.indexOf('\n', i);
      if (end === -1) return safe;
      i = safe = end + 1;
      continue;
    }
    if (fieldStart && c === 34 /* " */) {
      // papaparse's rule: `""` is a quote; a quote closes the field when spaces, then a delimiter or a
      // line end, follow it; any other is a stray quote inside the field
      let k = i + 1;
      for (;;) {
        const q = text.indexOf('"', k);
        let after = q + 1;
        while (!spaces && text.charCodeAt(after) === 32) after++;
        // a quote still open, or one whose next characters are not here yet
        const next = text.charCodeAt(after);
        if (q === -1 || after >= text.length || (next === 13 && after + 1 === text.length)) return safe;
        if (after === q + 1 && next === 34) k = q + 2;
        else if (
          next === 10 ||
          (next === 13 && text.charCodeAt(after + 1) === 10) ||
          (spaces ? next === 32 || next === 9 : text.startsWith(delimiter, after))
        ) {
          i = q + 1;
          break;
        } else k = q + 1;
      }
      fieldStart = lineStart = false;
      continue;
    }
    i++;
    if (c === 10) {
      safe = i;
      fieldStart = lineStart = true;
    } else {
      lineStart = false;
      fieldStart = spaces ? c === 32 || c === 9 : text.startsWith(delimiter, i - 1);
    }
  }
  return safe;
}

/**
 * Parses delimited text with papaparse: delimiter detection (`,` tab `;` `|`), RFC 4180 quoting, `#`
 * comment lines, `\r\n` or `\n`. Rows of the wrong width are reported with their line and skipped.
 */
export function parseDelimited(path: string, input: string, options: ParseDelimitedOptions): DelimitedText {
  const rows: DelimitedText['rows'] = [];
  const scan = new DelimitedScan(path, options, headDelimiter(path, headOf(input), options), (line, row) => {
    rows.push({ line, fields: Array.from({ length: row.count }, (_, i) => row.field(i)) });
  });
  scan.block(input, true);
  return { ...scan.result(), rows };
}

const headOf = (text: string): string => {
  const end = headEnd(text);
  return end === -1 ? text : text.slice(0, end);
};

/**
 * One data row as the scan hands it on, its fields read on demand: a quote-free row is a list of bounds
 * in the text, so a cell read as a number never becomes a string (measured: the strings and arrays of
 * every row were a third of reading a sweep of 2,000 progress.csv files, most of it garbage collection).
 */
interface RowView {
  readonly count: number;
  field(index: number): string;
  /** cellValue of the field. */
  value(index: number): number | undefined;
}

class FieldsRow implements RowView {
  fields: string[] = [];
  get count(): number {
    return this.fields.length;
  }
  field(index: number): string {
    return this.fields[index] as string;
  }
  value(index: number): number | undefined {
    return cellValue(this.fields[index] as string);
  }
}

class BoundsRow implements RowView {
  text = '';
  count = 0;
  /** Start and end of each field, in pairs. */
  bounds: Int32Array = new Int32Array(64);
  field(index: number): string {
    return this.text.slice(this.bounds[2 * index], this.bounds[2 * index + 1]);
  }
  value(index: number): number | undefined {
    return cellValueAt(this.text, this.bounds[2 * index] as number, this.bounds[2 * index + 1] as number);
  }
  /** Every field empty or spaces: papaparse's skipEmptyLines 'greedy' makes it no row. */
  blank(): boolean {
    for (let i = 0; i < this.count; i++) {
      const from = this.bounds[2 * i] as number;
      const to = this.bounds[2 * i + 1] as number;
      for (let k = from; k < to; k++) {
        const c = this.text.charCodeAt(k);
        // tab, line feed, vertical tab, form feed, carriage return and space are spaces; beyond ASCII,
        // what String.prototype.trim calls one
        if (c === 32 || (c >= 9 && c <= 13)) continue;
        if (c < 127 || this.field(i).trim() !== '') return false;
      }
    }
    return true;
  }
}

type RowSink = (line: number, row: RowView, header: string[]) => void;

/**
 * The one scan behind every table read: blocks of whole rows (a whole text is one block; a stream is cut
 * where rowsEnd says) go in order to `block`, each accepted data row to `sink` with its line number.
 */
class DelimitedScan {
  private header: string[] | null;
  private readonly issues: string[] = [];
  private readonly leadingComments: string[] = [];
  /** Lines before the next block. */
  private lines = 0;
  private started = false;
  private first = true;

  constructor(
    private readonly path: string,
    private readonly options: ParseDelimitedOptions,
    private readonly delimiter: string,
    private readonly sink: RowSink,
  ) {
    this.header = options.columns ? [...options.columns] : null;
  }

  result(): Omit<DelimitedText, 'rows'> {
    return {
      header: this.header ?? [],
      delimiter: this.delimiter,
      leadingComments: this.leadingComments,
      issues: this.issues,
    };
  }

  /**
   * The next rows of the table; `last` for the block that ends the text (its last record may be torn).
   * `lines`: its line count, when the caller has counted them.
   */
  block(input: string, last: boolean, lines = countLines(input, 0, input.length)): void {
    // NUL bytes ending a file are what a crash leaves where a write never landed: a torn tail, not data
    const nuls = last ? nulTail(input) : 0;
    let text = normalised(
      nuls > 0 ? input.slice(0, -nuls) : input,
      this.first,
      this.options.delimiter === ' ',
    );
    this.first = false;
    const base = this.lines;
    let offset = 0;
    if (!this.started) {
      // the `#` lines before the header, without their `#`
      offset = commentsEnd(text);
      for (let at = 0; at < offset; ) {
        const end = text.indexOf('\n', at);
        this.leadingComments.push(text.slice(at + 1, end === -1 ? offset : end));
        at = end === -1 ? offset : end + 1;
      }
      if (offset < text.length) this.started = true;
    }
    // the last record is the text after the last line end outside a quoted cell: one that spans lines,
    // or never closes, is one record from the line it opens on (as csv-log's scanner reads it)
    const end = last ? Math.max(offset, rowsEnd(text, this.delimiter)) : text.length;
    let rest: { line: number; text: string } | null = null;
    if (end < text.length) {
      rest = { line: base + countLines(text, 0, end), text: text.slice(end) };
      text = text.slice(0, end);
      if (this.options.lastLine === 'torn')
        // said first, as a whole text's scan says it, whatever blocks came before
        this.issues.unshift(
          `${this.path}:${rest.line}: ${tornRecordWords({ text: rest.text, width: this.header?.length ?? 0, writing: this.options.lastLineWhy ?? '' })}`,
        );
    }
    if (nuls > 0)
      this.issues.unshift(
        `${this.path}: ${nuls} NUL ${nuls === 1 ? 'byte' : 'bytes'} at the end (a crash's padding, a torn tail); not read`,
      );
    this.lines += lines - 1;
    const bodyBase = base + countLines(text, 0, offset) - 1;
    this.rows(text.slice(offset), bodyBase);
    // no header after every whole row: the rest is the header, and it may never end
    if (rest !== null && this.header === null) this.requireHeaderEnds(rest);
    if (rest !== null && this.options.lastLine === 'keep-if-complete') this.last(rest);
  }

  private rows(body: string, base: number): void {
    if (body.includes('"')) this.quoted(body, base);
    else this.plain(body, base);
  }

  /**
   * The last record without its end, of a file nobody appends to: a row when csv-log's rule finds it
   * whole (lastRecord), else torn and said. Before any header it is the header (or a comment), read so.
   */
  private last(rest: { line: number; text: string }): void {
    const { path, header, options } = this;
    if (header === null || skippedLine(rest.text, this.delimiter)) {
      this.rows(rest.text, rest.line - 1);
      return;
    }
    const record = lastRecord(rest.text, header.length, this.delimiter);
    if ('torn' in record) {
      this.issues.push(`${path}:${rest.line}: ${record.torn}`);
      return;
    }
    this.issues.push(`${path}:${rest.line}: ${readAsDataWords(options.lastLineWhy)}`);
    const row = new FieldsRow();
    row.fields = record.fields;
    // a row is numbered by its last physical line
    this.sink(rest.line + countLines(rest.text, 0, rest.text.length) - 1, row, header);
  }

  /**
   * A header whose quoted cell never closes swallows the whole file: no row can be read, and saying
   * "no numeric column" or a parser's "Quoted field unterminated" would hide why. The file is refused,
   * in csv-log's words (`evidence table` says the same), naming the line and column the quote opens at.
   */
  private requireHeaderEnds(rest: { line: number; text: string }): void {
    if (rest.text.startsWith('#')) return;
    const settled = this.options.lastLine === 'keep-if-complete';
    const words = unclosedHeaderWords(rest.text, rest.line, settled, this.delimiter);
    if (words !== null) throw new Error(`${this.path}: ${words}`);
  }

  /** The first row is the header; a row of another width is reported. */
  private accept(line: number, row: RowView): void {
    const { path, header } = this;
    if (header === null) {
      this.header = Array.from({ length: row.count }, (_, i) => ownString(row.field(i).trim()));
      return;
    }
    if (row.count !== header.length) {
      this.issues.push(
        `${path}:${line}: ${row.count} fields, expected ${header.length} like the header; row skipped`,
      );
      return;
    }
    this.sink(line, row, header);
  }

  /**
   * A block without a quote has no field to unquote: its lines are split directly, fields cut from the
   * text (measured: papaparse's per-row callback cost ~5.7 ms per 2,500-row progress.csv, most of a
   * sweep's reading time).
   */
  private plain(body: string, base: number): void {
    const row = new BoundsRow();
    row.text = body;
    const { delimiter } = this;
    let next = -2; // the next delimiter found, kept: text without one is scanned once, not once a line
    let line = base + 1;
    for (let start = 0; start <= body.length; line++) {
      const found = body.indexOf('\n', start);
      const end = found === -1 ? body.length : found;
      const comment = body.startsWith('#', start);
      if (!comment) {
        let count = 0;
        for (let from = start; ; ) {
          if (2 * count + 2 > row.bounds.length) row.bounds = grownInts(row.bounds);
          if (next !== -1 && next < from) next = body.indexOf(delimiter, from);
          row.bounds[2 * count] = from;
          count++;
          if (next === -1 || next + delimiter.length > end) {
            row.bounds[2 * count - 1] = end;
            break;
          }
          row.bounds[2 * count - 1] = next;
          from = next + delimiter.length;
        }
        row.count = count;
      }
      start = end + 1;
      if (comment || row.blank()) continue;
      this.accept(line, row);
    }
  }

  private quoted(body: string, base: number): void {
    // line starts are listed for a quoted block's rows: a broken row (a quote never closed) is named at
    // the line it opens on
    const starts = lineStartsOf(body);
    const lineAt = (position: number) => base + upperBound(starts, position);
    let rowStart = 0;
    const row = new FieldsRow();
    Papa.parse<string[]>(body, {
      comments: '#',
      skipEmptyLines: 'greedy',
      newline: '\n',
      delimiter: this.delimiter,
      step: (result) => {
        const line = lineAt(Math.max(0, result.meta.cursor - 1));
        // (looked for only when the row is broken: most rows are not)
        const opens = result.errors.length > 0 ? lineAt(rowOpening(body, rowStart, this.delimiter)) : 0;
        rowStart = result.meta.cursor;
        for (const error of result.errors)
          this.issues.push(`${this.path}:${opens}: ${error.message}; row skipped`);
        if (result.errors.length > 0) return;
        row.fields = result.data;
        this.accept(line, row);
      },
    });
  }
}

/** A line a scan skips: a `#` comment, or only delimiters and spaces (papaparse's 'greedy'). */
function skippedLine(text: string, delimiter: string): boolean {
  return text.startsWith('#') || (!text.includes('"') && text.split(delimiter).join('').trim() === '');
}

/**
 * Where the row after `from` opens: past the lines papaparse skips before it (blank, only delimiters and
 * spaces, `#` comments), so a broken row is named at its own line whatever precedes it.
 */
function rowOpening(body: string, from: number, delimiter: string): number {
  let at = from;
  for (;;) {
    const end = body.indexOf('\n', at);
    const line = body.slice(at, end === -1 ? body.length : end);
    const skipped = line.startsWith('#') || line.split(delimiter).join('').trim() === '';
    if (!skipped || end === -1) return at;
    at = end + 1;
  }
}

/** How many NUL characters end the text. */
function nulTail(text: string): number {
  let at = text.length;
  while (at > 0 && text.charCodeAt(at - 1) === 0) at--;
  return text.length - at;
}

/** 1 + the line ends in text[from, to). */
function countLines(text: string, from: number, to: number): number {
  let lines = 1;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/**
 * The numeric columns of parsed rows (see cellNumber). A column mostly of numbers keeps its few text
 * cells as missing values, said in an issue; columns mostly of text (dates, host names, RLlib's dict and
 * list cells) are left out, all named in one issue with the first text cell of each.
 * Columns at the indexes in `skip` are not read (a long table's run column).
 */
export function numericColumns(
  path: string,
  parsed: DelimitedText,
  skip: ReadonlySet<number> = new Set(),
): Map<string, Float64Array> {
  const { header, rows } = parsed;
  const columns = new Map<string, Float64Array>();
  const seen = new Set<string>();
  const text: TextCells[] = [];
  const view = new FieldsRow();
  for (let c = 0; c < header.length; c++) {
    if (skip.has(c)) continue;
    const name = header[c] as string;
    if (seen.has(name)) {
      parsed.issues.push(`${path}: column "${name}" appears twice in the header; the second is left out`);
      continue;
    }
    seen.add(name);
    const values = new Float64Array(rows.length);
    const cells: TextCells = { name, line: 0, cell: '', count: 0 };
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as { line: number; fields: string[] };
      view.fields = row.fields;
      values[r] = cellNumber(row.fields[c] as string) ?? textCell(cells, row.line, view, c);
    }
    if (sortColumn(path, cells, values, values.length, text, parsed.issues)) columns.set(name, values);
  }
  if (text.length > 0) parsed.issues.push(textColumnsIssue(path, text));
  return columns;
}

/** A column's text cells: how many, and the first one's line and text. */
interface TextCells {
  name: string;
  line: number;
  cell: string;
  count: number;
}

/**
 * A row's text cell counted in its column's `cells` (the first one's text kept, the others never made):
 * NaN, a missing value if the column is numeric.
 */
function textCell(cells: TextCells, line: number, row: RowView, index: number): number {
  if (cells.count++ === 0) {
    cells.line = line;
    cells.cell = row.field(index);
  }
  return Number.NaN;
}

/**
 * Whether a read column is numeric: no text cells, or more numbers than text cells (its text cells are
 * then missing values, said in `issues`). A text column is added to `text` instead.
 */
function sortColumn(
  path: string,
  cells: TextCells,
  values: Float64Array,
  rows: number,
  text: TextCells[],
  issues: string[],
): boolean {
  if (cells.count === 0) return true;
  let numbers = 0;
  for (let r = 0; r < rows; r++) if (!Number.isNaN(values[r] as number)) numbers++;
  if (numbers <= cells.count) {
    text.push(cells);
    return false;
  }
  issues.push(
    `${path}: column ${JSON.stringify(cells.name)}: ${cells.count} text ${cells.count === 1 ? 'cell' : 'cells'} left out as missing (line ${cells.line}: ${JSON.stringify(cells.cell.slice(0, 40))})`,
  );
  return true;
}

/** A table read straight into its numeric columns (what numericColumns of parseDelimited gives). */
export interface DelimitedColumns extends Omit<DelimitedText, 'rows'> {
  columns: Map<string, Float64Array>;
  /** Data rows read. */
  rows: number;
}

/** What of a table to take: `skip(name, index)` leaves a column out; `onRow` sees each data row's fields
 * (a long table's run column) with its index among the data rows. */
export interface TakeColumns {
  skip?: (name: string, index: number, header: string[]) => boolean;
  onRow?: (field: (index: number) => string, row: number) => void;
}

/**
 * parseDelimited and numericColumns in one pass, the same rows, values and issues, without keeping any
 * row's text: each cell becomes a number as its row is read (a million-row table holds its columns, not
 * four million strings).
 */
export function readDelimitedColumns(
  path: string,
  input: string,
  options: ParseDelimitedOptions,
  take: TakeColumns = {},
): DelimitedColumns {
  const columns = new ColumnsOf(path, take);
  const scan = new DelimitedScan(path, options, headDelimiter(path, headOf(input), options), columns.sink);
  scan.block(input, true);
  return columns.finish(scan.result());
}

/** Bytes read at a time, and the least text gathered before a block of rows is scanned. */
const CHUNK_BYTES = 1 << 20;

/**
 * readDelimitedColumns of a file, streamed: it is read a chunk at a time (up to its size when opened),
 * cut after its last complete row (rowsEnd) and scanned block by block, so memory holds the columns and
 * one block, never the whole text. The same rows, values and issues as readDelimitedColumns of its text.
 */
export async function readDelimitedFile(
  path: string,
  options: ParseDelimitedOptions,
  take: TakeColumns = {},
  chunkBytes = CHUNK_BYTES,
): Promise<DelimitedColumns> {
  const columns = new ColumnsOf(path, take);
  let scan: DelimitedScan | null = null;
  let delimiter = '';
  let pending = '';
  // a row longer than a chunk (a quote open for megabytes) is looked at again once the text has
  // doubled, not at every chunk: the cut stays linear
  let cutAt = chunkBytes;
  const begin = (head: string) => {
    delimiter = headDelimiter(path, head, options);
    scan = new DelimitedScan(path, options, delimiter, columns.sink);
    return scan;
  };
  const handle = await openInput(path);
  try {
    let left = (await handle.stat()).size;
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(Math.min(chunkBytes, Math.max(left, 1)));
    while (left > 0) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, left), null);
      if (bytesRead === 0) break; // the file shrank under us: what exists is read
      left -= bytesRead;
      pending += decoder.write(buffer.subarray(0, bytesRead));
      if (pending.length < cutAt) continue;
      // the delimiter is decided from the same head a whole text's is
      if (scan === null && headEnd(pending) === -1) continue;
      const head = headEnd(pending);
      // the rows to expect: the file's size over the head's bytes per line (a little over, never under 1,024)
      if (scan === null)
        columns.expectedRows = Math.max(1024, Math.ceil(((left + pending.length) / head) * HEAD_LINES * 1.1));
      const reader: DelimitedScan = scan ?? begin(pending.slice(0, head));
      const end = rowsEnd(pending, options.delimiter === ' ' ? ' ' : delimiter);
      if (end === 0) {
        cutAt = pending.length * 2;
        continue;
      }
      reader.block(pending.slice(0, end), false);
      pending = pending.slice(end);
      cutAt = chunkBytes;
    }
    pending += decoder.end();
  } finally {
    await handle.close();
  }
  const lines = countLines(pending, 0, pending.length);
  // a file read whole: a row per line but the header's (and the empty one after the last line end)
  if (scan === null) columns.expectedRows = Math.max(16, lines - 2);
  const reader: DelimitedScan = scan ?? begin(headOf(pending));
  reader.block(pending, true, lines);
  return columns.finish(reader.result());
}

/** Each data row's cells into numbers, column by column, as the rows come. */
class ColumnsOf {
  private builders: ColumnBuilder[] | null = null;
  private rows = 0;
  private current: RowView | null = null;
  /** The field of the row at hand, for `onRow`. */
  private readonly field = (index: number): string => (this.current as RowView).field(index);

  /** Rows the columns are first sized for (a streamed file's estimate), so they rarely grow. */
  expectedRows = 1024;

  constructor(
    private readonly path: string,
    private readonly take: TakeColumns,
  ) {}

  readonly sink: RowSink = (line, fields, header) => {
    this.builders ??= this.setUp(header);
    const row = this.rows;
    for (const column of this.builders) {
      if (column.kind !== 'read') continue;
      const value = fields.value(column.index) ?? textCell(column.text, line, fields, column.index);
      if (row === column.values.length) column.values = grown(column.values);
      column.values[row] = value;
    }
    if (this.take.onRow) {
      this.current = fields;
      this.take.onRow(this.field, row);
    }
    this.rows++;
  };

  private setUp(header: string[]): ColumnBuilder[] {
    const seen = new Set<string>();
    return header.map((name, index) => {
      const kind = this.take.skip?.(name, index, header) ? 'skip' : seen.has(name) ? 'duplicate' : 'read';
      if (kind !== 'skip') seen.add(name);
      const text = { name, line: 0, cell: '', count: 0 };
      return { name, index, kind, values: new Float64Array(this.expectedRows), text };
    });
  }

  finish(scanned: Omit<DelimitedText, 'rows'>): DelimitedColumns {
    const { path, rows } = this;
    const columns = new Map<string, Float64Array>();
    const text: TextCells[] = [];
    for (const column of this.builders ?? this.setUp(scanned.header)) {
      if (column.kind === 'duplicate')
        scanned.issues.push(
          `${path}: column "${column.name}" appears twice in the header; the second is left out`,
        );
      if (column.kind !== 'read' || !sortColumn(path, column.text, column.values, rows, text, scanned.issues))
        continue;
      columns.set(column.name, rows === column.values.length ? column.values : column.values.slice(0, rows));
    }
    if (text.length > 0) scanned.issues.push(textColumnsIssue(path, text));
    return { ...scanned, columns, rows };
  }
}

interface ColumnBuilder {
  name: string;
  index: number;
  kind: 'read' | 'skip' | 'duplicate';
  values: Float64Array;
  /** Its cells that are no number (see sortColumn). */
  text: TextCells;
}

function grownInts(values: Int32Array): Int32Array {
  const next = new Int32Array(values.length * 2);
  next.set(values);
  return next;
}

function grown(values: Float64Array): Float64Array {
  const next = new Float64Array(values.length * 2);
  next.set(values);
  return next;
}

const textColumnsIssue = (path: string, text: TextCells[]): string =>
  `${path}: text columns (not charted): ${text.map((t) => `${JSON.stringify(t.name)} (line ${t.line}: ${JSON.stringify(t.cell.slice(0, 40))})`).join(', ')}`;

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line holding `position`: how many line starts are at or before it. */
function upperBound(starts: number[], position: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((starts[mid] as number) <= position) low = mid + 1;
    else high = mid;
  }
  return low;
}
