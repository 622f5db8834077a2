import Papa from 'papaparse';
import { cellValue } from './cell-value.js';
import { cellNumber } from './cells.js';

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
   * A last line without its newline: `torn` (a file another process is still writing: reported, never
   * read) or `keep-if-complete` (an export: kept when it has every field, reported otherwise).
   */
  lastLine: 'torn' | 'keep-if-complete';
  /** Why the last line rule was chosen, said when it is applied ("the file was last written 3 s ago"). */
  lastLineWhy?: string;
  /** The delimiter the content showed (sniffed); ' ' splits on runs of spaces and tabs. */
  delimiter?: string;
  /** Column names of a file without a header row: every row is data. */
  columns?: string[];
}

/**
 * The delimiter when the file says it: tab for .tsv, a comma when the header (read with quotes) has
 * several comma-separated fields. Otherwise '' and papaparse guesses, which alone can take a `;` inside
 * a quoted column name for the delimiter.
 */
function chosenDelimiter(path: string, body: string): string {
  if (/\.(tsv|tab)$/i.test(path)) return '\t';
  const firstLine = Papa.parse<string[]>(body, { delimiter: ',', preview: 1, comments: '#' }).data[0];
  return firstLine && firstLine.length > 1 ? ',' : '';
}

/**
 * Parses delimited text with papaparse: delimiter detection (`,` tab `;` `|`), RFC 4180 quoting, `#`
 * comment lines, `\r\n` or `\n`. Rows of the wrong width are reported with their line and skipped.
 */
export function parseDelimited(path: string, input: string, options: ParseDelimitedOptions): DelimitedText {
  const rows: DelimitedText['rows'] = [];
  const scanned = scanDelimited(path, input, options, (line, fields) => {
    rows.push({ line, fields });
  });
  return { ...scanned, rows };
}

type RowSink = (line: number, fields: string[], header: string[]) => void;

