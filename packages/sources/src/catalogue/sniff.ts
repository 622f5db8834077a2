/**
 * What a file is, from its first bytes, whatever its name: a TensorBoard event file, binary data (and
 * which kind), JSON (an array, an object, or one object per line), a delimited table (its delimiter,
 * header or none), or other text. Names only break ties (event files are known by the name every writer gives them).
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import Papa from 'papaparse';
import { cellNumber } from '../cells.js';
import { ownString } from '../own-string.js';
import { EVENT_FILE, isEventFile } from '../tensorboard/read.js';

export const HEAD_BYTES = 64 * 1024;

export interface TableShape {
  /** ',', '\t', ';', '|', or ' ' for runs of spaces/tabs. */
  delimiter: string;
  /** The first row's cells when it is a header; null when the first row is data. */
  header: string[] | null;
  /** Fields per row. */
  fields: number;
}

export interface Sniff {
  kind: 'event' | 'empty' | 'binary' | 'json-array' | 'json-object' | 'jsonl' | 'table' | 'text';
  /** For binary and text: what it looks like, for the list of files not read. */
  what: string;
  size: number;
  mtimeMs: number;
  /** The first bytes as text (BOM removed). */
  head: string;
  table?: TableShape;
  /** For a JSON object: its top-level value, when the whole file fit in the head. */
  json?: unknown;
  /** Why the file could not be opened (kind `binary`, nothing read): it is skipped, saying this. */
  unreadable?: string;
}

