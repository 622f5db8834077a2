/** The one number format of every page and Markdown file of the report. */
import { capText } from '../cap-text.js';

/** Four significant digits, no exponent for everyday magnitudes; '—' for missing values. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  if (value !== 0 && (Math.abs(value) >= 1e6 || Math.abs(value) < 1e-3)) return value.toExponential(3);
  return String(Number(value.toPrecision(4)));
}

/** " [lo, hi]" after a value, or nothing without an interval. */
export const formatInterval = (ci: [number, number] | null): string =>
  ci ? ` [${formatNumber(ci[0])}, ${formatNumber(ci[1])}]` : '';

export const formatSigned = (value: number): string =>
  value > 0 ? `+${formatNumber(value)}` : formatNumber(value);

/** A step's other fields as `key value` text (numbers to 4 significant digits), capped. */
export function stepDetails(details: readonly [string, unknown][]): string {
  return capText(
    details
      .map(([key, value]) => {
        const shown =
          typeof value === 'number'
            ? formatNumber(value)
            : Array.isArray(value) && value.every((v) => typeof v === 'number')
              ? `[${value.map((v) => formatNumber(v as number)).join(', ')}]`
              : typeof value === 'string'
                ? value
                : JSON.stringify(value);
        return `${key} ${shown}`;
      })
      .join(', '),
  );
}

/** "1 step", "2 steps". */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;