/** The one scan behind parseDelimited and readDelimitedColumns: each accepted data row goes to `sink`. */
function scanDelimited(
  path: string,
  input: string,
  options: ParseDelimitedOptions,
  sink: RowSink,
): Omit<DelimitedText, 'rows'> {
  const issues: string[] = [];
  // One line end for the whole file: SB3's monitor writes its comment line with \n and its rows with \r\n,
  // and papaparse guesses a single line end from the start of the file.
  let text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.includes('\r')) text = text.replace(/\r\n/g, '\n');
  let given = options.delimiter;
  if (given === ' ') {
    // columns aligned with spaces (SpinningUp's console tables, `np.savetxt`): one tab per gap
    text = text.replace(/^[ \t]+|[ \t]+$/gm, '').replace(/[ \t]+/g, '\t');
    given = '\t';
  }
  const leadingComments: string[] = [];
  let offset = 0;
  while (text.startsWith('#', offset)) {
    const end = text.indexOf('\n', offset);
    leadingComments.push(text.slice(offset + 1, end === -1 ? text.length : end));
    offset = end === -1 ? text.length : end + 1;
  }
  // line starts are listed only when asked (a quoted file's rows): a quote-free file counts its lines
  let lineStarts: number[] | null = null;
  const lineAt = (position: number) => {
    lineStarts ??= lineStartsOf(text);
    return upperBound(lineStarts, position);
  };
  const lineAtCounted = (position: number) => {
    let line = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) line++;
    return line;
  };
  let tornLine: { line: number; text: string } | null = null;
  if (text.length > offset && !text.endsWith('\n')) {
    const start = text.lastIndexOf('\n') + 1;
    tornLine = { line: lineAtCounted(start), text: text.slice(start) };
    if (options.lastLine === 'torn') {
      issues.push(
        `${path}:${tornLine.line}: last line has no line end (torn by a crash or still being written${options.lastLineWhy ? `: ${options.lastLineWhy}` : ''}); not read`,
      );
      text = text.slice(0, start);
    }
  }
  let header: string[] | null = options.columns ? [...options.columns] : null;
  /** The first row is the header; a row of another width is reported (torn when it is the last line). */
  const accept = (line: number, fields: string[]): void => {
    if (header === null) {
      header = fields.map((name) => name.trim());
      return;
    }
    if (fields.length !== header.length) {
      const isTorn = tornLine !== null && line === tornLine.line;
      issues.push(
        isTorn
          ? `${path}:${line}: last line has no line end and ${fields.length} of ${header.length} fields (torn); not read`
          : `${path}:${line}: ${fields.length} fields, expected ${header.length} like the header; row skipped`,
      );
      return;
    }
    if (tornLine !== null && line === tornLine.line)
      issues.push(
        `${path}:${line}: last line has no line end; read as data: it is complete (every field, quotes closed)${options.lastLineWhy ? ` and ${options.lastLineWhy}` : ''}`,
      );
    sink(line, fields, header);
  };
  const body = text.slice(offset);
  let delimiter = given ?? chosenDelimiter(path, body);
  if (delimiter !== '' && !body.includes('"')) {
    // Measured: papaparse's per-row callback costs ~5.7 ms per 2,500-row progress.csv, most of a sweep's
    // reading time; a file without a quote has no field to unquote, so its lines are split directly.
    // line by line, its fields cut from the text directly (no array of every line, no line string)
    let line = lineAtCounted(offset);
    const split = lineSplitter(body, delimiter);
    for (let start = 0; start <= body.length; line++) {
      const found = body.indexOf('\n', start);
      const end = found === -1 ? body.length : found;
      const comment = body.startsWith('#', start);
      const fields = comment ? [] : split(start, end);
      start = end + 1;
      if (comment) continue;
      // papaparse's skipEmptyLines 'greedy': a line of empty cells is no row
      if (fields.every((field) => field.trim() === '')) continue;
      accept(line, fields);
    }
    return { header: header ?? [], delimiter, leadingComments, issues };
  }
  // where the next row starts: a broken row (a quote never closed) is named at the line it opens on
  let rowStart = 0;
  Papa.parse<string[]>(body, {
    comments: '#',
    skipEmptyLines: 'greedy',
    newline: '\n',
    ...(delimiter ? { delimiter } : { delimitersToGuess: [',', '\t', ';', '|'] }),
    step(result) {
      const line = lineAt(offset + Math.max(0, result.meta.cursor - 1));
      while (body.charCodeAt(rowStart) === 10 || body.charCodeAt(rowStart) === 13) rowStart++;
      const opens = lineAt(offset + rowStart);
      rowStart = result.meta.cursor;
      delimiter = result.meta.delimiter;
      for (const error of result.errors) {
        if (error.code !== 'UndetectableDelimiter')
          issues.push(`${path}:${opens}: ${error.message}; row skipped`);
      }
      if (result.errors.some((error) => error.code !== 'UndetectableDelimiter')) return;
      accept(line, result.data);
    },
  });
  return { header: header ?? [], delimiter, leadingComments, issues };
}

/**
 * The numeric columns of parsed rows (see cellNumber). Columns holding text (dates, host names, RLlib's
 * dict and list cells) are left out, all named in one issue with the first text cell of the first.
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
  const text: { name: string; line: number; cell: string }[] = [];
  for (let c = 0; c < header.length; c++) {
    if (skip.has(c)) continue;
    const name = header[c] as string;
    if (seen.has(name)) {
      parsed.issues.push(`${path}: column "${name}" appears twice in the header; the second is left out`);
      continue;
    }
    seen.add(name);
    const values = new Float64Array(rows.length);
    let found: { name: string; line: number; cell: string } | null = null;
    for (let r = 0; r < rows.length && found === null; r++) {
      const row = rows[r] as { line: number; fields: string[] };
      const value = cellNumber(row.fields[c] as string);
      if (value === undefined) found = { name, line: row.line, cell: row.fields[c] as string };
      else values[r] = value;
    }
    if (found) text.push(found);
    else columns.set(name, values);
  }
  if (text.length > 0) parsed.issues.push(textColumnsIssue(path, text));
  return columns;
}

/** A table read straight into its numeric columns (what numericColumns of parseDelimited gives). */
export interface DelimitedColumns extends Omit<DelimitedText, 'rows'> {
  columns: Map<string, Float64Array>;
  /** Data rows read. */
  rows: number;
}

