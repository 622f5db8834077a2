// Axis labels, one function for the PNG and SVG (scale.ts) and the page (its chart module bundles this
// file): one SI prefix per axis, from its largest tick (0 5k 10k, never 0 5000 10k), exponents for small
// values (3e-4, 1e-5), and just enough significant digits that every tick reads differently. Pure and
// dependency-free, so the browser bundle can take it.

const PREFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'];

/** The SI prefix power (0: none, 1: k, 2: M…) of numbers of magnitude `size`: k from 10,000 on, exponents from 1e21. */
export function prefixPower(size: number): number {
  return size < 1e4 || size >= 1e21 || !Number.isFinite(size)
    ? 0
    : Math.min(PREFIXES.length - 1, Math.floor(Math.log10(size) / 3));
}

/**
 * `value` with `digits` significant digits, in the notation its magnitude calls for; `power` (the axis's
 * SI prefix, see {@link prefixPower}) writes it with that prefix, so a 10k axis reads 0 5k 10k.
 */
export function shortNumber(value: number, digits: number, power?: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const rounded = Number(value.toPrecision(digits));
  const size = Math.abs(rounded);
  if (size === 0) return '0';
  const unit = power ?? prefixPower(size);
  if (unit === 0 && (size < 1e-3 || size >= 1e21)) {
    const [mantissa, exponent] = rounded.toExponential().split('e') as [string, string];
    return `${mantissa}e${exponent.replace('+', '')}`;
  }
  if (unit === 0) return String(rounded);
  // the scaled mantissa is rounded again: 2_500_000 / 1e6 must print 2.5, not 2.4999999999999996
  const scaled = Number((rounded / 10 ** (3 * unit)).toPrecision(digits));
  return `${scaled}${PREFIXES[unit]}`;
}

/** The smallest gap between two different ticks (0 with fewer than two). */
function smallestGap(values: readonly number[]): number {
  const sorted = [...new Set(values.filter((v) => Number.isFinite(v)))].sort((a, b) => a - b);
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < sorted.length; i++)
    gap = Math.min(gap, (sorted[i] as number) - (sorted[i - 1] as number));
  return Number.isFinite(gap) ? gap : 0;
}

/**
 * Labels for the ticks `values` of one linear axis: one SI prefix for the axis (from its largest tick),
 * and the fewest significant digits (1 to 17) at which every label says its tick's value (within a
 * thousandth of the ticks' spacing: 2.5M stays 2.5M, never 3M), so ticks of different values always
 * read differently.
 */
export function tickLabels(values: readonly number[]): string[] {
  const gap = smallestGap(values);
  const distinct = new Set(values).size;
  let largest = 0;
  for (const v of values) if (Number.isFinite(v)) largest = Math.max(largest, Math.abs(v));
  const power = prefixPower(largest);
  for (let digits = 1; digits < 17; digits++) {
    const exact = values.every((v) => {
      if (!Number.isFinite(v)) return true;
      const rounded = Number(v.toPrecision(digits));
      return Math.abs(rounded - v) <= Math.max(gap * 1e-3, Math.abs(v) * 4 * Number.EPSILON);
    });
    if (!exact) continue;
    const labels = values.map((v) => shortNumber(v, digits, power));
    // ticks a few doubles apart (1e-4 steps at 2.5e11) pass the tolerance above while still sharing a label
    if (new Set(labels).size === distinct) return labels;
  }
  // ticks a double or two apart: only the shortest text that reads back to each double tells them apart
  return values.map((v) => (Number.isFinite(v) ? String(v).replace('e+', 'e') : shortNumber(v, 17)));
}
