/** A value a writer accepts for one cell. `null` and `undefined` write an empty (missing) cell. */
export type Cell = number | string | boolean | Date | null | undefined;

/**
 * How soon an appended row reaches the operating system: `buffered`, at least every 100 ms or 64 KiB and
 * on exit or a fatal signal; `line`, one O_APPEND `write()` per row (safe for several processes);
 * `fsync`, `line` then `fdatasync()` (survives a power loss).
 */
export type Durability = 'buffered' | 'line' | 'fsync';

/** One row as the readers return it: '' → null, true/false → boolean, numbers and nan/inf → number, else text. */
export type CsvRow = Record<string, number | string | boolean | null>;

/** What a reader saw but did not return. Line numbers are 1-based physical lines of the file. */
export interface ReadIssues {
  /** The last record, when it lacks its line end (a crash cut it short). Never returned as a row. */
  torn: { line: number; text: string } | null;
  /** Lines that were not returned, and why. */
  skipped: { line: number; reason: string }[];
}

export function emptyIssues(): ReadIssues {
  return { torn: null, skipped: [] };
}

const TORN_TEXT_MAX = 10_000;

/** A torn record as reported: its first TORN_TEXT_MAX characters. */
export const tornAt = (line: number, text: string): ReadIssues['torn'] => ({
  line,
  text: text.length > TORN_TEXT_MAX ? `${text.slice(0, TORN_TEXT_MAX)}…` : text,
});
