/**
 * The small, strict parsers behind every variable. They never throw: they return what was read or
 * what would have been allowed, so a caller can collect every problem before reporting them at once.
 */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; expected: string };

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

export const BOOLEAN_EXPECTED = 'a boolean: 1/true/yes/on or 0/false/no/off (any case)';

/**
 * Spaces around a value (`" 5 "`, a stray space in a .env or a YAML block) are refused, not trimmed:
 * the value someone meant to set is then said back to them rather than read as a guess.
 */
const padded = (text: string): boolean => text !== text.trim();
const UNPADDED = ', with no spaces around it';

/** `1/true/yes/on` → true, `0/false/no/off` → false, in any case; spaces around it are refused. */
export function parseBoolean(text: string): ParseResult<boolean> {
  if (padded(text)) return { ok: false, expected: `${BOOLEAN_EXPECTED}${UNPADDED}` };
  const word = text.toLowerCase();
  if (TRUE_WORDS.has(word)) return { ok: true, value: true };
  if (FALSE_WORDS.has(word)) return { ok: true, value: false };
  return { ok: false, expected: BOOLEAN_EXPECTED };
}

export interface IntegerRange {
  /** smallest allowed value (default 0; digits only, so never below 0) */
  min?: number;
  /** largest allowed value (default Number.MAX_SAFE_INTEGER) */
  max?: number;
}

// ASCII digits only: rejects signs, exponents, decimals, hex, separators and non-ASCII digits, all of
// which Number() or parseInt() would accept in part and silently reinterpret.
const DIGITS = /^[0-9]+$/;

/** Describes an integer range the way error messages say it. */
export function describeIntegerRange({ min = 0, max = Number.MAX_SAFE_INTEGER }: IntegerRange = {}): string {
  if (max >= Number.MAX_SAFE_INTEGER) return `an integer >= ${min} (digits only)`;
  return `an integer from ${min} to ${max} (digits only)`;
}

/** Digits only (spaces around them refused), within `min..max` inclusive. */
export function parseInteger(text: string, range: IntegerRange = {}): ParseResult<number> {
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = range;
  if (padded(text)) return { ok: false, expected: `${describeIntegerRange(range)}${UNPADDED}` };
  const digits = text;
  if (DIGITS.test(digits)) {
    const value = Number(digits);
    if (Number.isSafeInteger(value) && value >= min && value <= max) return { ok: true, value };
  }
  return { ok: false, expected: describeIntegerRange(range) };
}

export const EPISODE_LIST_EXPECTED = 'comma-separated episode indices, digits only, e.g. 0,10,50';

/**
 * `0, 10,50` → [0, 10, 50]: non-negative integers separated by commas (spaces after a comma allowed,
 * not around the whole list), duplicates removed, sorted ascending. An empty text is the empty list.
 * Empty items (`0,,10` or a trailing comma) are errors: they usually mean a value went missing.
 */
export function parseEpisodeList(text: string): ParseResult<number[]> {
  if (text.trim() === '') return { ok: true, value: [] };
  if (padded(text)) return { ok: false, expected: `${EPISODE_LIST_EXPECTED}${UNPADDED}` };
  const episodes = new Set<number>();
  for (const item of text.split(',')) {
    const episode = parseInteger(item.trim());
    if (!episode.ok) return { ok: false, expected: EPISODE_LIST_EXPECTED };
    episodes.add(episode.value);
  }
  return { ok: true, value: [...episodes].sort((a, b) => a - b) };
}

export const PATH_EXPECTED = 'a path without NUL characters';

/** A folder path, used verbatim (never trimmed: spaces may be part of a name). */
export function parsePath(text: string): ParseResult<string> {
  if (text.includes('\0')) return { ok: false, expected: PATH_EXPECTED };
  return { ok: true, value: text };
}
