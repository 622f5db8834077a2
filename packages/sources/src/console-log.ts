/**
 * A trainer's console output as a table: lines that print `key: value` pairs (`Epoch [003/300] - Train
 * Loss: 62.0, Valid Loss: 59.8`, `step:125/1750 val_loss:4.29 train_time:12ms`, `Episode 300 Avg:
 * -496.9`) or blocks of a two-column ASCII table (`| eval/return | 1.2 |` between dashed lines). Decided
 * from the lines alone: a line is a row when it holds two or more pairs, and rows are kept when they
 * open with the same key on at least three lines (prose, a script's source and banners are left out).
 */

/** A key (words, `/`, `.`, `_`, `-`), then `:`, `=` or spaces, then a number (`[003/300]`: its numerator). */
const PAIR =
  /(\p{L}[\p{L}\p{N}_./-]*(?: [\p{L}][\p{L}\p{N}_./-]*){0,2}?)\s*(?:[:=]\s*|\s+)\[?([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf))(?:\/\d+)?\]?(?:ms|s|%)?(?=[\s,;|)\]]|$)/gu;
const ROW = /^\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*$/;
const RULE = /^\s*-{4,}\s*$/;
const MIN_ROWS = 3;

export interface ConsoleTable {
  columns: Map<string, Float64Array>;
  /** The line each row was read from (1-based). */
  lines: number[];
}

/** The pairs of one line, in order. */
export function linePairs(line: string): [string, number][] {
  const pairs: [string, number][] = [];
  for (const match of line.matchAll(PAIR)) {
    const text = (match[2] as string).replace(/inf$/, 'Infinity');
    const value = /nan$/.test(text) ? Number.NaN : Number(text);
    pairs.push([(match[1] as string).trim(), value]);
  }
  return pairs;
}

/** The rows of a console log, or null when its lines print no repeated pairs. */
export function consoleTable(text: string): ConsoleTable | null {
  const lines = text.split(/\r?\n/);
  const records = asciiBlocks(lines) ?? pairLines(lines);
  if (records === null) return null;
  const names: string[] = [];
  for (const { pairs } of records) for (const [key] of pairs) if (!names.includes(key)) names.push(key);
  const columns = new Map(names.map((name) => [name, new Float64Array(records.length).fill(Number.NaN)]));
  records.forEach(({ pairs }, row) => {
    for (const [key, value] of pairs) (columns.get(key) as Float64Array)[row] = value;
  });
  return { columns, lines: records.map((r) => r.line) };
}

type Entry = { line: number; pairs: [string, number][] };

/** Lines of two or more pairs that open with the key most such lines open with. */
function pairLines(lines: string[]): Entry[] | null {
  const entries: Entry[] = [];
  lines.forEach((line, i) => {
    const pairs = linePairs(line);
    if (pairs.length >= 2) entries.push({ line: i + 1, pairs });
  });
  const opening = new Map<string, number>();
  for (const { pairs } of entries) {
    const key = pairs[0]?.[0] as string;
    opening.set(key, (opening.get(key) ?? 0) + 1);
  }
  const [first, count] = [...opening].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (first === undefined || (count ?? 0) < MIN_ROWS) return null;
  return entries.filter((e) => e.pairs[0]?.[0] === first);
}

/** `| key | value |` rows between dashed rules, a block a row (a logger's console dump). */
function asciiBlocks(lines: string[]): Entry[] | null {
  const blocks: Entry[] = [];
  let current: Entry | null = null;
  lines.forEach((line, i) => {
    const row = ROW.exec(line);
    const value = row ? Number(row[2]) : Number.NaN;
    if (row && row[1] !== '' && row[2] !== '' && !Number.isNaN(value)) {
      current ??= { line: i + 1, pairs: [] };
      current.pairs.push([row[1] as string, value]);
    } else if (RULE.test(line) || !row) {
      if (current && current.pairs.length >= 2) blocks.push(current);
      current = null;
    }
  });
  if (current !== null && (current as Entry).pairs.length >= 2) blocks.push(current);
  return blocks.length >= MIN_ROWS ? blocks : null;
}

/**
 * Where one training's rows end and the next's begin in a log of several pasted one after another: the
 * opening key going back to where its segment began (or below) starts a new run; a smaller step back is
 * a resumed run's restart, read as such. The row index each segment starts at.
 */
export function launches(table: ConsoleTable): number[] {
  const opening = table.columns.values().next().value as Float64Array | undefined;
  const starts = [0];
  if (!opening) return starts;
  let first = opening[0] as number;
  for (let row = 1; row < opening.length; row++) {
    const value = opening[row] as number;
    const previous = opening[row - 1] as number;
    // the same count again after lines that are no rows (a heading, a blank line) begins again too
    const apart = (table.lines[row] as number) - (table.lines[row - 1] as number) > 1;
    if (value <= first && (value < previous || (value === previous && apart))) {
      starts.push(row);
      first = value;
    }
  }
  return starts;
}

/** The rows from `from` to `to` of every column. */
export function rowsOf(table: ConsoleTable, from: number, to: number): Map<string, Float64Array> {
  return new Map([...table.columns].map(([name, column]) => [name, column.slice(from, to)] as const));
}
