/**
 * `formatValue(value, spec)`: Python's `format(value, spec)` for the values a training loop logs.
 *
 * How JS values map to Python's types:
 * - `bigint` is a Python int.
 * - A `number` is a Python int when it is integral and the type asks for an int: `d b o x X c` (any
 *   integral number), or `n` / no type without a precision (safe integers, not -0). So `formatValue(3, '')`
 *   is `'3'` like `format(3, '')`, and `formatValue(0.5, '')` is `'0.5'`; `formatValue(3, '.2f')` is
 *   `'3.00'`. Every other number is a Python float (`formatValue(-0, '')` is `'-0.0'`).
 * - `boolean` is Python's bool: `'True'`/`'False'` with the empty spec, else the int 1/0.
 * - `string` is a Python str.
 * - `null`, `undefined` and `NaN` (a missing value) print `nan` whatever the spec, padded with its fill,
 *   alignment and width only: no sign, no `%`, no upper case (Python prints `+nan`, `nan%`, `NAN`, and
 *   `00000nan` for `08.2f`). ±Infinity print `inf`/`-inf` as Python does, sign included. No warning:
 *   both are expected in logs.
 * - `[numerator, denominator]` with the type `frac` prints `n/d`.
 * Where Python would raise, we print a safe general form (the value with the spec's fill, alignment
 * and width only) and warn once per spec.
 */
import { floatSpecProblem, formatFloat } from './float.js';
import { formatInt, INT_TYPES, intSpecProblem } from './int.js';
import { repeatFill } from './layout.js';
import { type FormatSpec, FormatSpecError, parseFormatSpec } from './spec.js';
import { warnOnce } from './warnings.js';

const FLOAT_TYPES = 'eEfFgGn%';

const specCache = new Map<string, FormatSpec | FormatSpecError>();

/** A parsed spec, cached; invalid specs are cached as their error. */
export function cachedSpec(spec: string): FormatSpec | FormatSpecError {
  let parsed = specCache.get(spec);
  if (parsed === undefined) {
    try {
      parsed = parseFormatSpec(spec);
    } catch (error) {
      if (!(error instanceof FormatSpecError)) throw error;
      parsed = error;
    }
    if (specCache.size > 10_000) specCache.clear();
    specCache.set(spec, parsed);
  }
  return parsed;
}

/** Formats `value` as Python's `format(value, spec)` does (see the module comment for the mapping). */
export function formatValue(value: unknown, spec: string): string {
  const parsed = cachedSpec(spec);
  if (parsed instanceof FormatSpecError) {
    warnOnce(`invalid|${spec}`, `${parsed.message}; printing values unformatted.`);
    return plain(value);
  }
  return formatWithSpec(value, parsed);
}

/** Formats with an already parsed spec. */
export function formatWithSpec(value: unknown, spec: FormatSpec): string {
  switch (typeof value) {
    case 'number':
      return formatNumber(value, spec);
    case 'bigint':
      return formatBigint(value, spec);
    case 'string':
      return formatString(value, spec);
    case 'boolean':
      return spec.source === '' ? (value ? 'True' : 'False') : formatBigint(value ? 1n : 0n, spec);
    case 'undefined':
      return missing(spec);
    default:
      if (value === null) return missing(spec);
      if (spec.type === 'frac' && Array.isArray(value) && value.length === 2) return formatFrac(value, spec);
      return fallback(
        value,
        spec,
        `Python's format() has no spec ${JSON.stringify(spec.source)} for this value`,
      );
  }
}

function formatNumber(x: number, spec: FormatSpec): string {
  const type = spec.type;
  if (Number.isNaN(x)) return missing(spec);
  if (x - x !== 0) {
    // ±Infinity: Python's float spelling, under any type.
    return formatFloat(x, FLOAT_TYPES.includes(type) ? spec : asGeneral(spec));
  }
  if (type === 'frac') return fallback(x, spec, "'frac' expects a [numerator, denominator] pair");
  if (Number.isInteger(x) && spec.precision < 0) {
    if (type === '' || type === 'n') {
      // 'z' only makes sense for floats, so a spec with it treats every number as a float.
      if (!spec.noNegZero && Number.isSafeInteger(x) && !Object.is(x, -0)) return formatInt(x, spec);
    } else if (INT_TYPES.includes(type)) {
      const big = BigInt(x);
      const problem = intSpecProblem(big, spec);
      if (problem !== null) return fallback(x, spec, problem);
      return formatInt(Number.isSafeInteger(x) ? x : big, spec);
    }
  }
  if (type === 'n' || type === '' || !INT_TYPES.includes(type)) {
    const problem = floatSpecProblem(spec);
    if (problem === null) return formatFloat(x, spec);
    return fallback(x, spec, problem);
  }
  if (spec.precision >= 0 && Number.isInteger(x)) {
    return fallback(x, spec, 'Precision not allowed in integer format specifier');
  }
  return fallback(x, spec, `Unknown format code '${type}' for object of type 'float'`);
}

