/**
 * A table's last record without its end, judged as `evidence table` judges it: csv-log's one rule
 * (wholeLastRecord: its end proves it whole, it parses as one record, it has the header's width), said
 * in csv-log's words (tornRecordWords). The record is the text after the last line end outside a quoted
 * cell (rowsEnd), so a quoted cell that spans lines is one record, named at the line it opens on, as
 * csv-log's scanner names it.
 */
import { endsWholeRecord, tornRecordWords, wholeLastRecord } from '@evidence/csv-log';
import Papa from 'papaparse';

/** Kept: the record's fields; torn: why, for `file:line: …`. */
export type LastRecord = { fields: string[] } | { torn: string };

/**
 * The last record `text` (no line end after it outside a quote; it may hold line ends inside one, or
 * end with one when a quote never closes), against a header of `width` fields.
 */
export function lastRecord(text: string, width: number, delimiter: string): LastRecord {
  const fields = delimiter === ',' ? wholeLastRecord(text, width) : wholeOtherRecord(text, width, delimiter);
  if (fields !== null) return { fields };
  // a comma-separated record is counted by csv-log itself, as `evidence table` counts it
  const count = delimiter === ',' ? undefined : (splitRecord(text, delimiter)?.length ?? null);
  return { torn: tornRecordWords({ text, width, ...(count === undefined ? {} : { count }) }) };
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
