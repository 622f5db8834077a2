import { parseQuoted } from './csv-scan.js';

/**
 * The one rule for a last line without its line end, for every reader of a log (`table` through
 * scanCsv, the discovery's readers of other tools' files): it is torn (reported, never read) unless its
 * end proves the record ended there. A cut inside a number leaves a number (`1000,1009` of
 * `1000,1009.5`), so a bare value at the end proves nothing, whatever the field count; a last cell closed
 * by its quote (`…,"129.9"`, W&B's exports quote every cell) or a JSON object closed by its brace cannot
 * be a cut of a longer record. Even then, a log modified in the last seconds, or one of evidence's own
 * logs, is torn: a writer may be half-way through it.
 */

/** A file modified this recently may be half-way through a line. */
export const ACTIVE_SECONDS = 10;

/**
 * Whether a last line (without its line end) ends a whole record: `csv`, its last cell closes a quote
 * (quotes balanced, the closing quote last; the caller checks every field is there); `json`, a JSON
 * object closed by its own brace (the caller parses it). A quoted text cell cut right after an escaped
 * `""` could still look closed; a number never holds a quote, so a value read from it cannot.
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
