// Computed numbers (a group's mean and band on its grid) printed with the digits a chart can show, not
// the 17 of a double: at 17 digits 40 groups' aggregates weigh 0.3 MB of a sweep's page.

/** The smallest and largest finite value of every list, or null when there is none. */
export function extent(lists: readonly ArrayLike<number>[]): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const list of lists)
    for (let i = 0; i < list.length; i++) {
      const v = list[i] as number;
      if (!Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  return lo <= hi ? [lo, hi] : null;
}

/**
 * Rounds each value to the finer of two places: a millionth of `span` (the values' range on the chart: a
 * thousandth of a pixel at the widest chart, under a pixel zoomed in 1,000 times; values far from zero
 * that vary little, a timestamp or a counter, keep their variation) and 6 significant digits of the value
 * itself (a small positive value stays positive and readable on a log scale). Non-finite values pass.
 */
export function roundToSpan(span: number): (value: number) => number {
  const spanPlace = span > 0 && Number.isFinite(span) ? exponent(span / 1e6) : Number.POSITIVE_INFINITY;
  return (v) => {
    if (!Number.isFinite(v) || v === 0) return v;
    const digits = Math.max(6, exponent(v) - spanPlace + 1);
    return digits >= 17 ? v : Number(v.toPrecision(digits));
  };
}

/** The decimal exponent of a finite non-zero number, exactly (Math.log10 can miss it by one near powers of 10). */
const exponent = (v: number): number => Number(v.toExponential().split('e')[1]);
