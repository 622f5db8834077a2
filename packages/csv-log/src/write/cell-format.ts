// Turning values into CSV text. Not csv-stringify: a row is only a join of a few cells, and a
// writer's cells must be checked one by one anyway (the error names the column).

const NEEDS_QUOTES = /[",\r\n]/;

/** Shortest text that reads back to the same double; Python's spellings for the non-finite values. */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Number.POSITIVE_INFINITY) return 'inf';
  if (value === Number.NEGATIVE_INFINITY) return '-inf';
  if (value === 0 && 1 / value < 0) return '-0';
  return String(value);
}

/** RFC 4180: quote text holding a comma, quote, CR or LF, doubling inner quotes. */
export function quoteCsv(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One cell's text. Throws a TypeError naming the column for a value no CSV cell can hold. */
export function formatCell(value: unknown, column: string): string {
  switch (typeof value) {
    case 'number':
      return formatNumber(value);
    case 'string':
      return quoteCsv(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return '';
    default:
      if (value === null) return '';
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new TypeError(`column "${column}": the Date is invalid`);
        return value.toISOString();
      }
      throw new TypeError(
        `column "${column}": cannot write ${describe(value)}; expected a number, string, boolean, Date, null or undefined`,
      );
  }
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return `the bigint ${value}n`;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value)})`;
  return `a ${typeof value}`;
}

/** The header line's cells (quoted when needed), without the line end. */
export function formatHeader(columns: readonly string[]): string {
  return columns.map(quoteCsv).join(',');
}
