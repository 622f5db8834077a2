/**
 * One table line from a row object: a function generated once per column list.
 *
 * Why generated code (as csv-log's row formatter, pino and fast-json-stringify do): in a loop over the
 * columns, `cells[column.key]` is a megamorphic property read and `column.format(value)` a call whose
 * target changes every cell, so neither is inlined. Here each column is a constant-name read
 * (`cells["loss"]`, inline-cached) passed to its own formatter parameter (`f1(...)`, a monomorphic call),
 * and the line is one concatenation
 * (the separator travels with each cell's padding). Keys enter the code only as JSON string literals.
 */
export type RowRenderer = (cells: Record<string, unknown>) => string;

/**
 * @param fits column i's fit turns its formatted text into its padded cell, with the separator before it
 *   (and grows the column); `isNumber` says the value was a number, whose text is printable ASCII for
 *   most specs (see StepTable), so its display width is its length. One closure per column, so each call
 *   site has one target.
 */
export function compileRowRenderer(
  keys: readonly string[],
  formatters: readonly ((value: unknown) => string)[],
  fits: readonly ((text: string, isNumber: boolean) => string)[],
): RowRenderer {
  const params = [...formatters.map((_, i) => `f${i}`), ...fits.map((_, i) => `fit${i}`)];
  const cells = keys.map(
    (key, i) => `fit${i}(f${i}((v = cells[${JSON.stringify(key)}])), typeof v === 'number')`,
  );
  const body = `return function renderRow(cells) {\n  let v;\n  let line = ${cells.join(';\n  line += ')};\n  return line;\n};`;
  return new Function(...params, body)(...formatters, ...fits) as RowRenderer;
}
