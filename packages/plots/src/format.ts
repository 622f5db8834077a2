// Log-axis labels and the values of legends and notes (linear axes: tick-labels.ts, shared with the page).

const MINUS = '\u2212';

function sign(value: number, text: string): string {
  return value < 0 ? MINUS + text : text;
}

/** 0.0001 → "1e-4", 0.00025 → "2.5e-4". */
export function exponential(value: number): string {
  const [mantissa = '', exponent = '0'] = value.toExponential().split('e');
  // toExponential gives the shortest digits that read back; strip the "+" of positive exponents
  return `${mantissa}e${Number(exponent)}`;
}

/**
 * Labels for the ticks of one log axis: plain (0.01 … 1000) when every tick fits that range, else
 * exponent notation for all of them (1e-7 … 1e-1, 1, 1e1), so one axis never mixes 0.01 with 1e-3.
 */
export function logTickFormat(ticks: readonly number[]): (value: number) => string {
  const plain = ticks.every((v) => v === 0 || (Math.abs(v) >= 1e-2 && Math.abs(v) < 1e4));
  return (value) => {
    if (value === 0) return '0';
    const a = Math.abs(value);
    return sign(value, plain || a === 1 ? String(a) : exponential(a));
  };
}

/** A value as the legend or an annotation shows it: 3 significant digits, compact. */
export function formatValue(value: number, options: { signed?: boolean; digits?: number } = {}): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : `${MINUS}∞`;
  const digits = options.digits ?? 2;
  const a = Math.abs(value);
  let text: string;
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) text = exponential(Number(a.toPrecision(3)));
  else if (a >= 1e4) text = `${Number((a / 1e3).toPrecision(3))}k`;
  else text = a.toFixed(a >= 100 ? 0 : digits);
  if (Number(text) === 0 && !/e/.test(text)) return options.signed ? `±${text}` : text;
  if (value < 0) return MINUS + text;
  return options.signed ? `+${text}` : text;
}
