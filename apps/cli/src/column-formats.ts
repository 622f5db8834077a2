import type { ColumnSpec } from '@evidence/step-table';

type Value = number | boolean | string | null;

const SCIENTIFIC_NAMES = /(^|_)(lr|learning_rate|eps|epsilon)$/i;

/**
 * A format for each column from its name and the first rows: columns of whole numbers as integers, learning rates
 * and very small or very large magnitudes in scientific notation, rates and losses with 4 decimals, text
 * as text. Chosen once, so a followed table keeps its columns still.
 */
export function chooseColumns(
  header: readonly string[],
  sample: readonly (readonly Value[])[],
  /** Display width of a text as the table shows it (escaped control characters, wide characters). */
  widthOf: (text: string) => number = (text) => text.length,
): ColumnSpec[] {
  return header.map((key, column) => {
    const values = sample.map((row) => row[column] ?? null);
    const format = chooseFormat(key, values);
    const width = Math.max(
      key.length,
      format === undefined ? textWidth(values, widthOf) : numberWidth(format, values),
    );
    return format === undefined ? { key, width, align: 'left' } : { key, width, format };
  });
}

export function chooseFormat(key: string, values: readonly Value[]): string | undefined {
  const numbers = values.filter((value): value is number => typeof value === 'number');
  const texts = values.filter((value) => typeof value === 'string');
  if (texts.length > 0 || (numbers.length === 0 && values.some((value) => typeof value === 'boolean')))
    return undefined;
  const finite = numbers.filter(Number.isFinite);
  if (finite.length > 0 && finite.every((value) => Number.isInteger(value) && Math.abs(value) < 1e15)) {
    return 'd';
  }
  if (SCIENTIFIC_NAMES.test(key)) return '.2e';
  const magnitudes = finite.filter((value) => value !== 0).map(Math.abs);
  const largest = largestOf(magnitudes);
  if (magnitudes.length > 0 && (largest >= 1e6 || largest < 1e-3)) return '.3e';
  return '.4f';
}

/** Width for the longest value seen so far, plus room for a sign and one more digit as the run goes on. */
function numberWidth(format: string, values: readonly Value[]): number {
  const finite = values.filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value),
  );
  const largest = finite.length === 0 ? 0 : largestOf(finite.map(Math.abs));
  const intDigits = largest < 1 ? 1 : Math.floor(Math.log10(largest)) + 1;
  if (format === 'd') return Math.max(intDigits + 1, 5);
  if (format.endsWith('e')) return 10;
  return intDigits + 7;
}

function textWidth(values: readonly Value[], widthOf: (text: string) => number): number {
  return Math.min(32, Math.max(5, ...values.map((value) => widthOf(String(value ?? '')))));
}

/** The largest value, by a loop: `Math.max(...values)` overflows the stack past ~125,000 values. */
function largestOf(values: readonly number[]): number {
  let largest = Number.NEGATIVE_INFINITY;
  for (const value of values) if (value > largest) largest = value;
  return largest;
}
