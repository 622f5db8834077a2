// Compact tick labels: 12k, 1.5M, 1e-4, −0.5. One precision per axis, taken from the tick step, so a
// column of labels lines up (0.0, 0.5, 1.0).

const MINUS = '\u2212';
const SUFFIXES: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** Decimal places needed to write multiples of `step` exactly (step is a round tick step). */
function decimalsOf(step: number): number {
  if (!(step > 0) || !Number.isFinite(step)) return 0;
  const text = step.toExponential(); // e.g. "2.5e-3"
  const [mantissa = '', exponent = '0'] = text.split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

function sign(value: number, text: string): string {
  return value < 0 ? MINUS + text : text;
}

/** A formatter for the ticks of one linear axis whose ticks are `step` apart. */
export function linearTickFormat(ticks: readonly number[], step: number): (value: number) => string {
  const largest = Math.max(0, ...ticks.map(Math.abs));
  // 1200 stays 1200, 12000 becomes 12k; 1.5M rather than 1500k
  const scaled = SUFFIXES.find(([unit]) => largest >= (unit === 1e3 ? 1e4 : unit));
  if (scaled) {
    const [unit, suffix] = scaled;
    const decimals = decimalsOf(step / unit);
    return (v) => (v === 0 ? '0' : sign(v, (Math.abs(v) / unit).toFixed(decimals) + suffix));
  }
  if (largest > 0 && largest < 1e-3) {
    // tiny values: exponent notation, mantissa as short as the step allows
    return (v) => (v === 0 ? '0' : sign(v, exponential(Math.abs(v))));
  }
  const decimals = decimalsOf(step);
  return (v) => {
    const text = Math.abs(v).toFixed(decimals);
    return Number(text) === 0 ? (0).toFixed(decimals) : sign(v, text);
  };
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
