/**
 * Numbers and booleans written the way the reference Python trainer writes them
 * (`str(round(x, 4))`, `str(True)`), so our sample_trajectories.md matches its text.
 */

/** Python's `repr(float)`: shortest round-trip digits, always a decimal point or exponent. */
export function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (Object.is(value, -0)) return '-0.0';
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e16)) {
    // Python: 1e-05, 1.5e+16 (two-digit exponent at least); JS: 1e-5, 1.5e+16.
    const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
    const sign = exponent.startsWith('-') ? '-' : '+';
    const digits = exponent.replace(/^[+-]/, '').padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  const text = String(value);
  return Number.isInteger(value) ? `${text}.0` : text;
}

/** Python's `round(x, digits)`: correctly rounded, exact ties to even. */
export function pythonRound(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** digits;
  const scaled = value * scale;
  const floor = Math.floor(scaled);
  // An exact tie (only possible when value·10^digits is exactly representable): round half to even.
  if (scaled - floor === 0.5 && scaled / scale === value) {
    const even = floor % 2 === 0 ? floor : floor + 1;
    return even / scale;
  }
  // toFixed rounds the exact binary value, as Python does, away from ties.
  const rounded = Number(value.toFixed(digits));
  return rounded === 0 && value < 0 ? -0 : rounded;
}

/** `str(value)` for the JSON values an episode holds. */
export function pythonText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pythonFloat(value);
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
