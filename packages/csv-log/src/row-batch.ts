import type { ByteBuffer } from './byte-buffer.js';
import { formatCell, quoteCsv } from './cell-format.js';
import { writeNumberAscii } from './number-ascii.js';
import { NUMBER_CELL_BYTES } from './row-format.js';
import type { Cell } from './types.js';

// Rows stored for formatting on another thread: a number per cell in a Float64Array (row-major, one
// slot per column), a tag per cell in a Uint8Array, and the cells that are text in a side list in
// cell order. The two typed arrays travel to the format worker and back by transfer, never copied.

/** What a cell slot holds. String: raw text, quoted when formatted; Text: final cell text (a Date's ISO text). */
export const Tag = { Number: 0, Missing: 1, String: 2, True: 3, False: 4, Text: 5 } as const;
type Tag = (typeof Tag)[keyof typeof Tag];

export interface RowBatch {
  numbers: Float64Array;
  tags: Uint8Array;
  texts: string[];
  rows: number;
}

export function newRowBatch(capacity: number, width: number): RowBatch {
  return {
    numbers: new Float64Array(capacity * width),
    tags: new Uint8Array(capacity * width),
    texts: [],
    rows: 0,
  };
}

/**
 * Stores one row at `batch.rows` (without counting it: the caller does, once the whole row passed).
 * Same checks as the row formatter: `unknown(key)` for a key that is not a column, a TypeError naming
 * the column for a value no cell can hold. On a throw, texts pushed for the row must be dropped.
 */
export type RowEncoder = (
  row: Record<string, Cell>,
  wallTime: () => number,
  unknown: (key: string) => void,
  batch: RowBatch,
) => void;

/**
 * Compiled once per writer, like compileRowFormatter (see there why): a `switch` over the column
 * names for the key check, a constant-name read per column, a number stored without any formatting.
 */
export function compileRowEncoder(columns: readonly string[], wallTimeIndex: number): RowEncoder {
  const names = columns.map((name) => JSON.stringify(name));
  const width = columns.length;
  const stores = names.map((name, i) => {
    const read = `row[${name}]`;
    const value = i === wallTimeIndex ? `(${read} === undefined ? wallTime() : ${read})` : read;
    return `  v = ${value};
  if (typeof v === 'number') { numbers[base + ${i}] = v; tags[base + ${i}] = 0; }
  else tags[base + ${i}] = other(v, ${i}, texts);`;
  });
  const body = `return function encodeRow(row, wallTime, unknown, batch) {
  for (const key in row) {
    switch (key) {
      case ${names.join(': case ')}: break;
      default: unknown(key);
    }
  }
  const numbers = batch.numbers, tags = batch.tags, texts = batch.texts, base = batch.rows * ${width};
  let v;
${stores.join('\n')}
};`;
  const other = (value: Cell, index: number, texts: string[]): Tag => {
    switch (typeof value) {
      case 'string':
        texts.push(value);
        return Tag.String;
      case 'boolean':
        return value ? Tag.True : Tag.False;
      case 'undefined':
        return Tag.Missing;
      default:
        if (value === null) return Tag.Missing;
        // a Date's ISO text, or the TypeError naming the column that the row formatter throws
        texts.push(formatCell(value, columns[index] as string));
        return Tag.Text;
    }
  };
  return new Function('other', body)(other) as RowEncoder;
}

/** Appends the CSV lines of a batch's rows to `out`: byte for byte what the row formatter writes. */
export function formatBatch(batch: RowBatch, width: number, eol: string, out: ByteBuffer): void {
  const { numbers, tags, texts, rows } = batch;
  const reserve = width * NUMBER_CELL_BYTES + eol.length + 2;
  const eol0 = eol.charCodeAt(0);
  const eol1 = eol.length > 1 ? eol.charCodeAt(1) : -1;
  let slot = 0;
  let text = 0;
  for (let r = 0; r < rows; r++) {
    out.reserve(reserve);
    let bytes = out.bytes;
    let at = out.length;
    const start = at;
    for (let c = 0; c < width; c++, slot++) {
      if (c > 0) bytes[at++] = 44; // ,
      const tag = tags[slot];
      if (tag === Tag.Number) at = writeNumberAscii(bytes, at, numbers[slot] as number);
      else if (tag !== Tag.Missing) {
        out.length = at;
        if (tag === Tag.String) out.writeText(quoteCsv(texts[text++] as string));
        else if (tag === Tag.Text) out.writeText(texts[text++] as string);
        else out.writeText(tag === Tag.True ? 'true' : 'false');
        out.reserve(reserve);
        bytes = out.bytes;
        at = out.length;
      }
    }
    // A single empty cell would be a blank line, which readers skip: written as "" (as the row formatter does).
    if (at === start) {
      bytes[at++] = 34;
      bytes[at++] = 34;
    }
    bytes[at++] = eol0;
    if (eol1 >= 0) bytes[at++] = eol1;
    out.length = at;
  }
}
