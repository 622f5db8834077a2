/**
 * A table's last record without its end, judged as `evidence table` judges it: csv-log's one rule
 * (wholeLastRecord: its end proves it whole, it parses as one record, it has the header's width). The
 * record is the text after the last line end outside a quoted cell (rowsEnd), so a quoted cell that
 * spans lines is one record, named at the line it opens on, as csv-log's scanner names it.
 */
import { endsWholeRecord, wholeLastRecord } from '@evidence/csv-log';
import Papa from 'papaparse';

/** Kept: the record's fields; torn: why, for `file:line: …; not read`. */
export type LastRecord = { fields: string[] } | { torn: string };

/**
 * The last record `text` (no line end after it outside a quote; it may hold line ends inside one, or
 * end with one when a quote never closes), against a header of `width` fields.
 */
export function lastRecord(text: string, width: number, delimiter: string): LastRecord {
  const fields = delimiter === ',' ? wholeLastRecord(text, width) : wholeOtherRecord(text, width, delimiter);
  if (fields !== null) return { fields };
  if (openQuote(text))
    return {
      torn: text.includes('\n')
        ? 'torn last record (a quoted cell opened here never closes)'
        : 'torn last line (no line end, a quoted cell never closed)',
    };
  const count = splitRecord(text, delimiter)?.length;
  if (count !== undefined && count !== width)
    return { torn: `last line has no line end and ${count} of ${width} fields (torn)` };
  if (!endsWholeRecord(text, 'csv'))
    // every field, but a cut inside a number leaves a number (`1009` of `1009.5`): nothing proves the end
    return {
      torn: 'last line has no line end and its last cell is no quoted text closed, so a cut cannot be told from a value (torn)',
    };
  return { torn: 'last line has no line end and does not read as one record (torn)' };
}

/**
 * A quote left open: an odd count of quotes, or a line end after the record (only a quote still open
 * can hold one, rowsEnd having cut after every other).
 */
export function openQuote(text: string): boolean {
  if (text.endsWith('\n')) return true;
  let quotes = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) quotes++;
  return quotes % 2 === 1;
}

/** wholeLastRecord for a delimiter other than a comma (csv-log reads commas only): the same three tests. */
function wholeOtherRecord(text: string, width: number, delimiter: string): string[] | null {
  if (!endsWholeRecord(text, 'csv')) return null;
  const fields = splitRecord(text, delimiter);
  return fields !== null && fields.length === width ? fields : null;
}

/** The record's fields when it parses as exactly one record; else null. */
function splitRecord(text: string, delimiter: string): string[] | null {
  const parsed = Papa.parse<string[]>(text, { delimiter, newline: '\n' });
  return parsed.errors.length === 0 && parsed.data.length === 1 ? (parsed.data[0] as string[]) : null;
}
