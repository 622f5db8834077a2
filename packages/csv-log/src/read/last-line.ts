import { parseQuoted } from './csv-scan.js';

// The one rule for a last line without its line end, for every reader: torn (reported, never read)
// unless its end proves the record ended there. A cut number leaves a number (`1009` of `1009.5`); a
// cell closed by its quote (W&B quotes every cell) or a JSON object closed by its brace cannot be a cut.
// Even then a file modified in the last ACTIVE_SECONDS, or one of evidence's own logs, is torn.

/** A file modified this recently may be half-way through a line. */
export const ACTIVE_SECONDS = 10;

/**
 * Whether a last line (without its line end) ends a whole record: `csv`, quotes balanced and the last
 * (the caller checks the field count; a text cut right after an escaped `""` could still look closed);
 * `json`, an object closed by its brace (the caller parses it).
 */
export function endsWholeRecord(line: string, kind: 'csv' | 'json'): boolean {
  const end = line.replace(/[\s\r]+$/, '');
  if (kind === 'json') return end.startsWith('{') && end.endsWith('}');
  if (!end.endsWith('"')) return false;
  let quotes = 0;
  for (let i = end.indexOf('"'); i !== -1; i = end.indexOf('"', i + 1)) quotes++;
  return quotes % 2 === 0;
}

/**
 * A torn last record's fields when it is whole after all: its end proves it (endsWholeRecord), it
 * parses as one record and has the header's `width` fields. Else null (torn).
 */
export function wholeLastRecord(text: string, width: number): string[] | null {
  if (!endsWholeRecord(text, 'csv')) return null;
  const record = parseQuoted(`${text}\n`, 0);
  if (record === null || record.next !== text.length + 1 || record.brokenClose !== -1) return null;
  return record.fields.length === width ? record.fields : null;
}
