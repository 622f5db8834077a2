/**
 * Parsing of Python's format-spec mini-language, following CPython's
 * `parse_internal_render_format_spec` (Python/formatter_unicode.c) step by step:
 *
 *   [[fill]align][sign]["z"]["#"]["0"][width][grouping]["." precision][type]
 *
 * plus our own type `frac` (a `[numerator, denominator]` pair printed `n/d`).
 */

export type Align = '<' | '>' | '=' | '^';

export interface FormatSpec {
  /** The text the spec was parsed from. */
  readonly source: string;
  /** One code point; `' '` unless given (or `'0'` through the zero flag). */
  readonly fill: string;
  readonly fillSpecified: boolean;
  /** `null` when not given: numbers then align right, strings left. */
  readonly align: Align | null;
  readonly sign: '+' | '-' | ' ' | null;
  /** `z`: print a negative zero (after rounding) without its sign. */
  readonly noNegZero: boolean;
  /** `#`: alternate form. */
  readonly alternate: boolean;
  /** The `0` flag was given (and no explicit fill). */
  readonly zeroFlag: boolean;
  /** -1 when not given. */
  readonly width: number;
  readonly grouping: ',' | '_' | null;
  /** -1 when not given. */
  readonly precision: number;
  /** `''` when not given; otherwise one of `bcdoxXneEfFgG%s` or `frac`. */
  readonly type: string;
}

export class FormatSpecError extends Error {
  constructor(
    readonly spec: string,
    reason: string,
  ) {
    super(`Invalid format spec ${JSON.stringify(spec)}: ${reason}`);
    this.name = 'FormatSpecError';
  }
}

const KNOWN_TYPES = 'bcdoxXneEfFgG%s';
const ALIGNS = '<>=^';

/** Parses a spec; throws FormatSpecError with the reason Python gives. */
export function parseFormatSpec(source: string): FormatSpec {
  let text = source;
  let frac = false;
  if (text.endsWith('frac')) {
    frac = true;
    text = text.slice(0, -4);
  }
  // Python reads the spec by code point, so a fill may be any character (even astral).
  const cp = Array.from(text);
  const end = cp.length;
  let pos = 0;
  let fill = ' ';
  let fillSpecified = false;
  let align: Align | null = null;
  if (end - pos >= 2 && ALIGNS.includes(cp[pos + 1]!)) {
    fill = cp[pos]!;
    align = cp[pos + 1] as Align;
    fillSpecified = true;
    pos += 2;
  } else if (end - pos >= 1 && ALIGNS.includes(cp[pos]!)) {
    align = cp[pos] as Align;
    pos += 1;
  }
  let sign: FormatSpec['sign'] = null;
  if (pos < end && (cp[pos] === '+' || cp[pos] === '-' || cp[pos] === ' ')) {
    sign = cp[pos] as '+' | '-' | ' ';
    pos += 1;
  }
  let noNegZero = false;
  if (pos < end && cp[pos] === 'z') {
    noNegZero = true;
    pos += 1;
  }
  let alternate = false;
  if (pos < end && cp[pos] === '#') {
    alternate = true;
    pos += 1;
  }
  let zeroFlag = false;
  if (!fillSpecified && pos < end && cp[pos] === '0') {
    zeroFlag = true;
    fill = '0';
    pos += 1;
  }
  let width = -1;
  const widthStart = pos;
  while (pos < end && isDigit(cp[pos]!)) pos += 1;
  if (pos > widthStart) width = Number(cp.slice(widthStart, pos).join(''));
  let grouping: FormatSpec['grouping'] = null;
  if (pos < end && cp[pos] === ',') {
    grouping = ',';
    pos += 1;
  }
  if (pos < end && cp[pos] === '_') {
    if (grouping !== null) throw new FormatSpecError(source, "Cannot specify both ',' and '_'.");
    grouping = '_';
    pos += 1;
  }
  if (pos < end && cp[pos] === ',' && grouping === '_') {
    throw new FormatSpecError(source, "Cannot specify both ',' and '_'.");
  }
  let precision = -1;
  if (pos < end && cp[pos] === '.') {
    pos += 1;
    const start = pos;
    while (pos < end && isDigit(cp[pos]!)) pos += 1;
    if (pos === start) throw new FormatSpecError(source, 'Format specifier missing precision');
    precision = Number(cp.slice(start, pos).join(''));
  }
  let type = '';
  if (end - pos > 1) throw new FormatSpecError(source, 'Invalid format specifier');
  if (end - pos === 1) {
    if (frac) throw new FormatSpecError(source, 'Invalid format specifier');
    type = cp[pos]!;
    if (!KNOWN_TYPES.includes(type)) throw new FormatSpecError(source, `Unknown format code '${type}'`);
  }
  if (frac) {
    type = 'frac';
    if (sign !== null || noNegZero || alternate || grouping !== null || precision >= 0 || align === '=') {
      throw new FormatSpecError(source, "'frac' takes only fill, alignment and width, e.g. '>7frac'");
    }
  }
  if (grouping !== null && !'defgEGF%'.includes(type || 'd')) {
    if (!(grouping === '_' && 'boxX'.includes(type))) {
      throw new FormatSpecError(source, `Cannot specify '${grouping}' with '${type}'.`);
    }
  }
  return {
    source,
    fill,
    fillSpecified,
    align,
    sign,
    noNegZero,
    alternate,
    zeroFlag,
    width,
    grouping,
    precision,
    type,
  };
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}