function formatBigint(x: bigint, spec: FormatSpec): string {
  const type = spec.type;
  if (type === '' || INT_TYPES.includes(type)) {
    const problem = intSpecProblem(x, spec);
    if (problem !== null) return fallback(x, spec, problem);
    return formatInt(x, spec);
  }
  const asFloat = Number(x);
  if (!Number.isFinite(asFloat)) return fallback(x, spec, 'int too large to convert to float');
  return formatNumber(asFloat, spec);
}

function stringProblem(spec: FormatSpec): string | null {
  if (spec.type !== '' && spec.type !== 's')
    return `Unknown format code '${spec.type}' for object of type 'str'`;
  if (spec.sign !== null) return 'Sign not allowed in string format specifier';
  if (spec.alternate) return 'Alternate form (#) not allowed in string format specifier';
  if (spec.noNegZero) return 'Negative zero coercion (z) not allowed in format specifier';
  if (spec.align === '=') return "'=' alignment not allowed in string format specifier";
  if (spec.grouping !== null) return `Cannot specify '${spec.grouping}' with 's'.`;
  return null;
}

function formatString(text: string, spec: FormatSpec): string {
  const problem = stringProblem(spec);
  if (problem !== null) return fallback(text, spec, problem);
  return padText(text, spec, '<', spec.precision);
}

/** Python's `format_string_internal`: truncate to the precision, pad to the width (code points). */
function padText(text: string, spec: FormatSpec, defaultAlign: '<' | '>', precision: number): string {
  let s = text;
  let length = s.length;
  if (hasSurrogates(s)) {
    const points = Array.from(s);
    if (precision >= 0 && points.length > precision) points.length = precision;
    s = points.join('');
    length = points.length;
  } else if (precision >= 0 && length > precision) {
    s = s.slice(0, precision);
    length = precision;
  }
  const padding = spec.width - length;
  if (padding <= 0) return s;
  const align = spec.align === null || spec.align === '=' ? defaultAlign : spec.align;
  if (align === '<') return s + repeatFill(spec.fill, padding);
  if (align === '>') return repeatFill(spec.fill, padding) + s;
  const left = padding >> 1;
  return repeatFill(spec.fill, left) + s + repeatFill(spec.fill, padding - left);
}

function hasSurrogates(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

function formatFrac(pair: unknown[], spec: FormatSpec): string {
  const a = fracPart(pair[0]);
  const b = fracPart(pair[1]);
  if (a === null || b === null) return fallback(pair, spec, "'frac' expects a pair of numbers");
  const text = a + '/' + b;
  return spec.width <= text.length ? text : padText(text, spec, '>', -1);
}

/** One side of a fraction as Python's str() prints it; null when it is not a number. */
function fracPart(v: unknown): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && !Object.is(v, -0)) return String(v);
  if (typeof v === 'number' || typeof v === 'bigint' || v === null || v === undefined) {
    return formatWithSpec(v, GENERAL);
  }
  return null;
}

const GENERAL = parseFormatSpec('');

/**
 * A missing value (null, undefined, NaN): `nan` in the column's width, so a table reads the same
 * whatever the spec. The `0` flag alone pads with spaces: `00000nan` would read as a number.
 */
function missing(spec: FormatSpec): string {
  const padding = spec.width - 3;
  if (padding <= 0) return 'nan';
  const fill = spec.fillSpecified ? spec.fill : ' ';
  const align = spec.align === '<' || spec.align === '^' ? spec.align : '>';
  if (align === '>') return repeatFill(fill, padding) + 'nan';
  if (align === '<') return 'nan' + repeatFill(fill, padding);
  const left = padding >> 1;
  return repeatFill(fill, left) + 'nan' + repeatFill(fill, padding - left);
}

/** The spec with only fill, alignment, sign, zero flag and width: valid for every number. */
function asGeneral(spec: FormatSpec): FormatSpec {
  return { ...spec, type: '', precision: -1, grouping: null, alternate: false };
}

function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  return formatWithSpec(value, GENERAL);
}

/** Prints a safe general form where Python raises, and says so once per spec and reason. */
function fallback(value: unknown, spec: FormatSpec, reason: string): string {
  let out: string;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    const general = asGeneral({ ...spec, noNegZero: false });
    out = formatWithSpec(typeof value === 'boolean' ? Number(value) : value, general);
  } else {
    const text = typeof value === 'string' ? value : safeString(value);
    out = padText(text, spec, '<', -1);
  }
  warnOnce(
    `${spec.source}|${reason}`,
    `format spec ${JSON.stringify(spec.source)}: ${reason} (Python would raise); printing ${JSON.stringify(out)} instead. Shown once per spec.`,
  );
  return out;
}

function safeString(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => plain(v)).join(', ')}]`;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