/**
 * parseDelimited and numericColumns in one pass, the same rows, values and issues, without keeping any
 * row's text: each cell becomes a number as its row is read (a million-row table holds its columns, not
 * four million strings). `skip(name, index)` leaves a column out; `onRow` sees each data row's fields
 * (a long table's run column) with its index among the data rows.
 */
export function readDelimitedColumns(
  path: string,
  input: string,
  options: ParseDelimitedOptions,
  take: {
    skip?: (name: string, index: number, header: string[]) => boolean;
    onRow?: (fields: string[], row: number) => void;
  } = {},
): DelimitedColumns {
  let builders: ColumnBuilder[] | null = null;
  let rows = 0;
  const setUp = (header: string[]): ColumnBuilder[] => {
    const seen = new Set<string>();
    return header.map((name, index) => {
      const kind = take.skip?.(name, index, header) ? 'skip' : seen.has(name) ? 'duplicate' : 'read';
      if (kind !== 'skip') seen.add(name);
      return { name, index, kind, values: new Float64Array(1024), text: null };
    });
  };
  const scanned = scanDelimited(path, input, options, (line, fields, header) => {
    builders ??= setUp(header);
    for (const column of builders) {
      if (column.kind !== 'read' || column.text) continue;
      const cell = fields[column.index] as string;
      const value = cellValue(cell);
      if (value === undefined) column.text = { name: column.name, line, cell };
      else {
        if (rows === column.values.length) column.values = grown(column.values);
        column.values[rows] = value;
      }
    }
    take.onRow?.(fields, rows);
    rows++;
  });
  const columns = new Map<string, Float64Array>();
  const text: { name: string; line: number; cell: string }[] = [];
  for (const column of builders ?? setUp(scanned.header)) {
    if (column.kind === 'duplicate')
      scanned.issues.push(
        `${path}: column "${column.name}" appears twice in the header; the second is left out`,
      );
    if (column.kind !== 'read') continue;
    if (column.text) text.push(column.text);
    else columns.set(column.name, column.values.slice(0, rows));
  }
  if (text.length > 0) scanned.issues.push(textColumnsIssue(path, text));
  return { ...scanned, columns, rows };
}

interface ColumnBuilder {
  name: string;
  index: number;
  kind: 'read' | 'skip' | 'duplicate';
  values: Float64Array;
  /** The first cell that is no number: the column is text. */
  text: { name: string; line: number; cell: string } | null;
}

function grown(values: Float64Array): Float64Array {
  const next = new Float64Array(values.length * 2);
  next.set(values);
  return next;
}

const textColumnsIssue = (path: string, text: { name: string; line: number; cell: string }[]): string =>
  `${path}: text columns (not charted): ${text.map((t) => `${JSON.stringify(t.name)} (line ${t.line}: ${JSON.stringify(t.cell.slice(0, 40))})`).join(', ')}`;

/**
 * `text.slice(start, end).split(delimiter)` for consecutive lines, without the lines' strings: measured
 * twice as fast over a sweep's progress.csv files (split's strings also read slower as numbers). The
 * next delimiter found is kept, so text without one is scanned once, not once per line.
 */
function lineSplitter(text: string, delimiter: string): (start: number, end: number) => string[] {
  let next = -2;
  return (start, end) => {
    const fields: string[] = [];
    let from = start;
    for (;;) {
      if (next !== -1 && next < from) next = text.indexOf(delimiter, from);
      if (next === -1 || next + delimiter.length > end) {
        fields.push(text.slice(from, end));
        return fields;
      }
      fields.push(text.slice(from, next));
      from = next + delimiter.length;
    }
  };
}

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
