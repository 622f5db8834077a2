import type { ByteBuffer } from './byte-buffer.js';
import { formatCell } from './cell-format.js';
import { writeNumberAscii } from './number-ascii.js';
import type { Cell } from './types.js';

/**
 * Appends one row object to `out` as one CSV line with its line end. `wallTime()` fills an absent
 * wall-time column; `unknown(key)` is called for a key that is not a column. On a throw (a value no
 * cell can hold), `out` may hold part of the row: the caller truncates it back.
 */
export type RowFormatter = (
  row: Record<string, Cell>,
  wallTime: () => number,
  unknown: (key: string) => void,
  out: ByteBuffer,
) => void;

/** Bytes a number cell can take at most ("-2.2250738585072014e-308" has 24), with its comma. */
export const NUMBER_CELL_BYTES = 32;

/**
 * Compiles, once per writer, a function that checks the row's keys against the columns with a
 * `switch`, reads each column by its constant name and writes the cells straight into bytes.
 * Why generated code (as pino and fast-json-stringify do): `row[name]` in a loop over the columns is
 * a megamorphic property read and `set.has(key)` a hash lookup, per cell; `row["loss"]` is an
 * inline-cached load and a `switch` over constant names compares interned pointers. Why bytes: a
 * number's text written by writeNumberAscii never becomes a string, to be concatenated and then
 * encoded again on write (together about half of an append's time, bench/run.ts).
 * Column names and the line end enter the code only as JSON string literals.
 */
export function compileRowFormatter(
  columns: readonly string[],
  wallTimeIndex: number,
  eol: string,
): RowFormatter {
  const names = columns.map((name) => JSON.stringify(name));
  // room for every cell as a number; a text cell reserves this again after itself
  const reserve = columns.length * NUMBER_CELL_BYTES + eol.length + 2;
  const cells = names.map((name, i) => {
    const read = `row[${name}]`;
    const value = i === wallTimeIndex ? `(${read} === undefined ? wallTime() : ${read})` : read;
    return `  v = ${value};
  if (typeof v === 'number') at = number(bytes, at, v);
  else { out.length = at; other(v, ${i}, out); bytes = out.bytes; at = out.length; }`;
  });
  const eolBytes = [...eol].map((c) => `  bytes[at++] = ${c.charCodeAt(0)};`).join('\n');
  // A single empty cell would be a blank line, which readers skip: write it as "".
  const emptyLine =
    columns.length === 1 ? '  if (at === start) { bytes[at++] = 34; bytes[at++] = 34; }\n' : '';
  const body = `return function formatRow(row, wallTime, unknown, out) {
  for (const key in row) {
    switch (key) {
      case ${names.join(': case ')}: break;
      default: unknown(key);
    }
  }
  out.reserve(${reserve});
  let bytes = out.bytes, at = out.length, v;
  const start = at;
${cells.join('\n  bytes[at++] = 44;\n')}
${emptyLine}${eolBytes}
  out.length = at;
};`;
  const other = (value: Cell, index: number, out: ByteBuffer): void => {
    if (value !== undefined && value !== null) out.writeText(formatCell(value, columns[index] as string));
    out.reserve(reserve);
  };
  return new Function('number', 'other', body)(writeNumberAscii, other) as RowFormatter;
}