const MAGIC: [string, number[]][] = [
  ['an image (PNG)', [0x89, 0x50, 0x4e, 0x47]],
  ['an image (JPEG)', [0xff, 0xd8, 0xff]],
  ['an image (GIF)', [0x47, 0x49, 0x46, 0x38]],
  ['a zip archive (a saved model, a checkpoint?)', [0x50, 0x4b, 0x03, 0x04]],
  ['a NumPy array (.npy)', [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]],
  ['an SQLite database', [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65]],
  ['a W&B run file', [0x3a, 0x57, 0x26, 0x42, 0xe1, 0xbe]],
  ['a gzip archive', [0x1f, 0x8b]],
  ['an HDF5 file', [0x89, 0x48, 0x44, 0x46]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['a Python pickle (a saved object)', [0x80]],
];

/**
 * Reads a file's first bytes and says what it is. Synchronous on purpose: a tree is mostly small files,
 * and four thread-pool round trips per file (open, stat, read, close) cost 3× more than the calls
 * themselves (measured on 10,000 files).
 */
export async function sniffFile(abs: string, name: string): Promise<Sniff> {
  const fd = openSync(abs, constants.O_RDONLY | constants.O_NONBLOCK);
  let bytes: Buffer;
  let size = 0;
  let mtimeMs = 0;
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
    size = info.size;
    mtimeMs = info.mtimeMs;
    bytes = Buffer.allocUnsafe(Math.min(HEAD_BYTES, size));
    const read = readSync(fd, bytes, 0, bytes.length, 0);
    bytes = bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
  return sniffBytes(bytes, name, size, mtimeMs);
}

export function sniffBytes(bytes: Buffer, name: string, size: number, mtimeMs: number): Sniff {
  const base = { size, mtimeMs, head: '' };
  if (isEventFile(name)) return { ...base, kind: 'event', what: EVENT_FILE };
  if (size === 0) return { ...base, kind: 'empty', what: 'an empty file' };
  for (const [what, magic] of MAGIC)
    if (magic.every((b, i) => bytes[i] === b))
      // a zip named .npz is NumPy's (a replay buffer's episodes, saved arrays): said so, not as a model
      return {
        ...base,
        kind: 'binary',
        what: /\.npz$/i.test(name) && what.startsWith('a zip') ? 'NumPy arrays (.npz)' : what,
      };
  // a crash's NUL padding at the end is a torn tail (the reader says so), not binary data
  const text = bytes.toString('utf8').replace(/\0+$/, '');
  if (/[\u0000-\u0008\u000e-\u001a]/.test(text.slice(0, 4096)) || text.includes('\ufffd\ufffd'))
    return { ...base, kind: 'binary', what: 'binary data' };
  const head = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const whole = bytes.length >= size;
  const out: Sniff = { ...base, head, kind: 'text', what: describeText(head) };
  const start = head.trimStart();
  // markup (an SVG chart, an HTML page) splits on its commas too, but is no log
  if (start.startsWith('<')) return { ...out, what: 'markup (XML, HTML or SVG), not a log' };
  // `[2024-01-01 12:00:00][INFO] …` (Hydra's job log, many loggers) opens with a bracket too: an array only
  // when it parses (whole) or opens as an array of records does (`[`, `[{`, `[[` on its first line)
  if (start.startsWith('[') && isJsonArrayStart(start, whole))
    return { ...out, kind: 'json-array', what: 'a JSON array' };
  if (start.startsWith('{')) {
    const lines = head.split('\n').filter((l) => l.trim() !== '');
    const complete = whole ? lines : lines.slice(0, -1);
    const objects = complete.filter((l) => isJsonObject(l.trim()));
    // JSON Lines: the first line and most lines are objects (a damaged line is reported when read)
    if (
      complete.length > 1 &&
      isJsonObject((complete[0] as string).trim()) &&
      objects.length * 2 >= complete.length
    )
      return { ...out, kind: 'jsonl', what: 'JSON Lines' };
    let json: unknown;
    if (whole) {
      try {
        json = JSON.parse(head.replace(/\bNaN\b|-?\bInfinity\b/g, 'null'));
      } catch {
        json = undefined;
      }
    }
    // one object on one line: JSON Lines of one record (a run that logged once) unless it nests a store
    if (complete.length === 1 && objects.length === 1 && !/\.json$/i.test(name) && !isMetricStore(json))
      return { ...out, kind: 'jsonl', what: 'JSON Lines' };
    return { ...out, kind: 'json-object', what: 'a JSON object', ...(json === undefined ? {} : { json }) };
  }
  const table = sniffTable(head, whole);
  if (table) return { ...out, kind: 'table', what: 'a table', table };
  return out;
}

function isJsonArrayStart(text: string, whole: boolean): boolean {
  if (whole) {
    try {
      return Array.isArray(JSON.parse(text.replace(/\bNaN\b|-?\bInfinity\b/g, 'null')));
    } catch {
      // a damaged array is still one when it opens as one (its damage is reported when read)
    }
  }
  return /^\[\s*($|[{[\]"]|-?\d+(\.\d+)?([eE][-+]?\d+)?\s*[,\]])/.test(text);
}

function isJsonObject(line: string): boolean {
  if (!line.startsWith('{') || !line.endsWith('}')) return false;
  try {
    const value = JSON.parse(line.replace(/\bNaN\b|-?\bInfinity\b/g, 'null'));
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** sacred's metrics.json: `{name: {steps: [...], timestamps: [...], values: [...]}}`. */
export function isMetricStore(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.values(value as Record<string, unknown>);
  return (
    entries.length > 0 &&
    entries.every(
      (v) =>
        v !== null &&
        typeof v === 'object' &&
        Array.isArray((v as Record<string, unknown>).values) &&
        Array.isArray((v as Record<string, unknown>).steps),
    )
  );
}

function describeText(head: string): string {
  const first = firstLines(head, true, 1)[0] ?? '';
  return `text starting ${JSON.stringify(first.trim().slice(0, 40))}`;
}

/**
 * The first `limit` lines that are neither blank nor `#` comments, read line by line (a 64 KiB head is
 * not split whole for 50 lines). `\r\n` ends a line like `\n`; the text after the last line end counts
 * only when the head is the whole file (else it may be cut).
 */
function firstLines(head: string, whole: boolean, limit: number, comments = false): string[] {
  const out: string[] = [];
  let start = 0;
  while (out.length < limit && start <= head.length) {
    const end = head.indexOf('\n', start);
    if (end === -1 && !whole) break;
    let line = head.slice(start, end === -1 ? head.length : end);
    if (end !== -1 && line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() !== '' && !(comments && line.startsWith('#'))) out.push(line);
    if (end === -1) break;
    start = end + 1;
  }
  return out;
}

const DELIMITERS = [',', '\t', ';', '|'];
/** A column name: short, no markup. */
const NAME = /^[^<>{}\n]{1,100}$/;
/** A timestamp or a logger's `][` between fields: a line of a text log. */
const LOG_LINE = /\d{4}-\d\d-\d\d[ T]\d\d:\d\d|\d\d:\d\d:\d\d|\]\s*\[/;

/**
 * The shape of a delimited table from its first lines: the delimiter that splits every line (quotes
 * respected) into the same number of fields, more than one, with a number among its rows; a run of spaces
 * when none does. The first row is a header unless every cell of it is a number (d3rlpy writes
 * `epoch,step,value` rows, no header).
 */
export function sniffTable(head: string, whole: boolean): TableShape | null {
  // the last line may be cut by the head's end
  const lines = firstLines(head, whole, 50, true);
  if (lines.length === 0) return null;
  const sample = lines.join('\n');
  let best: TableShape | null = null;
  for (const delimiter of DELIMITERS) {
    if (!lines[0]?.includes(delimiter)) continue;
    const rows = Papa.parse<string[]>(sample, { delimiter, newline: '\n' }).data.filter((r) => r.length > 0);
    const fields = rows[0]?.length ?? 0;
    if (fields < 2) continue;
    // most lines have the first line's width (a damaged row is reported when read)
    const rest = rows.slice(1);
    const same = rest.filter((r) => r.length === fields).length;
    if (rest.length > 0 && same * 2 < rest.length) continue;
    // a log of messages (`12:00:01 | INFO | …`) splits evenly too: a table of metrics holds numbers
    if (rest.length > 0 && !rest.some((row) => row.some(isNumber))) continue;
    // a header with no row yet (a log just opened) is names, never prose or markup
    if (rest.length === 0 && !(rows[0] as string[]).every((cell) => NAME.test(cell.trim()))) continue;
    // nor a logger's line (`[2024-01-01 12:00:00,000][__main__][INFO] - training`): names carry no clock
    if (rest.length === 0 && LOG_LINE.test(lines[0] as string)) continue;
    if (!best || fields > best.fields)
      best = { delimiter, header: headerOf(rows[0] as string[], lines), fields };
  }
  if (best) return best;
  // one column: a header cell, then numbers
  const single = Papa.parse<string[]>(sample, { delimiter: ',', newline: '\n' }).data.filter(
    (r) => r.length > 0,
  );
  if (
    single.length > 1 &&
    single.every((r) => r.length === 1) &&
    single.slice(1).every((r) => isNumber(r[0] as string))
  )
    return { delimiter: ',', header: headerOf(single[0] as string[], lines), fields: 1 };
  const split = lines.map((l) => l.trim().split(/\s+/));
  const fields = split[0]?.length ?? 0;
  // whitespace columns only when every line is numbers after a possible header
  if (
    fields >= 2 &&
    split.every((r) => r.length === fields) &&
    split.slice(1).every((r) => r.every(isNumber)) &&
    split.length > 1
  )
    return { delimiter: ' ', header: headerOf(split[0] as string[], lines), fields };
  return null;
}

const isNumber = (cell: string): boolean => {
  const value = cellNumber(cell);
  return value !== undefined && cell.trim() !== '';
};

/**
 * The first row is a header unless every cell of it is a number; numbers quoted on the first line only
 * (`"0","1"` over unquoted data, as csv writers quote names) are names too.
 */
function headerOf(first: string[], lines: string[]): string[] | null {
  const quotedNames = (lines[0] ?? '').includes('"') && !(lines[1] ?? '').includes('"');
  // names of their own: a slice would keep the file's first 64 KiB alive as long as the shape lives
  return first.every(isNumber) && !quotedNames ? null : first.map((c) => ownString(c.trim()));
}
