import { parseQuoted } from './csv-scan.js';
import { endsWholeRecord } from './last-line.js';

// The words every reader says of a last record it does not read, of one it reads after all, and of a
// header that never ends: one sentence per case, so `evidence table` (csv-log's follower) and the
// commands reading through @evidence/sources say the same of the same file (issue 40). The caller puts
// the file and line before it: `file:line: <sentence>`.

const PREVIEW_CHARS = 40;

/** A record's text as one quoted line, cut after PREVIEW_CHARS: what the user sees of it. */
export function recordPreview(text: string): string {
  return JSON.stringify(text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text);
}

/**
 * A quote left open: an odd count of quotes, or a line end after the record (only a quote still open
 * can hold one, the record being cut after the last line end outside a quoted cell).
 */
export function openQuote(text: string): boolean {
  if (text.endsWith('\n')) return true;
  return quoteCount(text) % 2 === 1;
}

function quoteCount(text: string): number {
  let quotes = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) quotes++;
  return quotes;
}

/** A last record without its line end, as a reader knows it. */
export interface TornRecord {
  /** Its text, from the line it opens on (a quoted cell may span lines). */
  text: string;
  /** The header's cell count. */
  width: number;
  /**
   * Its cell count when it reads as one record, else null; left out, counted here as a comma-separated
   * record (a reader of another delimiter counts its own).
   */
  count?: number | null;
  /**
   * Why it is torn whatever its end, when the file may be being written (sources' lastLineWhy, e.g.
   * "the file was modified 3 s ago, it may be being written"); '' when that is all there is to say.
   * Left out for a settled file, whose last record was judged by wholeLastRecord and found not whole.
   */
  writing?: string;
}

/** Why a last record without its line end is not read: the one sentence, `file:line: <this>`. */
export function tornRecordWords(record: TornRecord): string {
  const { text, width, writing } = record;
  const shown = `; not read: ${recordPreview(text)}`;
  const open = openQuote(text);
  if (open && text.includes('\n')) return `torn last record (a quoted cell opened here never closes)${shown}`;
  if (writing !== undefined)
    return `last line has no line end (torn by a crash or still being written${writing ? `: ${writing}` : ''})${shown}`;
  if (open) return `torn last line (no line end, a quoted cell never closed)${shown}`;
  const count = record.count === undefined ? commaCount(text) : record.count;
  if (count !== null && count !== width)
    return `last line has no line end and ${count} ${count === 1 ? 'cell' : 'cells'} where the header has ${width} (torn)${shown}`;
  if (!endsWholeRecord(text, 'csv'))
    // every cell, but a cut inside a number leaves a number (`1009` of `1009.5`): nothing proves the end
    return `last line has no line end and its last cell is no quoted text closed, so a cut cannot be told from a value (torn)${shown}`;
  return `last line has no line end and does not read as one record (torn)${shown}`;
}

/** The cells of a comma-separated record, when it reads as one; else null. */
function commaCount(text: string): number | null {
  const record = parseQuoted(`${text}\n`, 0);
  return record === null || record.next !== text.length + 1 ? null : record.fields.length;
}

/** Why a last record without its line end is read as a row after all; `settled`: why the file is. */
export function readAsDataWords(settled?: string): string {
  return `last line has no line end; read as data: it is complete (every cell, its last cell closed by its quote)${settled ? ` and ${settled}` : ''}`;
}

/**
 * Why a file's header never ends, when a quoted cell in it opens and never closes: the file has no
 * header, so nothing in it can be read. `text` is the header's record from line `line` on (the rest of
 * the file), its cells cut at `delimiter`. Null when its quotes close, or when it is one line without its end in a file that may be
 * being written (`settled` false): a header half written, torn rather than wrong.
 */
export function unclosedHeaderWords(
  text: string,
  line: number,
  settled: boolean,
  delimiter = ',',
): string | null {
  if (!openQuote(text) || (!settled && !text.includes('\n'))) return null;
  const at = unpairedQuote(text, delimiter);
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) lines++;
  return `header line ${line + lines}, column ${at - lineStart + 1}: a quoted cell opens there and never closes (expected a closing " before the end of the file), so the header never ends; the file is not read`;
}

/**
 * Where the quoted cell that never closes opens: read as RFC 4180 reads it (a quote opens a cell only
 * at its start; `""` inside is a quote), cells cut at `delimiter`. The last quote when none is found so.
 */
function unpairedQuote(text: string, delimiter: string): number {
  for (let i = 0; i < text.length; ) {
    if (text.charCodeAt(i) === 34 /* " */) {
      let k = i + 1;
      for (;;) {
        const close = text.indexOf('"', k);
        if (close === -1) return i;
        if (text.charCodeAt(close + 1) !== 34) {
          k = close + 1;
          break;
        }
        k = close + 2;
      }
      i = k;
    }
    // on to the next cell's start
    const cell = text.indexOf(delimiter, i);
    const line = text.indexOf('\n', i);
    const next = cell === -1 ? line : line === -1 ? cell : Math.min(cell, line);
    if (next === -1) break;
    i = next + (next === cell ? delimiter.length : 1);
  }
  return Math.max(0, text.lastIndexOf('"'));
}
