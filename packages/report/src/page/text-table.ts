/** A plain aligned table for data that is already formatted: text left-aligned, numbers right-aligned. */
export function renderTextTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const numeric = header.map((_, column) =>
    rows.every((row) => {
      const cell = row[column] ?? '';
      return cell === '' || /^[-+]?[\d.[\], +-]*(e[-+]?\d+)?$|^[-+]?(nan|inf)$/i.test(cell);
    }),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return column > 0 && numeric[column] ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
