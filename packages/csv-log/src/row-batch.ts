import { formatCell, formatNumber, quoteCsv } from './cell-format.js';
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

/** The CSV text of a batch's rows: byte for byte what the row formatter writes for the same rows. */
export function formatBatch(batch: RowBatch, width: number, eol: string): string {
  const { numbers, tags, texts, rows } = batch;
  let out = '';
  let slot = 0;
  let text = 0;
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < width; c++, slot++) {
      if (c > 0) line += ',';
      switch (tags[slot]) {
        case Tag.Number:
          line += formatNumber(numbers[slot] as number);
          break;
        case Tag.String:
          line += quoteCsv(texts[text++] as string);
          break;
        case Tag.Text:
          line += texts[text++] as string;
          break;
        case Tag.True:
          line += 'true';
          break;
        case Tag.False:
          line += 'false';
          break;
      }
    }
    // A single empty cell would be a blank line, which readers skip: written as "" (as the row formatter does).
    out += (width === 1 && line === '' ? '""' : line) + eol;
  }
  return out;
}
