/**
 * One table line from a row object: a function generated once per column list.
 *
 * Why generated code (as csv-log's row formatter, pino and fast-json-stringify do): in a loop over the
 * columns, `cells[column.key]` is a megamorphic property read and `column.append(...)` a call whose
 * target changes every cell, so neither is inlined. Here each column is a constant-name read
 * (`cells["loss"]`, inline-cached) passed to its own appender parameter (`a1(...)`, a monomorphic call)
 * that appends the cell (separator, padding, text) to the line. Keys enter the code only as JSON string
 * literals.
 */
import type { CellAppender } from './cell-appender';

export type RowRenderer = (cells: Record<string, unknown>) => string;

export function compileRowRenderer(keys: readonly string[], appenders: readonly CellAppender[]): RowRenderer {
  const params = appenders.map((_, i) => `a${i}`);
  const cells = keys.map((key, i) => `line = a${i}(line, cells[${JSON.stringify(key)}]);`);
  const body = `return function renderRow(cells) {\n  let line = '';\n  ${cells.join('\n  ')}\n  return line;\n};`;
  return new Function(...params, body)(...appenders) as RowRenderer;
}
